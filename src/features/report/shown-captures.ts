import type { Connection } from '../../api/connection.ts';
import type { TileMetadataItem } from '../../../core/wire/model.ts';
import { fetchTileCaptures } from '../../api/tile-metadata.ts';
import { type ImageryTileUrl, parseImageryTileUrl } from '../../api/tiles.ts';
import { newestCapture } from '../compare/index.ts';

/** One capture the printed imagery shows: which survey and capture, when, and on how many of the printed tiles. */
export interface ShownCapture {
  surveyId: string;
  /** `mosaic_stac_id`; null where the service names none. */
  captureId: string | null;
  /** ISO times; null where the tiles' metadata gives none. */
  start: string | null;
  end: string | null;
  tiles: number;
}

export interface ShownImagery {
  captures: ShownCapture[];
  /** Printed imagery tiles whose metadata was not looked up (over the limit), or could not be. */
  unknownTiles: number;
}

/** Tiles looked up for one report: a print of a large screen at zoom 14–21 shows a few dozen per layer. */
const MAX_LOOKUPS = 240;
const CONCURRENCY = 6;

type CaptureTimes = Pick<TileMetadataItem, 'captureId' | 'captureStart' | 'captureEnd'>;

/** The capture a tile shows: the one its URL names (an older capture's route), else its newest. */
function captureShown(tile: ImageryTileUrl, items: readonly TileMetadataItem[]): CaptureTimes | null {
  if (tile.captureId === null) return newestCapture(items) ?? items[0] ?? null;
  const named = items.find((item) => item.captureId === tile.captureId);
  return named ?? { captureId: tile.captureId, captureStart: null, captureEnd: null };
}

const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b);
const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a >= b ? a : b);

/** The captures shown, one row per survey and capture, newest first; tiles with no imagery there add nothing. */
export function groupCaptures(looked: readonly { tile: ImageryTileUrl; items: readonly TileMetadataItem[] }[]) {
  const rows = new Map<string, ShownCapture>();
  for (const { tile, items } of looked) {
    const shown = captureShown(tile, items);
    if (!shown) continue;
    const key = `${tile.surveyId}\n${shown.captureId ?? ''}`;
    const row = rows.get(key) ?? {
      surveyId: tile.surveyId,
      captureId: shown.captureId,
      start: null,
      end: null,
      tiles: 0,
    };
    row.start = earlier(row.start, shown.captureStart);
    row.end = later(row.end, shown.captureEnd ?? shown.captureStart);
    row.tiles += 1;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => (b.end ?? '').localeCompare(a.end ?? '') || a.surveyId.localeCompare(b.surveyId),
  );
}

/**
 * When the imagery in a printed map was captured: each imagery tile the print drew is looked up in the service's
 * tile metadata (`?metadata=true`, a few at a time), so the report states the captures actually shown.
 */
export async function capturesShown(
  connection: Connection,
  tileUrls: readonly string[],
  signal?: AbortSignal,
): Promise<ShownImagery> {
  const unique = new Map<string, ImageryTileUrl>();
  for (const url of tileUrls) {
    const tile = parseImageryTileUrl(connection, url);
    if (tile) unique.set(JSON.stringify(tile), tile);
  }
  const tiles = [...unique.values()];
  const wanted = tiles.slice(0, MAX_LOOKUPS);
  const looked: { tile: ImageryTileUrl; items: TileMetadataItem[] }[] = [];
  let unknownTiles = tiles.length - wanted.length;
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const tile = wanted[next++];
      try {
        const items = await fetchTileCaptures(connection, tile, signal);
        looked.push({ tile, items });
      } catch (error) {
        if (signal?.aborted) throw error;
        unknownTiles += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, wanted.length) }, worker));
  return { captures: groupCaptures(looked), unknownTiles };
}
