import { useEffect, useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { surveyTileCount, tilesCovering } from '../../../geo/covered-tiles.ts';
import { extentCentre, extentOf } from '../../../geo/geometry.ts';
import {
  defaultZoomFor,
  EXPORT_GRID_CAP,
  EXPORT_MAX_ZOOM,
  EXPORT_MIN_ZOOM,
  EXPORT_TILE_CAP,
  estimatedBytes,
  isPlan,
  type ExportCompression,
  type ExportPlan,
  type PlanRefusal,
} from '../../export/export-plan.ts';
import type { ExportFiles } from '../../export/export-files.ts';
import { exportFileNames } from '../../export/file-names.ts';
import { useSelection } from '../../state/selection-store.ts';
import { surveyTilesQueryOptions } from '../coverage/coverage-queries.ts';
import type { CoverageResult } from '../coverage/coverage-results.ts';
import { formatBytes, formatCount } from '../coverage/format.ts';
import { useCoverage } from '../coverage/use-coverage.ts';
import { ErrorNotice } from '../errors/ErrorNotice.tsx';
import { saveBlob } from '../../app/save-file.ts';
import { cancelExport, startExport, zipExportFiles } from './export-worker-client.ts';
import { exportPlanQueryOptions, type ExportPlanRequest } from './geotiff-export-queries.ts';
import { geotiffExportStore, useGeoTiffExport, type ExportRun } from './geotiff-export-store.ts';

const ZOOMS = Array.from({ length: EXPORT_MAX_ZOOM - EXPORT_MIN_ZOOM + 1 }, (_, i) => EXPORT_MIN_ZOOM + i);
const FALLBACK_ZOOM = 16;

const recency = (r: CoverageResult) => Date.parse(r.captureEnd ?? r.captureStart);
const newestFirst = (results: readonly CoverageResult[]) =>
  [...results].filter((r) => r.percentCovered > 0).sort((a, b) => recency(b) - recency(a) || a.id.localeCompare(b.id));

const COMPRESSIONS: { value: ExportCompression; label: string }[] = [
  { value: 'jpeg', label: "JPEG: the service's own tiles, byte for byte, with a mask (smaller, faster)" },
  { value: 'deflate', label: 'Lossless (DEFLATE): every pixel as decoded, with an alpha band (about 4× larger)' },
];

const safeName = (text: string) => text.replace(/[^\w.-]+/g, '_');
const close = () => geotiffExportStore.getState().dialogClosed();

const tileCountText = (count: number, about: boolean) =>
  Number.isFinite(count)
    ? `${about ? 'About ' : ''}${formatCount(count)}`
    : `More than ${formatCount(EXPORT_TILE_CAP)}`;

function refusalText(refusal: PlanRefusal, zoom: number, about = false): string {
  if (refusal.kind === 'empty') return `No tile of the chosen imagery meets the area at z${zoom}.`;
  if (refusal.kind === 'tooManyTiles')
    return (
      `${tileCountText(refusal.count, about)} tiles at z${zoom}: ` +
      `an export holds at most ${formatCount(EXPORT_TILE_CAP)} ` +
      'tiles (the service lists at most that many per request, and the file must stay under 4 GiB). Choose a ' +
      'lower zoom or a smaller area.'
    );
  return (
    `The tiles at z${zoom} span a grid of ${formatCount(refusal.cells)} tiles; an export's grid holds at most ` +
    `${formatCount(EXPORT_GRID_CAP)} (its tile index is written whole). Choose a lower zoom or a more compact area.`
  );
}

/** "Download GeoTIFF": what and at which zoom, what it will cost, then the export's progress and its files. */
export default function GeoTiffExportDialog({ connection }: { connection: Connection }) {
  const titleId = useId();
  const zoomId = useId();
  const { area, search, summary } = useCoverage(connection);
  const selectedId = useSelection((s) => s.selectedId);
  const source = useGeoTiffExport((s) => s.source);
  const chosenZoom = useGeoTiffExport((s) => s.zoom);
  const compression = useGeoTiffExport((s) => s.compression);
  const run = useGeoTiffExport((s) => s.run);
  const running = run.status === 'running';

  const results = summary?.results ?? [];
  const selected = results.find((r) => r.id === selectedId) ?? null;
  const sources = useMemo(
    () => (source === 'selected' ? (selected ? [selected] : []) : newestFirst(summary?.results ?? [])),
    [source, selected, summary],
  );
  const [, latitude] = area ? extentCentre(extentOf(area.geometry)) : [0, 0];

  // The default zoom comes from the resolution class in the primary survey's tile metadata (a small z14 answer).
  const probe = useQuery(
    surveyTilesQueryOptions(
      connection,
      { surveyId: sources[0]?.id ?? '', wkt: area?.wkt ?? '', zoom: EXPORT_MIN_ZOOM },
      sources.length > 0 && area !== null && chosenZoom === null,
    ),
  );
  const resolutionClass = probe.data?.find((t) => t.resolution)?.resolution ?? null;
  const defaultZoom = defaultZoomFor(resolutionClass, latitude);
  const zoom = chosenZoom ?? defaultZoom ?? FALLBACK_ZOOM;
  const zoomKnown =
    chosenZoom !== null || defaultZoom !== null || probe.isError || (probe.isSuccess && !resolutionClass);

  // Refused before anything is listed when even the client-side count (the service's own walk) is over the cap:
  // the export holds at most the area's tiles, and at most the sum of each source's tiles in it.
  const estimate = useMemo(() => {
    if (!area || sources.length === 0) return 0;
    const options = { cap: EXPORT_TILE_CAP };
    const inArea = tilesCovering(area.geometry, zoom, options);
    const areaCount = inArea.kind === 'tiles' ? inArea.tiles.length : Number.POSITIVE_INFINITY;
    const sum = sources.reduce((n, s) => {
      const count = surveyTileCount(s.footprint, area.geometry, zoom, options);
      return n + (count.overCap ? Number.POSITIVE_INFINITY : count.count);
    }, 0);
    return Math.min(areaCount, sum);
  }, [area, sources, zoom]);
  const overCap = estimate > EXPORT_TILE_CAP;

  const request: ExportPlanRequest | null =
    area && sources.length > 0 && zoomKnown && !overCap && !running
      ? { surveyIds: sources.map((s) => s.id), wkt: area.wkt, zoom }
      : null;
  const planQuery = useQuery(exportPlanQueryOptions(connection, request));
  const answer = planQuery.data;
  const plan = answer && isPlan(answer) ? answer : null;
  const name = safeName(`${source === 'selected' && selected ? selected.id : 'best-available'}-z${zoom}`);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !running) close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running]);

  const download = () => {
    if (!plan || !area) return;
    const footprints = Object.fromEntries(sources.map((s) => [s.id, s.footprint]));
    startExport(connection, { area: area.geometry, plan, compression, footprints, name });
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

        <fieldset className="geotiff-dialog__choice" disabled={running}>
          <legend className="field__label">Imagery</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="geotiff-source"
              checked={source === 'selected'}
              disabled={!selected}
              onChange={() => geotiffExportStore.getState().sourceChosen('selected')}
            />
            {selected ? `Selected result: ${selected.id}` : 'Selected result (select one in the list)'}
          </label>
          <label className="checkbox">
            <input
              type="radio"
              name="geotiff-source"
              checked={source === 'best'}
              onChange={() => geotiffExportStore.getState().sourceChosen('best')}
            />
            Best available: at each tile, the newest of the {formatCount(results.length)}{' '}
            {results.length === 1 ? 'result' : 'results'}
            {search?.observedStart || search?.observedEnd ? ' in the date range' : ''} with imagery there
          </label>
        </fieldset>

        <label className="inline-field" htmlFor={zoomId}>
          Zoom
          <select
            id={zoomId}
            className="field__input field__input--select"
            value={zoom}
            disabled={running}
            onChange={(e) => geotiffExportStore.getState().zoomChosen(Number(e.target.value))}
          >
            {ZOOMS.map((z) => (
              <option key={z} value={z}>
                z{z}
                {z === defaultZoom ? ` (imagery's ${resolutionClass})` : ''}
              </option>
            ))}
          </select>
        </label>

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
            {refusalText({ kind: 'tooManyTiles', count: estimate }, zoom, true)}
          </p>
        )}
        {!overCap && planQuery.isFetching && (
          <p className="panel-section__empty" role="status">
            <span className="spinner-text">Listing the tiles at z{zoom}…</span>
          </p>
        )}
        {planQuery.isError && (
          <ErrorNotice
            title="Could not list the tiles"
            error={planQuery.error}
            onRetry={() => void planQuery.refetch()}
            compact
          />
        )}
        {answer && !isPlan(answer) && !overCap && (
          <p className="notice notice--warning" role="alert">
            {refusalText(answer, zoom)}
          </p>
        )}
        {plan && run.status !== 'done' && <PlanSummary plan={plan} compression={compression} />}

        <RunStatus run={run} />

        <div className="dialog__actions">
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
            <button type="button" className="button button--primary" disabled={!plan} onClick={download}>
              {run.status === 'idle' ? 'Download' : 'Download again'}
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}

