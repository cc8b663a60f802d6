/** Tile size and the mapping from Web Mercator to the renderer's world metres. */

export const TILE_SIZE = 256;

/** Web Mercator world circumference in metres. */
const EARTH_C = 40075016.68557849;
/** Mercator metres → approximate ground metres over the continental US (cos ≈ 38.7°). */
const K_GROUND = 0.78;
export const WORLD = EARTH_C * K_GROUND;

/** Latitude → normalised Web Mercator y (0 at the north edge, 1 at the south). */
export function mercY(lat: number): number {
  const r = (Math.max(-85.0511287798, Math.min(85.0511287798, lat)) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(Math.PI / 4 + r / 2)) / Math.PI) / 2;
}
