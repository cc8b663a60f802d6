import type { Position } from 'geojson';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import { AreaInputError } from './area-input-error.ts';
import { MAX_VERTICES } from '../../core/geo/limits.ts';

export interface StructureOptions {
  maxVertices?: number;
}

/**
 * Checks that a parsed geometry (from WKT, GeoJSON or KML) is a well-formed area in EPSG:4326 and
 * returns it in 2D; throws an AreaInputError naming the part that is wrong.
 */
export function checkAreaStructure(
  geometry: { type: string; coordinates?: unknown },
  options: StructureOptions = {},
): AreaGeometry {
  const maxVertices = options.maxVertices ?? MAX_VERTICES;
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') {
    throw new AreaInputError(
      'wrong-geometry-type',
      `Got a ${geometry.type}; an area must be a Polygon or MultiPolygon.`,
    );
  }
  const multi = geometry.type === 'MultiPolygon';
  const polygons = (multi ? geometry.coordinates : [geometry.coordinates]) as unknown;
  if (
    !Array.isArray(polygons) ||
    polygons.length === 0 ||
    (polygons as unknown[]).some((p) => !Array.isArray(p) || p.length === 0)
  ) {
    throw new AreaInputError('empty-geometry', `The ${geometry.type} has no coordinates.`);
  }
  const total = (polygons as unknown[][])
    .flat()
    .reduce<number>((sum, ring) => sum + (Array.isArray(ring) ? ring.length : 0), 0);
  if (total > maxVertices) {
    throw new AreaInputError(
      'too-many-vertices',
      `The area has ${total.toLocaleString('en-US')} positions; the limit is ` +
        `${maxVertices.toLocaleString('en-US')}. Simplify it first.`,
    );
  }
  const checked = (polygons as unknown[][]).map((rings, p) =>
    rings.map((ring, r) => checkRing(ring, ringName(r, multi ? p : null))),
  );
  return multi ? { type: 'MultiPolygon', coordinates: checked } : { type: 'Polygon', coordinates: checked[0] };
}

function ringName(ring: number, polygon: number | null): string {
  const name = ring === 0 ? 'the outer ring' : `hole ${ring}`;
  return polygon === null ? name : `${name} of polygon ${polygon + 1}`;
}

function checkRing(ring: unknown, name: string): Position[] {
  if (!Array.isArray(ring))
    throw new AreaInputError('invalid-coordinate', `${capitalise(name)} is not a list of positions.`);
  const positions = ring.map((position, i) => checkPosition(position, `position ${i + 1} of ${name}`));
  const first = positions[0];
  const last = positions[positions.length - 1];
  if (first && (first[0] !== last[0] || first[1] !== last[1])) {
    throw new AreaInputError(
      'unclosed-ring',
      `${capitalise(name)} is not closed: it starts at (${first[0]} ${first[1]}) but ends at (${last[0]} ` +
        `${last[1]}). Repeat the first position at the end.`,
    );
  }
  if (positions.length < 4) {
    throw new AreaInputError(
      'ring-too-short',
      `${capitalise(name)} has ${positions.length} positions; a closed ring needs at least 4 (the last repeating ` +
        `the first).`,
    );
  }
  return positions;
}

function checkPosition(position: unknown, name: string): Position {
  if (
    !Array.isArray(position) ||
    position.length < 2 ||
    !position.slice(0, 2).every((n) => typeof n === 'number' && Number.isFinite(n))
  ) {
    throw new AreaInputError('invalid-coordinate', `${capitalise(name)} is not a pair of numbers "lon lat".`);
  }
  const [lon, lat] = position as number[];
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
    throw new AreaInputError(
      'coordinate-out-of-range',
      `${capitalise(name)} (${lon} ${lat}) is outside EPSG:4326 (longitude −180…180, latitude ` +
        `−90…90).${rangeHint(lon, lat)}`,
    );
  }
  return [lon, lat];
}

function rangeHint(lon: number, lat: number): string {
  if (Math.abs(lon) > 1000 || Math.abs(lat) > 1000) {
    return (
      ' These look like projected coordinates (e.g. metres in EPSG:3857); the area must be in ' +
      'longitude/latitude degrees.'
    );
  }
  if (Math.abs(lat) > 90 && Math.abs(lat) <= 180 && Math.abs(lon) <= 90) {
    return ' Latitude and longitude look swapped: the order is "longitude latitude".';
  }
  return '';
}

const capitalise = (text: string) => text[0].toUpperCase() + text.slice(1);
