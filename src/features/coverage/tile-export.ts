import type { TileMetadataItem } from '../../../core/wire/model.ts';
import type { TileExportItem } from '../../area/export-tiles.ts';
import { stripCredentials } from '../../area/strip-credentials.ts';

/** Tile metadata as the export functions take it. */
export function toTileExportItems(tiles: readonly TileMetadataItem[]): TileExportItem[] {
  return tiles.map((t) => ({
    z: t.z,
    x: t.x,
    y: t.y,
    url: t.url,
    captureStart: t.captureStart,
    captureEnd: t.captureEnd,
    published: t.publishedDate,
    resolution: t.resolution,
    percentCovered: t.percentCovered,
    extent: t.extent,
  }));
}

/**
 * The URL with the static API key as its api_key parameter (replacing any there), for exports the user asked to carry
 * it.
 */
export function withApiKey(url: string, apiKey: string): string {
  const clean = stripCredentials(url);
  const hashAt = clean.indexOf('#');
  const [base, hash] = hashAt >= 0 ? [clean.slice(0, hashAt), clean.slice(hashAt)] : [clean, ''];
  return `${base}${base.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(apiKey)}${hash}`;
}
