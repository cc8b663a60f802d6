import { simplify } from '@turf/turf';
import { extentOf, vertexCount, type AreaGeometry } from '../../core/geo/geometry.ts';
import { findAreaProblem } from '../../core/geo/simple-area.ts';
import { AreaInputError } from './area-input-error.ts';

const MAX_ATTEMPTS = 40;

/**
 * Simplifies an area until it has at most `maxVertices` positions, with the smallest tolerance
 * that gets there and leaves no crossing edges. Returns the area unchanged when it is already small.
 */
export function simplifyArea(area: AreaGeometry, maxVertices: number): AreaGeometry {
  if (vertexCount(area) <= maxVertices) return area;
  const [west, south, east, north] = extentOf(area);
  let tolerance = Math.hypot(east - west, north - south) * 1e-6;
  let smallEnough: AreaGeometry | null = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++, tolerance *= 1.5) {
    const candidate = simplify(area, { tolerance, highQuality: true });
    if (vertexCount(candidate) > maxVertices) continue;
    smallEnough = candidate;
    if (!findAreaProblem(candidate)) return candidate;
  }
  throw new AreaInputError(
    'cannot-simplify',
    smallEnough
      ? `The area has ${vertexCount(area).toLocaleString('en-US')} positions and could not be simplified to ` +
          `${maxVertices} without its edges crossing. Simplify it in a GIS tool first.`
      : `The area has ${vertexCount(area).toLocaleString('en-US')} positions and could not be simplified to ` +
          `${maxVertices}.`,
  );
}
