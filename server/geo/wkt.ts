import { area } from '@turf/turf';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import type { StructureProblem } from '../../core/area/area-structure.ts';
import { readAreaWkt } from '../../core/area/read-wkt.ts';
import { MAX_AREA_KM2, MAX_VERTICES, MAX_WKT_LENGTH, MAX_WKT_NESTING } from '../../core/wire/limits.ts';
import { describeAreaProblem, findAreaProblem } from '../../core/geo/simple-area.ts';
import { UNLIMITED, type WorkBudget } from '../../core/geo/work-budget.ts';
import { type ApiError, badRequest, unprocessable } from '../errors.ts';

/**
 * Parses a WKT area of interest (Polygon or MultiPolygon, EPSG:4326) and checks it, or throws a 4xx ApiError: the
 * checks bound the work of everything after, so that an area with crossing edges or overlapping polygons (which
 * make polygon clipping slow and its answer meaningless) is refused with the first crossing named.
 */
export function checkedAreaOfWkt(wkt: string, budget: WorkBudget = UNLIMITED): AreaGeometry {
  if (wkt.length > MAX_WKT_LENGTH)
    throw badRequest(`wkt is ${wkt.length} characters; the limit is ${MAX_WKT_LENGTH}.`, 'wkt_too_long');
  checkShapeBeforeParsing(wkt);
  const { area: checked, problem: wktProblem } = readAreaWkt(wkt);
  if (wktProblem?.code === 'not-wkt' || wktProblem?.code === 'text-after-geometry')
    throw badRequest('wkt is not well-formed WKT (expected e.g. "POLYGON((lon lat, ...))").', 'invalid_wkt');
  if (wktProblem) throw structureError(wktProblem);
  const problem = findAreaProblem(checked, budget);
  if (problem) {
    throw badRequest(
      `wkt is not a simple area: ${describeAreaProblem(problem, checked.type === 'MultiPolygon')} Areas must not ` +
        'cross or touch themselves, and the polygons of a MULTIPOLYGON must not overlap (an area crossing 180° is ' +
        'two polygons, one ending at 180 and one starting at -180).',
      'invalid_geometry',
    );
  }
  const km2 = area(checked) / 1e6;
  if (km2 > MAX_AREA_KM2) {
    throw unprocessable(
      `The area is ${Math.round(km2).toLocaleString('en-US')} km²; the limit is ` +
        `${MAX_AREA_KM2.toLocaleString('en-US')} km².`,
      'area_too_large',
    );
  }
  return checked;
}

/** Cheap linear checks that bound the parser's work: nesting depth and a vertex count from the commas. */
function checkShapeBeforeParsing(wkt: string): void {
  let depth = 0;
  let commas = 0;
  for (let i = 0; i < wkt.length; i++) {
    const c = wkt.charCodeAt(i);
    if (c === 40 /* ( */) {
      if (++depth > MAX_WKT_NESTING)
        throw badRequest(
          `wkt nests parentheses more than ${MAX_WKT_NESTING} deep; a MULTIPOLYGON needs 3.`,
          'invalid_wkt',
        );
    } else if (c === 41 /* ) */) {
      if (--depth < 0) throw badRequest('wkt has an unbalanced ")".', 'invalid_wkt');
    } else if (c === 44 /* , */) {
      commas++;
    }
  }
  if (depth !== 0) throw badRequest('wkt has an unclosed "(".', 'invalid_wkt');
  if (commas + 1 > MAX_VERTICES) throw badRequest(`wkt has more than ${MAX_VERTICES} vertices.`, 'too_many_vertices');
}

/** The envelope's words for a structure problem: the service's own, as they have always been. */
function structureError(problem: StructureProblem): ApiError {
  switch (problem.code) {
    case 'wrong-geometry-type':
      return badRequest(
        `wkt must be a POLYGON or MULTIPOLYGON, got ${problem.type.toUpperCase()}.`,
        'invalid_geometry',
      );
    case 'empty-geometry':
      return badRequest(
        problem.polygon === null ? 'wkt has no polygon.' : 'wkt has an empty polygon.',
        'invalid_geometry',
      );
    case 'too-many-vertices':
      return badRequest(`wkt has ${problem.count} vertices; the limit is ${problem.limit}.`, 'too_many_vertices');
    case 'invalid-coordinate':
      return badRequest('wkt has a coordinate that is not a finite number.', 'invalid_geometry');
    case 'coordinate-out-of-range':
      return badRequest(
        `Coordinate (${problem.lon} ${problem.lat}) is outside EPSG:4326 bounds ` +
          '(lon -180..180, lat -90..90; order is "lon lat").',
        'invalid_geometry',
      );
    case 'unclosed-ring':
      return badRequest('Every polygon ring must be closed (first position equal to the last).', 'invalid_geometry');
    case 'ring-too-short':
      return badRequest('Every polygon ring needs at least 4 positions (closed).', 'invalid_geometry');
  }
}
