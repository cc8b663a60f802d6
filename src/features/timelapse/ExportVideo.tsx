import { useEffect, useRef, useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import type { FrameRenderer } from '../../map/map-render.ts';
import { saveBlob } from '../../ui/save-file.ts';
import { fileStamp } from '../../format/date-format.ts';
import { metresPerPixel } from './frame-caption.ts';
import type { TimelapseFrame } from './timelapse-frames.ts';
import { FRAME_DURATIONS } from './timelapse-store.ts';
import { frameImagery, frameTiles } from './frame-imagery.ts';
import { VIDEO_SIZES, type VideoSizeChoice, videoSize } from './video-size.ts';
import { VideoFrameOutline } from './VideoFrameOutline.tsx';

type Format = 'webm' | 'mp4' | 'gif';
type Codecs = { webm: string | null; mp4: string | null };

/** The export's code (mediabunny, gifenc), loaded on first use. */
const loadExport = () => import('./video-export.ts');

/** Overlays a video leaves out: it shows imagery, with the user's own marks (area, notes, measurement) kept. */
interface Run {
  done: number;
  total: number;
  startedAt: number;
  controller: AbortController;
}

function eta({ done, total, startedAt }: Run): string {
  if (done === 0) return '';
  const left = Math.round((((performance.now() - startedAt) / done) * (total - done)) / 1000);
  return left > 0 ? ` · about ${left} s left` : '';
}

/**
 * Export video: the frames drawn again off-screen from the tiles at the chosen size, captioned (survey, capture date),
 * with the sources' attribution and optionally a title and scale bar, encoded as WebM (VP9), MP4 or GIF as they are
 * drawn; progress with an ETA, and Cancel.
 */
export function ExportVideo({
  connection,
  surveyMap,
  frames,
  frameMs: playerFrameMs,
}: {
  connection: Connection;
  surveyMap: SurveyMap;
  frames: readonly TimelapseFrame[];
  frameMs: number;
}) {
  const [format, setFormat] = useState<Format>('webm');
  const [size, setSize] = useState<VideoSizeChoice>('720p');
  const [frameMs, setFrameMs] = useState(playerFrameMs);
  const [title, setTitle] = useState('');
  const [scaleBar, setScaleBar] = useState(false);
  const [codecs, setCodecs] = useState<Codecs | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    void loadExport()
      .then(async ({ videoCodecs, codecName }) => {
        const found = await videoCodecs({ width: 1280, height: 720 });
        if (live)
          setCodecs({
            webm: found.webm && codecName(found.webm),
            mp4: found.mp4 && codecName(found.mp4),
          });
      })
      .catch(() => live && setCodecs({ webm: null, mp4: null }));
    return () => {
      live = false;
      running.current?.abort();
    };
  }, []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    const container = surveyMap.camera.container();
    const chosen = videoSize(size, { width: container.clientWidth, height: container.clientHeight });
    const total = frames.length;
    setMessage(null);
    setRun({ done: 0, total, startedAt: performance.now(), controller });
    let renderer: FrameRenderer | null = null;
    try {
      const { exportVideo } = await loadExport();
      renderer = await surveyMap.render.frames(frameImagery(connection), {
        pixelRatio: chosen.pixelRatio,
        size: chosen.css,
        print: { onlyOwnMarks: true },
      });
      const [, latitude] = surveyMap.camera.getCenter();
      const file = await exportVideo({
        format,
        frames: frames.map((frame) => ({ survey: frame.survey, tiles: frameTiles(connection, frame) })),
        renderer,
        width: chosen.width,
        height: chosen.height,
        frameMs,
        text: {
          title: title.trim(),
          metresPerPixel: scaleBar
            ? metresPerPixel(surveyMap.camera.getZoom(), latitude, chosen.width / chosen.css.width)
            : null,
        },
        signal: controller.signal,
        onFrame: (done) => setRun((r) => r && { ...r, done }),
      });
      saveBlob(`timelapse-${fileStamp(new Date())}.${file.extension}`, file.blob);
      const missing = file.incomplete.length ? ` Tiles missing after a retry in: ${file.incomplete.join(', ')}.` : '';
      setMessage({ error: missing !== '', text: `Saved ${total} frames (${file.codec}).${missing}` });
    } catch (error) {
      const cancelled = (error as Error).name === 'AbortError';
      setMessage({
        error: !cancelled,
        text: cancelled ? 'Export cancelled.' : `Not exported: ${(error as Error).message}`,
      });
    } finally {
      renderer?.remove();
      running.current = null;
      setRun(null);
    }
  };

  const formatLabel = (value: Format) =>
    value === 'gif'
      ? 'GIF'
      : value === 'webm'
        ? `WebM (${codecs?.webm ?? 'VP9'})`
        : `MP4${codecs?.mp4 ? ` (${codecs.mp4})` : ''}`;
  const unavailable = (value: Format) => value !== 'gif' && codecs !== null && codecs[value] === null;

  return (
    <section className="timelapse__export" aria-label="Export video">
      <fieldset className="timelapse__formats" disabled={run !== null}>
        <legend>Format</legend>
        {(['webm', 'mp4', 'gif'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="timelapse-format"
              value={value}
              checked={format === value}
              disabled={unavailable(value)}
              onChange={() => setFormat(value)}
            />
            {formatLabel(value)}
          </label>
        ))}
      </fieldset>
      <div className="timelapse__export-fields">
        <label>
          Size{' '}
          <select value={size} onChange={(e) => setSize(e.target.value as VideoSizeChoice)} disabled={run !== null}>
            {(Object.keys(VIDEO_SIZES) as VideoSizeChoice[]).map((choice) => (
              <option key={choice} value={choice}>
                {VIDEO_SIZES[choice]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Frame duration{' '}
          <select value={frameMs} onChange={(e) => setFrameMs(Number(e.target.value))} disabled={run !== null}>
            {FRAME_DURATIONS.map((ms) => (
              <option key={ms} value={ms}>
                {ms / 1000} s
              </option>
            ))}
          </select>
        </label>
        <label>
          Title{' '}
          <input
            type="text"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="Optional"
            disabled={run !== null}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={scaleBar}
            onChange={(e) => setScaleBar(e.target.checked)}
            disabled={run !== null}
          />{' '}
          Scale bar
        </label>
      </div>
      <p className="timelapse__note" data-testid="video-extent">
        {size === 'map'
          ? 'The video shows the whole map, as on screen.'
          : 'The video shows the part of the map inside the dashed frame: the largest 16:9 box the map on screen ' +
            'holds.'}{' '}
        Each frame is captioned with its survey and capture date and carries the sources' attribution; every tile drawn
        counts as a request.
      </p>
      {size !== 'map' && <VideoFrameOutline surveyMap={surveyMap} size={size} />}
      {run ? (
        <div className="timelapse__progress">
          <progress value={run.done} max={run.total} aria-label="Export progress" />
          <span role="status">
            Frame {Math.min(run.done + 1, run.total)} of {run.total}
            {eta(run)}
          </span>
          <button type="button" className="button button--small" onClick={() => run.controller.abort()}>
            Cancel export
          </button>
        </div>
      ) : (
        <button type="button" className="button button--small button--primary" onClick={() => void start()}>
          Export {frames.length} frames
        </button>
      )}
      {message && (
        <p
          className={message.error ? 'timelapse__message timelapse__message--error' : 'timelapse__message'}
          role="status"
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
