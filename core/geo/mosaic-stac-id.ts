/**
 * The provider's capture id, `mosaic_stac_id`: `{captureStart}_{captureEnd}_{published}_{quadkey}`, timestamps as
 * `YYYYMMDDTHHMMSS` (UTC) and the quadkey of the tile's ancestor at zoom 14 (the tile itself when shallower).
 */
import { MIN_TILE_ZOOM } from '../wire/limits.ts';
import { ancestorAt, quadkeyOf, type TileAddress, tileOfQuadkey } from './tile-address.ts';

export interface CaptureTimes {
  /** ISO 8601 UTC timestamps. */
  captureStart: string;
  captureEnd: string;
  published: string;
}

export interface MosaicStacId extends CaptureTimes {
  quadkey: string;
  /** The tile the quadkey names. */
  tile: TileAddress;
}

/** "2024-11-01T18:17:51.123Z" → "20241101T181751" */
const compact = (iso: string) => iso.slice(0, 19).replace(/[-:]/g, '');

/** "20241101T181751" → "2024-11-01T18:17:51Z", or null when it is not a real time. */
function expand(compactTime: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/.exec(compactTime);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`;
  const time = new Date(iso);
  return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 19) === iso.slice(0, 19) ? iso : null;
}

export function formatMosaicStacId(times: CaptureTimes, tile: TileAddress): string {
  const quadkey = quadkeyOf(ancestorAt(tile, MIN_TILE_ZOOM));
  return `${compact(times.captureStart)}_${compact(times.captureEnd)}_${compact(times.published)}_${quadkey}`;
}

/** The parts of a capture id, or null when it does not have the provider's form. */
export function parseMosaicStacId(id: string): MosaicStacId | null {
  const parts = id.split('_');
  if (parts.length !== 4) return null;
  const [captureStart, captureEnd, published] = parts.slice(0, 3).map(expand);
  const tile = tileOfQuadkey(parts[3]);
  if (!captureStart || !captureEnd || !published || !tile || parts[3] === '') return null;
  return { captureStart, captureEnd, published, quadkey: parts[3], tile };
}
