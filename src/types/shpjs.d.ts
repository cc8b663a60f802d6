declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson';

  type Parsed = FeatureCollection & { fileName?: string };
  /** A zipped shapefile (.shp + .dbf, optionally .prj reprojected to WGS84) as GeoJSON: one collection per layer. */
  export function parseZip(buffer: ArrayBuffer | Uint8Array): Promise<Parsed | Parsed[]>;
}
