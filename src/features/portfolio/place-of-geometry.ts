import type { Geometry } from 'geojson';
import { type AreaGeometry, extentOf } from '../../../core/geo/geometry.ts';
import { AreaInputError } from '../../area/area-input-error.ts';
import { checkAreaStructure } from '../../area/check-structure.ts';
import { MAX_BUFFER_M, type PortfolioLocation } from './location.ts';

export type Place = Pick<PortfolioLocation, 'position' | 'area'>;

/** Along a meridian (the WGS84 mean, near enough for a margin). */
const METRES_PER_DEGREE = 111_000;

const centreOf = (area: AreaGeometry): [number, number] => {
  const [w, s, e, n] = extentOf(area);
  return [(w + e) / 2, (s + n) / 2];
};

/**
 * A geometry (from WKT, GeoJSON, KML or a shapefile) as a location: a point, or a polygon checked as an area is (its
 * centre placing it in lists); anything else is a message saying why it is not one.
 */
export function placeOfGeometry(geometry: Pick<Geometry, 'type'> & { coordinates?: unknown }): Place | string {
  const { type } = geometry;
  const points = geometry.coordinates as number[] | number[][];
  if (type === 'Point' || (type === 'MultiPoint' && points.length === 1)) {
    const [lon, lat] = (type === 'Point' ? points : points[0]) as number[];
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
      return `the point ${lon} ${lat} is outside longitude/latitude range`;
    // Its circle (up to the largest buffer) must not cross ±180° or a pole: the service takes no coordinate beyond.
    const reachDeg = MAX_BUFFER_M / METRES_PER_DEGREE;
    if (Math.abs(lat) + reachDeg >= 90) return `the point ${lon} ${lat} is too close to a pole to be checked`;
    if (Math.abs(lon) + reachDeg / Math.cos((lat * Math.PI) / 180) > 180)
      return `the point ${lon} ${lat} is too close to the antimeridian (±180°) to be checked`;
    return { position: [lon, lat], area: null };
  }
  if (type !== 'Polygon' && type !== 'MultiPolygon') return `a ${type} is not a location (points and polygons are)`;
  try {
    const area = checkAreaStructure(geometry);
    return { position: centreOf(area), area };
  } catch (error) {
    if (error instanceof AreaInputError) return error.message.replace(/\.$/, '');
    throw error;
  }
}
