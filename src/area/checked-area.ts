import { area as areaInSquareMetres, cleanCoords, truncate } from '@turf/turf';
import { vertexCount, type AreaGeometry } from '../../core/geo/geometry.ts';
import { AreaInputError } from './area-input-error.ts';
import { checkAreaStructure } from './check-structure.ts';
import { MAX_AREA_KM2 } from '../../core/wire/limits.ts';
import { describeAreaProblem, findAreaProblem } from '../../core/geo/simple-area.ts';
import { COORDINATE_DECIMALS, DENSE_VERTEX_THRESHOLD } from './send-limits.ts';
import { simplifyArea } from './simplify-area.ts';

export interface CheckedArea {
  /** What is shown, stored and sent: rounded, without repeated positions, simplified when dense. */
  geometry: AreaGeometry;
  km2: number;
  vertexCount: number;
  /** Set when the area was simplified, with the position counts before and after. */
  simplified: { before: number; after: number } | null;
  /** Over MAX_AREA_KM2: the provider would refuse it, so nothing is sent. */
  tooLarge: boolean;
  /** Sentences for the user about what was done or what stops a search. */
  notes: string[];
}

export interface CheckedAreaOptions {
  /** Simplify above this many positions (default DENSE_VERTEX_THRESHOLD). */
  simplifyAbove?: number;
}

/**
 * Turns a drawn, pasted or imported area into the one the app works with, or throws an
 * AreaInputError (malformed rings, crossing edges) so the caller keeps the previous area.
 */
export function checkedArea(input: AreaGeometry, options: CheckedAreaOptions = {}): CheckedArea {
  const cleaned = roundAndClean(checkAreaStructure(input));
  refuseCrossingEdges(cleaned);
  const geometry = simplifyArea(cleaned, options.simplifyAbove ?? DENSE_VERTEX_THRESHOLD);
  const after = vertexCount(geometry);
  const km2 = areaKm2(geometry);
  const simplified = geometry === cleaned ? null : { before: vertexCount(input), after };
  const tooLarge = km2 > MAX_AREA_KM2;
  const notes: string[] = [];
  if (simplified) notes.push(simplificationNote(simplified.before, simplified.after));
  if (tooLarge) notes.push(tooLargeNote(km2));
  return { geometry, km2, vertexCount: after, simplified, tooLarge, notes };
}

export function areaKm2(geometry: AreaGeometry): number {
  return areaInSquareMetres(geometry) / 1e6;
}

function roundAndClean(geometry: AreaGeometry): AreaGeometry {
  try {
    return cleanCoords(truncate(geometry, { precision: COORDINATE_DECIMALS, coordinates: 2 }));
  } catch {
    throw new AreaInputError(
      'ring-too-short',
      'A ring has fewer than 3 distinct corners once repeated and collinear positions are dropped.',
    );
  }
}

/** The check the service makes (core/geo/simple-area.ts), so that an area it would refuse is never sent. */
function refuseCrossingEdges(geometry: AreaGeometry): void {
  const problem = findAreaProblem(geometry);
  if (!problem) return;
  const [lon, lat] = problem.at;
  const advice =
    problem.kind === 'crossing'
      ? 'Redraw it so that no edges cross.'
      : 'Redraw it so that holes lie inside their polygon and polygons do not overlap.';
  throw new AreaInputError(
    'self-intersection',
    `The outline crosses itself near ${lon.toFixed(5)} ${lat.toFixed(5)}: ` +
      `${describeAreaProblem(problem, geometry.type === 'MultiPolygon')} ${advice}`,
  );
}

function simplificationNote(before: number, after: number): string {
  return (
    `The area was simplified from ${before.toLocaleString('en-US')} to ${after.toLocaleString('en-US')} ` +
    `positions so that it can be sent.`
  );
}

function tooLargeNote(km2: number): string {
  return (
    `The area is ${Math.round(km2).toLocaleString('en-US')} km²; searches are limited to ` +
    `${MAX_AREA_KM2.toLocaleString('en-US')} km². Draw a smaller area.`
  );
}
