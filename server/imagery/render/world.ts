/** Tile size and the mapping from Web Mercator to the renderer's world metres. */
import { tileCoordinates } from '../../../core/geo/tile-address.ts';

export const TILE_SIZE = 256;

/** Web Mercator world circumference in metres. */
const EARTH_C = 40075016.68557849;
/** Mercator metres → approximate ground metres over the continental US (cos ≈ 38.7°). */
const K_GROUND = 0.78;
export const WORLD = EARTH_C * K_GROUND;

/** A position in normalised Web Mercator: x 0 at −180° to 1 at 180°, y 0 at the north edge to 1 at the south. */
export const mercatorUnit = (lon: number, lat: number): [x: number, y: number] => tileCoordinates(lon, lat, 0);
