import type { AreaGeometry } from '../../core/geo/geometry.ts';
import {
  checkAreaStructure as checkStructure,
  type RingRef,
  type StructureOptions,
  type StructureProblem,
} from '../../core/area/area-structure.ts';
import { AreaInputError } from './area-input-error.ts';

export type { StructureOptions };

/**
 * Checks that a parsed geometry (from WKT, GeoJSON or KML) is a well-formed area in EPSG:4326 and
 * returns it in 2D; throws an AreaInputError naming the part that is wrong.
 */
export function checkAreaStructure(
  geometry: { type: string; coordinates?: unknown },
  options: StructureOptions = {},
): AreaGeometry {
  const { area, problem } = checkStructure(geometry, options);
  if (problem) throw new AreaInputError(problem.code, structureWording(problem));
  return area;
}

/** The viewer's words for a structure problem. */
export function structureWording(problem: StructureProblem): string {
  switch (problem.code) {
    case 'wrong-geometry-type':
      return `Got a ${problem.type}; an area must be a Polygon or MultiPolygon.`;
    case 'empty-geometry':
      return `The ${problem.type} has no coordinates.`;
    case 'too-many-vertices':
      return (
        `The area has ${problem.count.toLocaleString('en-US')} positions; the limit is ` +
        `${problem.limit.toLocaleString('en-US')}. Simplify it first.`
      );
    case 'invalid-coordinate':
      return problem.position === null
        ? `${capitalise(ringName(problem.ring))} is not a list of positions.`
        : `${capitalise(positionName(problem.position, problem.ring))} is not a pair of numbers "lon lat".`;
    case 'coordinate-out-of-range': {
      const { lon, lat } = problem;
      return (
        `${capitalise(positionName(problem.position, problem.ring))} (${lon} ${lat}) is outside EPSG:4326 ` +
        `(longitude −180…180, latitude −90…90).${rangeHint(lon, lat)}`
      );
    }
    case 'unclosed-ring': {
      const { first, last } = problem;
      return (
        `${capitalise(ringName(problem.ring))} is not closed: it starts at (${first[0]} ${first[1]}) but ends at ` +
        `(${last[0]} ${last[1]}). Repeat the first position at the end.`
      );
    }
    case 'ring-too-short':
      return (
        `${capitalise(ringName(problem.ring))} has ${problem.count} positions; a closed ring needs at least 4 (the ` +
        `last repeating the first).`
      );
  }
}

function ringName({ ring, polygon }: RingRef): string {
  const name = ring === 0 ? 'the outer ring' : `hole ${ring}`;
  return polygon === null ? name : `${name} of polygon ${polygon + 1}`;
}

const positionName = (position: number, ring: RingRef) => `position ${position + 1} of ${ringName(ring)}`;

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
