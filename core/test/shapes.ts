import type { Polygon, Position } from 'geojson';

/** Test helpers: an axis-aligned square ring / polygon in lon/lat. */
export const squareRing = (west: number, south: number, east: number, north: number): Position[] => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

export const square = (west: number, south: number, east: number, north: number): Polygon => ({
  type: 'Polygon',
  coordinates: [squareRing(west, south, east, north)],
});
