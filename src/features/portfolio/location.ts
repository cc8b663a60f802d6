import { circle } from '@turf/turf';
import type { Polygon } from 'geojson';
import { type AreaGeometry, type Extent, extentOf } from '../../../core/geo/geometry.ts';
import { COORDINATE_DECIMALS } from '../../area/send-limits.ts';

/**
 * One place of a portfolio: a point (checked as a circle of the portfolio's buffer radius) or an area, with the row it
 * came from. Points are kept as points; their circles are made when needed (50,000 circles would hold ~80 MB).
 */
export interface PortfolioLocation {
  /** Position in the portfolio, 0-based: the key of its result. */
  id: number;
  /** Line (CSV) or feature number (GeoJSON, KML, shapefile) in the imported file, for messages. */
  line: number;
  /** A name from the input (a name/id/address column), else "Line N". */
  label: string;
  /** [lon, lat] of a point, or of the area's centre. */
  position: [number, number];
  /** The location's own area (polygon inputs); points have none. */
  area: AreaGeometry | null;
  /** The imported row's values, in `columns` order, for the export. */
  values: string[];
}

/** Sides of a point's circle: 32, so a circle has 33 positions (the WKT sent for one is ~1 KB). */
const CIRCLE_STEPS = 32;
export const DEFAULT_BUFFER_M = 25;
export const MIN_BUFFER_M = 1;
export const MAX_BUFFER_M = 5_000;

const SCALE = 10 ** COORDINATE_DECIMALS;
const round = (value: number) => Math.round(value * SCALE) / SCALE;

/**
 * The circle checked for a point: rounded to the decimals the viewer sends, so that the area tested here is exactly
 * the area a query with its WKT asks about.
 */
export function pointBuffer([lon, lat]: [number, number], radiusM: number): Polygon {
  const ring = circle([lon, lat], radiusM, { steps: CIRCLE_STEPS, units: 'meters' }).geometry.coordinates[0];
  const rounded = ring.map(([x, y]) => [round(x), round(y)]);
  rounded[rounded.length - 1] = rounded[0];
  return { type: 'Polygon', coordinates: [rounded] };
}

/** What the geometry work needs of a location (what goes to the workers: not its row). */
export type LocationPlace = Pick<PortfolioLocation, 'id' | 'position' | 'area'>;

export const placeOf = ({ id, position, area }: PortfolioLocation): LocationPlace => ({ id, position, area });

/** The area checked for a location: its own, or its point's circle. */
export const locationArea = (location: LocationPlace, radiusM: number): AreaGeometry =>
  location.area ?? pointBuffer(location.position, radiusM);

/** The extent holding every location (points by their position, areas whole), or null for none. */
export function extentOfLocations(locations: readonly LocationPlace[]): Extent | null {
  if (locations.length === 0) return null;
  const extent: Extent = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { position, area } of locations) {
    const [west, south, east, north] = area ? extentOf(area) : [...position, ...position];
    extent[0] = Math.min(extent[0], west);
    extent[1] = Math.min(extent[1], south);
    extent[2] = Math.max(extent[2], east);
    extent[3] = Math.max(extent[3], north);
  }
  return extent;
}
