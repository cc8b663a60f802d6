declare module 'shpjs' {
  import type { FeatureCollection, Geometry } from 'geojson';

  type Parsed = FeatureCollection & { fileName?: string };
  /** A zipped shapefile (.shp + .dbf, optionally .prj reprojected to WGS84) as GeoJSON: one collection per layer. */
  export function parseZip(buffer: ArrayBuffer | Uint8Array): Promise<Parsed | Parsed[]>;
  /** A .shp's geometries, reprojected to WGS84 from the .prj's text where there is one. */
  export function parseShp(shp: ArrayBuffer | Uint8Array, prj?: string | Uint8Array): Geometry[];
  /** A .dbf's records, decoded as the .cpg says. */
  export function parseDbf(dbf: ArrayBuffer | Uint8Array, cpg?: string | Uint8Array): Record<string, unknown>[];
  /** Geometries and records, in order, as features. */
  export function combine(parts: [Geometry[], Record<string, unknown>[]?]): FeatureCollection;
}
