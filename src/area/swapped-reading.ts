import { areaFromPolygons, polygonsOf, type AreaGeometry } from '../../core/geo/geometry.ts';
import { AreaInputError } from './area-input-error.ts';
import { checkAreaStructure } from './check-structure.ts';

/**
 * The area read with each position's two numbers the other way round ("lat lon" taken as "lon lat"), rings kept in
 * their winding order; null when that reading is not an area in EPSG:4326 (a longitude beyond ±90° becomes an
 * impossible latitude).
 */
export function swappedReading(area: AreaGeometry): AreaGeometry | null {
  const swapped = areaFromPolygons(
    polygonsOf(area).map((rings) => rings.map((ring) => ring.map(([x, y]) => [y, x]).reverse())),
  );
  try {
    return checkAreaStructure(swapped);
  } catch (error) {
    if (error instanceof AreaInputError) return null;
    throw error;
  }
}
