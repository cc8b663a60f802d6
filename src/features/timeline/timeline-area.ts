import { bboxPolygon } from '@turf/turf';
import { areaToWkt } from '../../area/wkt.ts';
import type { AreaSearch } from '../area-search/index.ts';

/**
 * Without an area, the timeline lists surveys in a box around the map centre. The centre is
 * snapped to a grid so that panning a little keeps the same box (and the same cached answer).
 */
const CELL_DEGREES = 0.05;
/** Half the box's side, in degrees: about 11 km × 8 km at mid latitudes, well under the service's area limit. */
const HALF_BOX_DEGREES = 0.05;

const snap = (value: number) => Math.round(value / CELL_DEGREES) * CELL_DEGREES;
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The grid point nearest [lng, lat]; latitudes kept within Web Mercator's range. */
export function centreCell([lng, lat]: readonly [number, number]): [number, number] {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return [round(snap(wrapped)), round(snap(Math.max(-84, Math.min(84, lat))))];
}

/** The coverage search for the box around a centre cell. */
export function searchAround([lng, lat]: readonly [number, number]): AreaSearch {
  const west = Math.max(-180, lng - HALF_BOX_DEGREES);
  const east = Math.min(180, lng + HALF_BOX_DEGREES);
  const box = bboxPolygon([round(west), round(lat - HALF_BOX_DEGREES), round(east), round(lat + HALF_BOX_DEGREES)]);
  return { wkt: areaToWkt(box.geometry), observedStart: '', observedEnd: '' };
}
