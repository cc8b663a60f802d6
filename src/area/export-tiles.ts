import { bboxPolygon } from '@turf/turf';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { toCsv } from './csv.ts';
import { exportedUrl, type CredentialOptions } from './strip-credentials.ts';
import type { Extent } from '../../core/geo/geometry.ts';
import { tileExtent } from '../../core/geo/tile-address.ts';

/** One tile of a survey as exported; the viewer's normalisation layer maps tile metadata to it. */
export interface TileExportItem {
  z: number;
  x: number;
  y: number;
  url: string;
  /** ISO 8601. */
  captureStart: string | null;
  captureEnd: string | null;
  published: string | null;
  /** Resolution class, e.g. "7.5cm". */
  resolution: string | null;
  /** Percent of the tile holding imagery. */
  percentCovered: number | null;
  /** geospatial_extent; derived from z/x/y when missing. */
  extent: Extent | null;
}

const CSV_COLUMNS = [
  'z',
  'x',
  'y',
  'url',
  'capture_start',
  'capture_end',
  'published',
  'resolution',
  'percent_covered',
] as const;

export function tilesToCsv(tiles: readonly TileExportItem[], options: CredentialOptions = {}): string {
  return toCsv(
    CSV_COLUMNS,
    tiles.map((t) => [
      t.z,
      t.x,
      t.y,
      exportedUrl(t.url, options),
      t.captureStart,
      t.captureEnd,
      t.published,
      t.resolution,
      t.percentCovered,
    ]),
  );
}

export type TileFeatureProperties = {
  z: number;
  x: number;
  y: number;
  url: string;
  capture_start: string | null;
  capture_end: string | null;
  published: string | null;
  resolution: string | null;
  percent_covered: number | null;
};

/** The tiles as polygons (from geospatial_extent) with the CSV's columns as properties. */
export function tilesToGeoJson(
  tiles: readonly TileExportItem[],
  options: CredentialOptions = {},
): FeatureCollection<Polygon, TileFeatureProperties> {
  return {
    type: 'FeatureCollection',
    features: tiles.map(
      (t): Feature<Polygon, TileFeatureProperties> => ({
        type: 'Feature',
        geometry: bboxPolygon(t.extent ?? tileExtent(t)).geometry,
        properties: {
          z: t.z,
          x: t.x,
          y: t.y,
          url: exportedUrl(t.url, options),
          capture_start: t.captureStart,
          capture_end: t.captureEnd,
          published: t.published,
          resolution: t.resolution,
          percent_covered: t.percentCovered,
        },
      }),
    ),
  };
}