function PlanSummary({ plan, compression }: { plan: ExportPlan; compression: ExportCompression }) {
  const { width, height } = plan.levels[0];
  const surveys = new Set(plan.tiles.map((t) => t.surveyId)).size;
  return (
    <dl className="geotiff-dialog__facts" data-testid="geotiff-plan">
      <dt>Tiles</dt>
      <dd>
        {formatCount(plan.tiles.length)} at z{plan.zoom}
        {surveys > 1 ? ` from ${surveys} surveys` : ''}
      </dd>
      <dt>Size</dt>
      <dd>
        {formatCount(width)} × {formatCount(height)} pixels, {plan.levels.length - 1}{' '}
        {plan.levels.length === 2 ? 'overview' : 'overviews'}
      </dd>
      <dt>Ground resolution</dt>
      <dd>
        {plan.groundResolution < 1
          ? `${(plan.groundResolution * 100).toFixed(1)} cm`
          : `${plan.groundResolution.toFixed(2)} m`}{' '}
        per pixel
      </dd>
      <dt>Estimated file</dt>
      <dd>about {formatBytes(estimatedBytes(plan, compression))}</dd>
      <dt>Usage</dt>
      <dd>
        Each of the {formatCount(plan.tiles.length)} tiles is one imagery request that the provider counts (retries
        too); the usage meter adds them.
      </dd>
    </dl>
  );
}

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
          {progress.bytes > 0 ? ` · ${formatBytes(progress.bytes)}` : ''}
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
        {files.noImagery > 0 ? `, ${formatCount(files.noImagery)} without imagery` : ''} in {seconds.toFixed(0)} s).
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
