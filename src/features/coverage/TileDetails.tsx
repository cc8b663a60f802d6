import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { zxyKey, tileOfZxyKey } from '../../../core/geo/tile-address.ts';
import { stripCredentials } from '../../area/strip-credentials.ts';
import { areaSearchStore, useAreaSearch } from '../area-search/index.ts';
import { captureSide } from '../../catalog/compared-imagery.ts';
import { compareStore } from '../../state/compare-store.ts';
import { sideBySideStore, spreadOver } from '../../state/side-by-side-store.ts';
import { newestCapture } from '../compare/index.ts';
import { tileCapturesQueryOptions } from '../../catalog/tile-capture-queries.ts';
import { formatCaptureWindow } from '../../format/survey-format.ts';
import { formatDateTime } from '../../format/date-format.ts';
import { useChosenResult, useSurveyTiles } from './use-coverage.ts';
import { MAP_PANEL } from '../../map/map-camera.ts';

/**
 * The clicked tile of the grid: address, capture and published dates, resolution and URL (never with a credential);
 * every capture the service holds there (the tile's own metadata), an older one drawable on the map.
 */
export function TileDetails({ connection }: { connection: Connection }) {
  const key = useAreaSearch((s) => s.selectedTileKey);
  const shown = useAreaSearch((s) => s.shownCapture);
  const chosen = useChosenResult(connection);
  const { query } = useSurveyTiles(connection, chosen);
  const surveyId = chosen?.result.id ?? null;
  const versions = useQuery(tileCapturesQueryOptions(connection, surveyId, key ? tileOfZxyKey(key) : null));
  const [copied, setCopied] = useState<string | null>(null);
  const listed = key ? (query.data ?? []).filter((tile) => zxyKey(tile) === key) : [];
  const captures = versions.data && versions.data.length > listed.length ? versions.data : listed;
  if (!key || !surveyId || captures.length === 0) return null;
  const newest = newestCapture(captures);
  const shownId = shown?.tileKey === key && shown.surveyId === surveyId ? shown.captureId : null;

  const close = () => areaSearchStore.getState().tileClicked(null);
  // Every dated capture of the tile, oldest first, each by its own tiles.
  const captureSides = captures
    .filter((tile) => tile.captureId !== null && tile.captureStart !== null)
    .sort((x, y) => Date.parse(x.captureStart!) - Date.parse(y.captureStart!))
    .map((tile) => captureSide(surveyId, tile.captureId!));
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(url);
    } catch {
      setCopied(null);
    }
  };

  return (
    <section className="tile-card" {...MAP_PANEL} aria-label="Tile details">
      <header className="tile-card__header">
        <div>
          <div className="tile-card__eyebrow">Tile of {chosen?.result.id}</div>
          <h2 className="tile-card__title">{key}</h2>
        </div>
        <button type="button" className="icon-button" aria-label="Close tile details" onClick={close}>
          ×
        </button>
      </header>
      {captures.length > 1 && (
        <p className="tile-card__versions" role="status">
          {captures.length} captures of this tile; the map draws the newest unless you choose an older one.
        </p>
      )}
      {captureSides.length > 1 && (
        <button
          type="button"
          className="button button--small"
          onClick={() => sideBySideStore.getState().sideBySideOpened(spreadOver(captureSides))}
        >
          Side by side{captureSides.length > 4 ? ' (four of them)' : ''}
        </button>
      )}
      {captures.map((tile) => {
        const url = stripCredentials(tile.url);
        const older = captures.length > 1 && tile !== newest && tile.captureId !== null;
        const showing = older && shownId === tile.captureId;
        return (
          <div key={tile.captureId ?? tile.url} className="tile-card__capture">
            <dl className="tile-card__facts">
              <dt>z/x/y</dt>
              <dd>
                {tile.z}/{tile.x}/{tile.y}
              </dd>
              <dt>Captured</dt>
              <dd>
                {tile.captureStart && tile.captureEnd ? formatCaptureWindow(tile.captureStart, tile.captureEnd) : '—'}
              </dd>
              <dt>Published</dt>
              <dd>{formatDateTime(tile.publishedDate)}</dd>
              <dt>Resolution</dt>
              <dd>
                {tile.resolution ?? '—'}
                {tile.fileFormat ? ` · ${tile.fileFormat.toUpperCase()}` : ''}
              </dd>
              <dt>Imagery</dt>
              <dd>{tile.percentCovered === null ? '—' : `${tile.percentCovered}% of the tile`}</dd>
            </dl>
            <div className="tile-card__url">
              <code title="Tile URL">{url}</code>
              <button type="button" className="button button--small" onClick={() => void copy(url)}>
                {copied === url ? 'Copied' : 'Copy URL'}
              </button>
            </div>
            {older && (
              <button
                type="button"
                className="button button--small"
                aria-pressed={showing}
                onClick={() =>
                  areaSearchStore
                    .getState()
                    .captureShown(showing ? null : { surveyId, tileKey: key, captureId: tile.captureId! })
                }
              >
                {showing ? 'Showing this capture on the map' : 'Show this capture on the map'}
              </button>
            )}
            {older && (
              <button
                type="button"
                className="button button--small"
                onClick={() =>
                  compareStore.getState().captureCompared(surveyId, captureSide(surveyId, tile.captureId!))
                }
              >
                Compare with the newest
              </button>
            )}
          </div>
        );
      })}
    </section>
  );
}
