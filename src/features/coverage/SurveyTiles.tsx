import { useId, useMemo } from 'react';
import { Field } from '../../ui/fields/Field.tsx';
import type { Connection } from '../../api/connection.ts';
import { surveyTileCount } from '../../../core/geo/covered-tiles.ts';
import { extentCentre, extentOf } from '../../../core/geo/geometry.ts';
import { DEFAULT_TILE_CAP, MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../../core/wire/limits.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { mapZoomFor } from '../../map/imagery-source.ts';
import { tileCoverageStops } from './coverage-layers.ts';
import { areaSearchStore, useAreaSearch } from '../area-search/index.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { tileZoomNote } from '../../units/zoom-levels.ts';
import { tileFetchPlan, tilePositionCount } from './coverage-results.ts';
import { formatBytes, formatCount } from '../../format/coverage-format.ts';
import { useChosenResult, useCoverage, useSurveyTiles } from './use-coverage.ts';

const ZOOMS = Array.from({ length: MAX_TILE_ZOOM - MIN_TILE_ZOOM + 1 }, (_, i) => MIN_TILE_ZOOM + i);
const LEGEND = `linear-gradient(90deg, ${tileCoverageStops.map(([at, colour]) => `${colour} ${at}%`).join(', ')})`;

/**
 * The chosen result's tiles in the area at a zoom: counted here first (the service's own tile walk, up to the
 * reference service's cap), asked before large answers, then the grid, its legend and exports.
 */
export function SurveyTiles({ connection }: { connection: Connection }) {
  const { area } = useCoverage(connection);
  const chosen = useChosenResult(connection);
  const zoom = useAreaSearch((s) => s.tileZoom);
  const approved = useAreaSearch((s) => s.approvedTileRequest);
  const withKey = useAreaSearch((s) => s.exportWithKey);
  const signedInWithKey = useAuth((s) => s.session?.kind === 'apiKey');
  const zoomId = useId();

  const estimate = useMemo(
    () =>
      chosen && area
        ? surveyTileCount(chosen.result.footprint, area.geometry, chosen.request.zoom, { cap: DEFAULT_TILE_CAP })
        : null,
    [chosen, area],
  );
  const plan = estimate && chosen ? tileFetchPlan(estimate, approved === chosen.requestKey) : null;
  const { query, progress } = useSurveyTiles(connection, chosen, plan?.kind === 'fetch');

  if (!chosen || !estimate || !plan) {
    return (
      <section className="panel-section" aria-label="Tiles">
        <h2 className="panel-section__title">Tiles</h2>
        <p className="panel-section__empty">Select a result to see its imagery and list its tiles in the area.</p>
      </section>
    );
  }

  const { result } = chosen;
  const [, latitude] = area ? extentCentre(extentOf(area.geometry)) : [0, 0];
  const tiles = query.data;
  const positions = tiles ? tilePositionCount(tiles) : 0;
  const exportTiles = async (format: 'csv' | 'geojson') => {
    if (!tiles) return;
    const downloads = await import('./downloads.ts');
    const credential = connection.credentials?.peek();
    const apiKey = withKey && credential?.kind === 'apiKey' ? credential.key : null;
    const options = { surveyId: result.id, zoom, apiKey };
    if (format === 'csv') downloads.saveTilesCsv(tiles, options);
    else downloads.saveTilesGeoJson(tiles, options);
  };
  const estimateText = estimate.overCap
    ? `more than ${formatCount(estimate.count)} tiles`
    : `${formatCount(estimate.count)} ${estimate.count === 1 ? 'tile' : 'tiles'}`;

  return (
    <section className="panel-section" aria-labelledby={`${zoomId}-title`}>
      <div className="panel-section__heading">
        <h2 id={`${zoomId}-title`} className="panel-section__title">
          Tiles of {result.id}
        </h2>
      </div>
      <div className="tiles-controls">
        <Field label="Tile zoom" inline>
          {(control) => (
            <select
              {...control}
              className="field__input field__input--select"
              value={zoom}
              onChange={(e) => areaSearchStore.getState().tileZoomChosen(Number(e.target.value))}
            >
              {ZOOMS.map((z) => (
                <option key={z} value={z}>
                  z{z}
                </option>
              ))}
            </select>
          )}
        </Field>
        <span className="tiles-controls__estimate" data-testid="tile-estimate">
          Estimate: {estimateText}
        </span>
      </div>
      <p className="tiles-controls__note" data-testid="tile-zoom-note">
        {tileZoomNote(zoom, latitude, mapZoomFor)}
      </p>

      {plan.kind === 'none' && <p className="panel-section__empty">This survey has no tile in the area at z{zoom}.</p>}

      {plan.kind === 'ask' && (
        <div className={plan.overCap ? 'notice notice--warning' : 'notice'} role="group" aria-label="Large tile list">
          <p>
            At z{zoom} this survey has {estimateText} in the area: a large answer that takes a while to load and draw.
            {plan.overCap &&
              ` The service lists at most ${formatCount(DEFAULT_TILE_CAP)} tiles per request and will likely ` +
                `refuse it; a lower zoom or a smaller area works.`}
          </p>
          <button
            type="button"
            className="button button--small"
            onClick={() => areaSearchStore.getState().largeTileFetchApproved(chosen.requestKey)}
          >
            List {estimateText}
          </button>
        </div>
      )}

      {plan.kind === 'fetch' && query.fetchStatus === 'paused' && !tiles && (
        <p className="panel-section__empty" role="status">
          The browser is offline: the tiles are listed as soon as the connection is back.
        </p>
      )}

      {plan.kind === 'fetch' && query.isFetching && !tiles && (
        <div className="tiles-progress" role="status" aria-live="polite">
          <span>Loading the tile list…</span>
          <progress
            aria-label="Loading tiles"
            max={progress?.total ?? undefined}
            value={progress?.total ? progress.loaded : undefined}
          />
          {progress && progress.loaded > 0 && (
            <span className="tiles-progress__bytes">
              {formatBytes(progress.loaded)}
              {progress.total ? ` of ${formatBytes(progress.total)}` : ''}
            </span>
          )}
        </div>
      )}

      {query.isError && (
        <ErrorNotice
          title="Could not list the tiles"
          error={query.error}
          onRetry={() => void query.refetch()}
          compact
        />
      )}

      {tiles && (
        <>
          <p className="tiles-count" role="status" data-testid="tile-count">
            <strong>{formatCount(positions)}</strong> {positions === 1 ? 'tile' : 'tiles'} at z{zoom}
            {tiles.length > positions && ` (${formatCount(tiles.length)} captures)`}
            {positions === estimate.count ? ', as estimated.' : '.'}
          </p>
          <div className="tile-legend">
            <span className="tile-legend__label">Share of tile with imagery</span>
            <span className="tile-legend__scale">
              <span>0%</span>
              <span className="tile-legend__ramp" style={{ backgroundImage: LEGEND }} aria-hidden="true" />
              <span>100%</span>
            </span>
          </div>
          <p className="panel-section__hint">Click a tile on the map for its details.</p>
          <div className="button-row">
            <span className="button-row__label">Export tiles</span>
            <button
              type="button"
              className="button button--small"
              aria-label="Export tiles as CSV"
              disabled={positions === 0}
              onClick={() => void exportTiles('csv')}
            >
              CSV
            </button>
            <button
              type="button"
              className="button button--small"
              aria-label="Export tiles as GeoJSON"
              disabled={positions === 0}
              onClick={() => void exportTiles('geojson')}
            >
              GeoJSON
            </button>
          </div>
          {signedInWithKey ? (
            <div className="key-option">
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={withKey}
                  onChange={(e) => areaSearchStore.getState().exportKeyOptionToggled(e.target.checked)}
                />
                Put my API key in the exported URLs
              </label>
              {withKey && (
                <p className="notice notice--warning" role="note">
                  Anyone who gets the file can use your key for as long as it is valid (up to a year): a key in a URL
                  ends up in server logs, browser history and wherever the file is shared. Treat the file like a
                  password.
                </p>
              )}
            </div>
          ) : (
            <p className="panel-section__hint">
              Exported URLs carry no credentials; send your token or API key when fetching them.
            </p>
          )}
        </>
      )}
    </section>
  );
}
