import { useEffect, useId, useMemo, useState } from 'react';
import { Field } from '../../ui/fields/Field.tsx';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { extentCentre, extentOf } from '../../../core/geo/geometry.ts';
import {
  defaultZoomFor,
  EXPORT_MAX_ZOOM,
  EXPORT_MIN_ZOOM,
  EXPORT_TILE_CAP,
  isPlan,
  type ExportCompression,
} from './export-plan.ts';
import { defaultExportZoom, exportTileCount } from './export-zoom.ts';
import type { ExportFiles } from './export-files.ts';
import { exportFileNames } from './file-names.ts';
import { rankSurveys, type SourceSurvey, type TileSelection } from './tile-selection.ts';
import { useSelection } from '../../state/selection-store.ts';
import type { CoverageAnswer } from '../coverage/index.ts';
import { surveyTilesQueryOptions } from '../../catalog/coverage-queries.ts';
import { formatBytes, formatCount } from '../../format/coverage-format.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { saveBlob } from '../../ui/save-file.ts';
import { blockedText, type DownloadState, refusalText } from './export-dialog-text.ts';
import { cancelExport, prepareExportWorkers, startExport, zipExportFiles } from './export-worker-client.ts';
import { exportChoice, exportPlanQueryOptions, type ExportPlanRequest } from './geotiff-export-queries.ts';
import { geotiffExportStore, useGeoTiffExport, type ExportRun } from './geotiff-export-store.ts';
import type { ExportProgress } from './export-run.ts';
import { ImageryChoice } from './ImageryChoice.tsx';
import { PlanSummary } from './PlanSummary.tsx';

const ZOOMS = Array.from({ length: EXPORT_MAX_ZOOM - EXPORT_MIN_ZOOM + 1 }, (_, i) => EXPORT_MIN_ZOOM + i);
/** The finest zoom to try when the imagery publishes no resolution class. */
const FALLBACK_ZOOM = 16;

const COMPRESSIONS: { value: ExportCompression; label: string }[] = [
  { value: 'jpeg', label: "JPEG: the service's own tiles, byte for byte, with a mask (smaller, faster)" },
  { value: 'deflate', label: 'Lossless (DEFLATE): every pixel as decoded, with an alpha band (about 4× larger)' },
];

const IDLE: ExportRun = { status: 'idle' };

const safeName = (text: string) => text.replace(/[^\w.-]+/g, '_');
const close = () => geotiffExportStore.getState().dialogClosed();

