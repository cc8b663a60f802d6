import { useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import { tileKey } from '../../../geo/tile-address.ts';
import { stripCredentials } from '../../area/strip-credentials.ts';
import { areaSearchStore, useAreaSearch } from '../../state/area-search-store.ts';
import { formatCaptureWindow } from '../surveys/format.ts';
import { formatDateTime } from './format.ts';
import { useChosenResult, useSurveyTiles } from './use-coverage.ts';

/** The clicked tile of the grid: address, capture and published dates, resolution and URL (never with a credential). */
export function TileDetails({ connection }: { connection: Connection }) {
  const key = useAreaSearch((s) => s.selectedTileKey);
  const chosen = useChosenResult(connection);
  const { query } = useSurveyTiles(connection, chosen);
  const [copied, setCopied] = useState<string | null>(null);
  const captures = key ? (query.data ?? []).filter((tile) => tileKey(tile) === key) : [];
  if (!key || captures.length === 0) return null;

  const close = () => areaSearchStore.getState().tileClicked(null);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(url);
    } catch {
      setCopied(null);
    }
  };

  return (
    <section className="tile-card" aria-label="Tile details">
      <header className="tile-card__header">
        <div>
          <div className="tile-card__eyebrow">Tile of {chosen?.result.id}</div>
          <h2 className="tile-card__title">{key}</h2>
        </div>
        <button type="button" className="icon-button" aria-label="Close tile details" onClick={close}>
          ×
        </button>
      </header>
      {captures.map((tile) => {
        const url = stripCredentials(tile.url);
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
          </div>
        );
      })}
    </section>
  );
}
