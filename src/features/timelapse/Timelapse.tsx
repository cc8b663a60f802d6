import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { MaxCloudSelect } from '../../ui/fields/MaxCloudSelect.tsx';
import { ExportVideo } from './ExportVideo.tsx';
import { foldedFrames } from './change-fold.ts';
import { captureDate } from './frame-caption.ts';
import { frameImagery, frameRaster, frameTiles } from './frame-imagery.ts';
import { type TimelapseFrame, timelapseFrames } from './timelapse-frames.ts';
import { changeFoldQueryOptions, timelapseQueryOptions } from './timelapse-queries.ts';
import { FRAME_DURATIONS, frameAdvanced, timelapseStore, useTimelapse } from './timelapse-store.ts';
import { timelapseView } from './timelapse-view.ts';

const seconds = (ms: number) => `${ms / 1000} s`;
const NO_FRAMES: TimelapseFrame[] = [];
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The view the frames are made of: the map's, taken again each time it comes to rest. */
function useViewOfMap(surveyMap: SurveyMap) {
  const read = () => timelapseView(surveyMap.camera.getBounds(), surveyMap.camera.getZoom());
  const [view, setView] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read follows surveyMap
  useEffect(() => surveyMap.camera.onViewChange(() => setView(read()), { settled: true }), [surveyMap]);
  return view;
}

/** Space plays or pauses, ← → step, Home/End go to the oldest/newest; the slider and menus keep their own keys. */
const STEP_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (i) => Math.max(0, i - 1),
  ArrowRight: (i, n) => Math.min(n - 1, i + 1),
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The timelapse of the view, while it is open (the app shell loads it then): the captures with imagery in it, oldest
 * first, drawn one at a time from the service's tiles with the camera held still; play/pause, step, a slider, speed,
 * a cloud limit, and the video export.
 */
