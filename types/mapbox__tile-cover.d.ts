declare module '@mapbox/tile-cover' {
  import type { Geometry } from 'geojson';
  export interface Limits {
    min_zoom: number;
    max_zoom: number;
  }
  /** Tiles as [x, y, z] covering a geometry. */
  export function tiles(geom: Geometry, limits: Limits): [number, number, number][];
  export function indexes(geom: Geometry, limits: Limits): string[];
}