/** "Download GeoTIFF": what and at which zoom, what it will cost, then the export's progress and its files. */
export default function GeoTiffExportDialog({
  connection,
  coverage,
}: {
  connection: Connection;
  coverage: CoverageAnswer;
}) {
  const titleId = useId();
  const zoomHintId = useId();
  const blockedId = useId();
  const { area, search, summary } = coverage;
  const selectedId = useSelection((s) => s.selectedId);
  const source = useGeoTiffExport((s) => s.source);
  const rule = useGeoTiffExport((s) => s.rule);
  const maxCloudCover = useGeoTiffExport((s) => s.maxCloudCover);
  const chosenZoom = useGeoTiffExport((s) => s.zoom);
  const compression = useGeoTiffExport((s) => s.compression);
  const run = useGeoTiffExport((s) => s.run);
  const running = run.status === 'running';

  const results = summary?.results ?? [];
  const selected = results.find((r) => r.id === selectedId) ?? null;
  const candidates = useMemo(
    () =>
      source === 'selected'
        ? selected
          ? [selected]
          : []
        : (summary?.results ?? []).filter((r) => r.percentCovered > 0),
    [source, selected, summary],
  );
  const sources = useMemo(
    () =>
      candidates.map(
        (r): SourceSurvey => ({
          surveyId: r.id,
          captureStart: r.captureStart,
          captureEnd: r.captureEnd,
          cloudCover: r.cloudCover,
        }),
      ),
    [candidates],
  );
  const selection: TileSelection = useMemo(
    () => (source === 'selected' ? { rule: 'selected-survey', maxCloudCover: null } : { rule, maxCloudCover }),
    [source, rule, maxCloudCover],
  );
  const ranked = rankSurveys(sources, selection);
  const primary = ranked.used[0] ?? ranked.leftOut[0] ?? null;
  const [, latitude] = area ? extentCentre(extentOf(area.geometry)) : [0, 0];

  // The finest zoom comes from the resolution class in the first survey's tile metadata (a small z14 answer).
  const probe = useQuery(
    surveyTilesQueryOptions(
      connection,
      { surveyId: primary?.surveyId ?? '', wkt: area?.wkt ?? '', zoom: EXPORT_MIN_ZOOM },
      primary !== null && area !== null && chosenZoom === null,
    ),
  );
  const resolutionClass = probe.data?.find((t) => t.resolution)?.resolution ?? null;
  const resolutionZoom = defaultZoomFor(resolutionClass, latitude);
  const finest = resolutionZoom ?? FALLBACK_ZOOM;
  const zoomKnown =
    chosenZoom !== null || resolutionZoom !== null || probe.isError || (probe.isSuccess && !resolutionClass);

  // The tiles every candidate lists in the area (the service's own walk, client-side): refused before anything is
  // listed when over the cap; the dialog opens at the finest zoom within it.
  const footprints = useMemo(() => candidates.map((r) => r.footprint), [candidates]);
  const opening = useMemo(
    () =>
      area && zoomKnown && chosenZoom === null
        ? defaultExportZoom(finest, (z) => exportTileCount(area.geometry, footprints, z))
        : null,
    [area, zoomKnown, chosenZoom, finest, footprints],
  );
  const zoom = chosenZoom ?? opening?.zoom ?? finest;
  const count = useMemo(
    () =>
      opening?.zoom === zoom
        ? opening.count
        : area
          ? exportTileCount(area.geometry, footprints, zoom)
          : { count: 0, overCap: false },
    [opening, zoom, area, footprints],
  );
  const overCap = count.overCap;

  const request: ExportPlanRequest | null =
    area && sources.length > 0 && zoomKnown && !overCap && !running
      ? { sources, selection, wkt: area.wkt, zoom }
      : null;
  const planQuery = useQuery(exportPlanQueryOptions(connection, request));
  const answer = request ? planQuery.data : undefined;
  const plan = answer && isPlan(answer) ? answer : null;
  const choice = request ? exportChoice(request, compression) : null;
  // A finished (failed, cancelled) export is shown only for the choice it was made of: another choice has its plan.
  const shownRun: ExportRun = run.status === 'running' || (run.status !== 'idle' && run.choice === choice) ? run : IDLE;
  const name = safeName(`${source === 'selected' && selected ? selected.id : 'best-available'}-z${zoom}`);

  const downloadState: DownloadState =
    sources.length === 0
      ? { kind: 'no-imagery' }
      : !zoomKnown
        ? { kind: 'reading-resolution' }
        : overCap
          ? { kind: 'over-cap', zoom }
          : planQuery.isError
            ? { kind: 'list-failed' }
            : answer && !isPlan(answer)
              ? { kind: 'refused', refusal: answer }
              : plan
                ? { kind: 'ready' }
                : { kind: 'listing', zoom };
  const blocked = blockedText(downloadState);

  useEffect(prepareExportWorkers, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !running) close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running]);

  const download = () => {
    if (!plan || !area || !choice) return;
    const used = new Set(plan.surveys.map((s) => s.surveyId));
    const footprintsUsed = Object.fromEntries(candidates.filter((s) => used.has(s.id)).map((s) => [s.id, s.footprint]));
    startExport(connection, { area: area.geometry, plan, compression, footprints: footprintsUsed, name }, choice);
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog closes it; Escape and Close too
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !running && close()}>
      <div className="dialog geotiff-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="dialog__title">
          Download GeoTIFF
        </h2>
        <p className="dialog__subtitle">
          A Cloud Optimized GeoTIFF of the area in Web Mercator (EPSG:3857), masked outside it, with a GeoJSON of the
          survey and capture behind each tile and a STAC Item describing the file.
        </p>

        <ImageryChoice
          selected={selected}
          results={results.length}
          inDateRange={Boolean(search?.observedStart || search?.observedEnd)}
          disabled={running}
        />

        <div className="geotiff-dialog__zoom">
          <Field label="Zoom" inline describedBy={zoomHintId}>
            {(control) => (
              <select
                {...control}
                className="field__input field__input--select"
                value={zoom}
                disabled={running}
                onChange={(e) => geotiffExportStore.getState().zoomChosen(Number(e.target.value))}
              >
                {ZOOMS.map((z) => (
                  <option key={z} value={z}>
                    z{z}
                    {z === resolutionZoom ? ` (imagery's ${resolutionClass})` : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <p id={zoomHintId} className="field__hint">
            {zoomHint(opening, resolutionZoom, resolutionClass, chosenZoom !== null)}
          </p>
        </div>

        <fieldset className="geotiff-dialog__choice" disabled={running}>
          <legend className="field__label">Compression</legend>
          {COMPRESSIONS.map(({ value, label }) => (
            <label key={value} className="checkbox">
              <input
                type="radio"
                name="geotiff-compression"
                checked={compression === value}
                onChange={() => geotiffExportStore.getState().compressionChosen(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>

        {overCap && (
          <p className="notice notice--warning" role="alert">
            {refusalText({ kind: 'overCap', count }, zoom)}
          </p>
        )}
        {request && planQuery.isFetching && (
          <p className="panel-section__empty" role="status">
            <span className="spinner-text">Listing the tiles at z{zoom}…</span>
          </p>
        )}
        {request && planQuery.isError && (
          <ErrorNotice
            title="Could not list the tiles"
            error={planQuery.error}
            onRetry={() => void planQuery.refetch()}
            compact
          />
        )}
        {answer && !isPlan(answer) && (
          <p className="notice notice--warning" role="alert">
            {refusalText(answer, zoom)}
          </p>
        )}
        {plan && <PlanSummary plan={plan} compression={compression} sources={sources} />}

        <RunStatus run={shownRun} />

        <div className="dialog__actions">
          {!running && blocked && (
            <p id={blockedId} className="geotiff-dialog__blocked">
              {blocked}
            </p>
          )}
          {running ? (
            <button type="button" className="button" onClick={cancelExport}>
              Cancel export
            </button>
          ) : (
            <button type="button" className="button" onClick={close}>
              Close
            </button>
          )}
          {!running && (
            <button
              type="button"
              className="button button--primary"
              disabled={!plan}
              aria-describedby={blocked ? blockedId : undefined}
              onClick={download}
            >
              {shownRun.status === 'idle' ? 'Download' : 'Download again'}
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** Why the dialog opened at its zoom. */
function zoomHint(
  opening: ReturnType<typeof defaultExportZoom> | null,
  resolutionZoom: number | null,
  resolutionClass: string | null,
  chosen: boolean,
): string {
  const suits =
    resolutionZoom === null
      ? `The imagery publishes no resolution class; z${FALLBACK_ZOOM} is the finest tried.`
      : `The imagery's ${resolutionClass} suits z${resolutionZoom}: finer tiles would only upsample it.`;
  if (chosen || !opening) return suits;
  const cap = formatCount(EXPORT_TILE_CAP);
  if (opening.count.overCap) return `${suits} Even z${opening.zoom}, the coarsest, holds more than ${cap} tiles here.`;
  const finest = resolutionZoom ?? FALLBACK_ZOOM;
  return opening.zoom < finest
    ? `${suits} Opened at z${opening.zoom}, the finest within the ${cap}-tile cap (z${opening.zoom + 1} holds more).`
    : suits;
}

/** Past a twentieth of the tiles, the file's size as the tiles so far weigh: " of about 6.2 MB". */
const sizeSoFar = ({ done, total, bytes }: ExportProgress) =>
  done >= total / 20 && done < total ? ` of about ${formatBytes(Math.round((bytes / done) * total))}` : '';

function RunStatus({ run }: { run: ExportRun }) {
  if (run.status === 'running') {
    const { progress } = run;
    const { done, total } = progress;
    const elapsed = (performance.now() - run.startedAt) / 1000;
    const eta = done > 0 && total > done ? Math.round((elapsed / done) * (total - done)) : null;
    return (
      <div className="tiles-progress" role="status" aria-live="polite">
        <progress aria-label="Export progress" max={total || undefined} value={total ? done : undefined} />
        <span data-testid="geotiff-progress">
          {formatCount(done)} of {formatCount(total)} tiles
          {progress.bytes > 0 ? ` · ${formatBytes(progress.bytes)}${sizeSoFar(progress)}` : ''}
          {eta !== null ? ` · about ${eta < 60 ? `${eta} s` : `${Math.ceil(eta / 60)} min`} left` : ''}
          {progress.failed > 0 ? ` · ${progress.failed} failed so far` : ''}
        </span>
      </div>
    );
  }
  if (run.status === 'failed') return <ErrorNotice title="The export failed" error={new Error(run.message)} compact />;
  if (run.status === 'cancelled')
    return (
      <p className="panel-section__empty" role="status">
        Export cancelled. Nothing was saved.
      </p>
    );
  if (run.status !== 'done') return null;
  const { files, seconds } = run;
  return (
    <div className="geotiff-dialog__done" role="status">
      <p>
        Saved <strong>{exportFileNames(files.name).tiff}</strong> ({formatBytes(files.tiff.size)},{' '}
        {formatCount(files.exported)} tiles
        {files.noImagery > 0 ? `, ${formatCount(files.noImagery)} without imagery` : ''}
        {files.overCloudLimit > 0 ? `, ${formatCount(files.overCloudLimit)} left empty by the cloud limit` : ''} in{' '}
        {seconds.toFixed(0)} s).
      </p>
      <SaveFiles files={files} />
      {files.failed.length > 0 && (
        <div className="error-notice error-notice--compact" role="alert">
          <div className="error-notice__title">
            {formatCount(files.failed.length)} {files.failed.length === 1 ? 'tile' : 'tiles'} failed after retries
          </div>
          <p className="error-notice__message">
            They are left empty (no data) in the file and marked "failed" in the provenance GeoJSON. Download again to
            retry.
          </p>
          <ul className="geotiff-dialog__failures">
            {files.failed.slice(0, 20).map(({ key, surveyId, outcome }) => (
              <li key={key}>
                {surveyId} {key}: {outcome.httpStatus === 0 ? 'no response' : `HTTP ${outcome.httpStatus}`} —{' '}
                {outcome.message}
                {outcome.correlationId && (
                  <>
                    {' '}
                    (correlation id <code>{outcome.correlationId}</code>)
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Each file again, or the three in one ZIP (made on demand, off the page). */
function SaveFiles({ files }: { files: ExportFiles }) {
  const names = exportFileNames(files.name);
  const [zip, setZip] = useState<{ status: 'idle' | 'zipping' } | { status: 'failed'; error: Error }>({
    status: 'idle',
  });
  const saveZip = async () => {
    setZip({ status: 'zipping' });
    try {
      saveBlob(names.zip, await zipExportFiles(files));
      setZip({ status: 'idle' });
    } catch (error) {
      setZip({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
    }
  };
  return (
    <>
      <div className="button-row">
        <button type="button" className="button button--small" onClick={() => saveBlob(names.tiff, files.tiff)}>
          Save GeoTIFF
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => saveBlob(names.provenance, files.provenance)}
        >
          Save provenance GeoJSON
        </button>
        <button type="button" className="button button--small" onClick={() => saveBlob(names.stac, files.stac)}>
          Save STAC Item
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={zip.status === 'zipping'}
          title="The GeoTIFF, its provenance and its STAC Item side by side"
          onClick={() => void saveZip()}
        >
          {zip.status === 'zipping' ? 'Zipping…' : 'Save all as ZIP'}
        </button>
      </div>
      {zip.status === 'failed' && (
        <ErrorNotice title="Could not make the ZIP" error={zip.error} onRetry={() => void saveZip()} compact />
      )}
    </>
  );
}