export function Timelapse({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const { index, playing, frameMs, maxCloud, onlyChanged, exportOpen } = useTimelapse((s) => s);
  const actions = timelapseStore.getState();
  const where = useViewOfMap(surveyMap);
  const view = where.kind === 'view' ? where.view : null;
  const query = useQuery({ ...timelapseQueryOptions(connection, view), placeholderData: (previous) => previous });
  const made = useMemo(() => (query.data ? timelapseFrames(query.data, maxCloud) : null), [query.data, maxCloud]);
  const everyFrame = made?.frames ?? NO_FRAMES;
  const fold = useQuery(
    changeFoldQueryOptions(
      connection,
      everyFrame,
      view?.centre ?? [0, 0],
      onlyChanged && view !== null && !query.isPlaceholderData,
    ),
  );
  const byChange = useMemo(
    () => (onlyChanged && fold.data ? foldedFrames(everyFrame, fold.data) : null),
    [onlyChanged, fold.data, everyFrame],
  );
  const frames = byChange ?? everyFrame;
  const unchangedCount = byChange ? everyFrame.length - byChange.length : 0;
  const count = frames.length;
  const shown = count > 0 ? Math.min(index, count - 1) : -1;
  const frame = shown >= 0 ? frames[shown] : null;
  const tiles = useMemo(() => (frame ? frameTiles(connection, frame) : null), [connection, frame]);
  const slot = useMemo(() => surveyMap.imagery(frameImagery(connection)), [surveyMap, connection]);

  const shownId = view && frame ? frame.survey.id : null;
  useEffect(() => slot.show(view && tiles ? frameRaster(tiles) : null), [slot, tiles, view]);
  useEffect(() => timelapseStore.getState().frameShown(shownId), [shownId]);
  useEffect(
    () => () => {
      slot.show(null);
      timelapseStore.getState().frameShown(null);
    },
    [slot],
  );

  // Playing: the next frame once this one is drawn and has shown for its time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each frame shown (`shown`) starts its own wait
  useEffect(() => {
    if (!playing || count < 2) return;
    let timer = 0;
    let stopped = false;
    void surveyMap.camera.whenDrawn().then(() => {
      if (!stopped) timer = window.setTimeout(() => frameAdvanced(count), frameMs);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [surveyMap, playing, shown, count, frameMs]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('.timelapse__export') || ['SELECT', 'INPUT'].includes(target.tagName)) return;
    if (event.key === ' ' && target.tagName !== 'BUTTON') {
      event.preventDefault();
      actions.playToggled();
      return;
    }
    const step = STEP_KEYS[event.key];
    if (!step || count === 0) return;
    event.preventDefault();
    actions.frameChosen(step(shown, count));
  };

  const foldedCount = everyFrame.reduce((n, f) => n + f.folded.length, 0);
  const cloudyCount = made?.cloudy.length ?? 0;
  const scoring = onlyChanged && everyFrame.length > 1 && fold.isFetching;
  const notes = [
    foldedCount > 0 ? `${plural(foldedCount, 'capture')} folded in: no tile in view changed` : null,
    byChange && unchangedCount > 0 ? `${plural(unchangedCount, 'capture')} folded in: this place did not change` : null,
    byChange && unchangedCount === 0 ? 'Each capture shows a change at this place' : null,
    scoring ? 'Comparing the captures at the middle of the view…' : null,
    cloudyCount > 0 ? `${plural(cloudyCount, 'survey')} over the cloud limit left out` : null,
  ].filter(Boolean);

  return (
    <section className="timelapse" aria-label="Timelapse" onKeyDown={onKeyDown}>
      <header className="timelapse__head">
        <h2 className="timelapse__title">Timelapse</h2>
        <span className="timelapse__count" role="status" aria-live={playing ? 'off' : 'polite'}>
          {count > 0 ? `${shown + 1} of ${plural(count, 'capture')}` : ''}
        </span>
        <button
          type="button"
          className="button button--link timelapse__close"
          onClick={() => actions.timelapseClosed()}
          aria-label="Close timelapse"
        >
          ×
        </button>
      </header>
      {where.kind === 'too-far' && (
        <p className="timelapse__note">
          Zoom in to make a timelapse: imagery tiles start at zoom 14 (the map draws zoom {where.tileZoom} here).
        </p>
      )}
      {view && query.isPending && <p className="timelapse__note">Looking for captures in view…</p>}
      {view && query.isError && (
        <ErrorNotice
          compact
          title="Captures for the timelapse"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {view && made && count === 0 && (
        <p className="timelapse__note">No capture has imagery in view{cloudyCount ? ' within the cloud limit' : ''}.</p>
      )}
      {frame && (
        <>
          <p className="timelapse__caption" data-testid="timelapse-caption">
            <strong>{frame.survey.id}</strong> captured {captureDate(frame.survey)}
            {frame.folded.length > 0 && (
              <span className="timelapse__folded"> (also {frame.folded.map((s) => s.id).join(', ')})</span>
            )}
          </p>
          <div className="timelapse__controls">
            <button
              type="button"
              className="button button--small"
              aria-label="Previous capture"
              onClick={() => actions.frameChosen(Math.max(0, shown - 1))}
            >
              ◀
            </button>
            <button
              type="button"
              className="button button--small timelapse__play"
              onClick={() => actions.playToggled()}
              disabled={count < 2}
              aria-keyshortcuts="Space"
            >
              {playing ? 'Pause' : 'Play'}
            </button>
            <button
              type="button"
              className="button button--small"
              aria-label="Next capture"
              onClick={() => actions.frameChosen(Math.min(count - 1, shown + 1))}
            >
              ▶
            </button>
            <input
              type="range"
              className="timelapse__slider"
              min={1}
              max={count}
              value={shown + 1}
              aria-label="Capture"
              aria-valuetext={`${shown + 1} of ${count}: ${frame.survey.id}, ${captureDate(frame.survey)}`}
              onChange={(e) => actions.frameChosen(Number(e.target.value) - 1)}
            />
            <label className="timelapse__field">
              <span className="visually-hidden">Speed: each capture shows for</span>
              <select value={frameMs} onChange={(e) => actions.speedChosen(Number(e.target.value))}>
                {FRAME_DURATIONS.map((ms) => (
                  <option key={ms} value={ms}>
                    {seconds(ms)} a capture
                  </option>
                ))}
              </select>
            </label>
          </div>
        </>
      )}
      {view && (
        <div className="timelapse__options">
          <MaxCloudSelect
            className="timelapse__field"
            label="Leave out surveys cloudier than"
            value={maxCloud}
            onChange={(percent) => actions.cloudLimitChosen(percent)}
          />
          <label className="timelapse__field timelapse__only-changed">
            <input
              type="checkbox"
              checked={onlyChanged}
              onChange={(event) => actions.onlyChangedChosen(event.target.checked)}
            />{' '}
            Only <span className="timelapse__long">captures where this place </span>changed
          </label>
          {notes.length > 0 && (
            <span className="timelapse__note" data-testid="timelapse-notes" title={notes.join(' · ')}>
              {notes.join(' · ')}
            </span>
          )}
          <button
            type="button"
            className="button button--small timelapse__export-toggle"
            aria-expanded={exportOpen}
            onClick={() => actions.exportToggled(!exportOpen)}
            disabled={count === 0}
          >
            Export video
          </button>
        </div>
      )}
      {onlyChanged && fold.isError && (
        <ErrorNotice
          compact
          title="Comparing the captures at this place"
          error={fold.error}
          onRetry={() => void fold.refetch()}
        />
      )}
      {exportOpen && count > 0 && (
        <ExportVideo connection={connection} surveyMap={surveyMap} frames={frames} frameMs={frameMs} />
      )}
    </section>
  );
}
