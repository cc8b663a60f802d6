/** The interface's limits, shared by the viewer (which checks before sending) and the service (which refuses). */

/** Tiles exist at zoom 14 to 21 (the provider's range). */
export const MIN_TILE_ZOOM = 14;
export const MAX_TILE_ZOOM = 21;

/** The provider refuses areas of interest larger than this. */
export const MAX_AREA_KM2 = 696_000;

/** Positions in an area of interest, counting each ring's closing position. */
export const MAX_VERTICES = 10_000;

/** Characters of WKT the service reads. */
export const MAX_WKT_LENGTH = 300_000;

/** Parenthesis depth of WKT: a MULTIPOLYGON needs 3. */
export const MAX_WKT_NESTING = 3;

/** Tiles in one tile-metadata answer, unless the service is configured otherwise. */
export const DEFAULT_TILE_CAP = 10_000;

export const isSupportedZoom = (zoom: number): boolean =>
  Number.isInteger(zoom) && zoom >= MIN_TILE_ZOOM && zoom <= MAX_TILE_ZOOM;

/** A tile key (a read-only layer key for desktop GIS) lives from an hour to 90 days, in seconds. */
export const MIN_TILE_KEY_SECONDS = 3_600;
export const MAX_TILE_KEY_SECONDS = 90 * 86_400;
