import { isoDay } from '../../format/date-format.ts';
import { bboxPolygon } from '@turf/turf';
import type { FeatureCollection, Polygon } from 'geojson';
import type { TileMetadataItem } from '../../../core/wire/model.ts';
import { extentCentre } from '../../../core/geo/geometry.ts';
import { tileExtent, zxyKey } from '../../../core/geo/tile-address.ts';

export interface UpdatedTile {
  key: string;
  extent: [number, number, number, number];
  /** ISO 8601 of the newest capture published in the window. */
  captureStart: string | null;
  captureEnd: string | null;
  publishedDate: string | null;
  captureId: string | null;
}

const newer = (a: TileMetadataItem, b: TileMetadataItem) =>
  (a.publishedDate ?? '').localeCompare(b.publishedDate ?? '') ||
  (a.captureStart ?? '').localeCompare(b.captureStart ?? '');

/** One entry per tile position: its newest capture among the updates. */
export function updatedTilesOf(items: readonly TileMetadataItem[]): UpdatedTile[] {
  const newest = new Map<string, TileMetadataItem>();
  for (const item of items) {
    const key = zxyKey(item);
    const known = newest.get(key);
    if (!known || newer(item, known) > 0) newest.set(key, item);
  }
  return [...newest].map(([key, item]) => ({
    key,
    extent: item.extent ?? tileExtent(item),
    captureStart: item.captureStart,
    captureEnd: item.captureEnd,
    publishedDate: item.publishedDate,
    captureId: item.captureId,
  }));
}

/** The distinct new captures (by capture window), newest first, with how many tiles each brought. */
export function newCaptures(
  tiles: readonly UpdatedTile[],
): { captureStart: string; captureEnd: string; tiles: number }[] {
  const byWindow = new Map<string, { captureStart: string; captureEnd: string; tiles: number }>();
  for (const { captureStart, captureEnd } of tiles) {
    if (!captureStart) continue;
    const end = captureEnd ?? captureStart;
    const key = `${captureStart}/${end}`;
    const known = byWindow.get(key);
    if (known) known.tiles++;
    else byWindow.set(key, { captureStart, captureEnd: end, tiles: 1 });
  }
  return [...byWindow.values()].sort((a, b) => b.captureStart.localeCompare(a.captureStart));
}

/** The outlines the map draws, each with its capture date for the label. */
export function updatedTilesCollection(tiles: readonly UpdatedTile[]): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: tiles.map(({ key, extent, captureStart }) =>
      bboxPolygon(extent, { properties: { key, captured: isoDay(captureStart) } }),
    ),
  };
}

/** What "Zoom to updates" frames: the extent of all the updated tiles, and the middle of the one nearest its middle. */
export function updatesFrame(tiles: readonly UpdatedTile[]): {
  extent: [number, number, number, number];
  centre: [number, number];
} {
  const extent = tiles.reduce<[number, number, number, number]>(
    ([w, s, e, n], { extent: [tw, ts, te, tn] }) => [
      Math.min(w, tw),
      Math.min(s, ts),
      Math.max(e, te),
      Math.max(n, tn),
    ],
    [180, 90, -180, -90],
  );
  const middle = extentCentre(extent);
  const centres = tiles.map(({ extent: tile }) => extentCentre(tile));
  const distance = ([x, y]: [number, number]) => (x - middle[0]) ** 2 + (y - middle[1]) ** 2;
  const centre = centres.reduce((best, c) => (distance(c) < distance(best) ? c : best));
  return { extent, centre };
}
