import type { BBox, MultiPolygon, Polygon } from 'geojson';

/** The app's view of the service's data, whichever response shape a deployment uses. */

export interface Survey {
  id: string;
  /** ISO 8601 UTC. */
  captureStart: string;
  captureEnd: string;
  lastUpdated: string | null;
  /** Percent 0–100, or null where the service does not publish it. */
  cloudCover: number | null;
  spectralRange: string | null;
}

/**
 * Whether a survey's cloud cover passes a maximum (percent; null: any). A survey that publishes none never passes one:
 * nothing says it is clear.
 */
export const withinCloudLimit = (cloudCover: number | null | undefined, maxCloud: number | null): boolean =>
  maxCloud === null || (cloudCover != null && cloudCover <= maxCloud);

export interface SurveyPage {
  surveys: Survey[];
  page: number;
  hasNext: boolean;
  pageSize: number | null;
  totalPages: number | null;
  totalResults: number | null;
}

export type FootprintGeometry = Polygon | MultiPolygon;

export interface SurveyFootprint {
  surveyId: string;
  geometry: FootprintGeometry;
  bbox: BBox;
}

/** A survey found by a coverage search (endpoint 3): the catalog entry and its footprint. */
export interface CoverageSurvey extends Survey {
  footprint: FootprintGeometry;
}

/** One tile of a survey (endpoint 4), one capture of it where the provider lists several. */
export interface TileMetadataItem {
  /** Tile address: the seed sends z/x/y; otherwise read from static_url or geospatial_extent. */
  z: number;
  x: number;
  y: number;
  url: string;
  /** [west, south, east, north], EPSG:4326. */
  extent: [number, number, number, number] | null;
  captureId: string | null;
  captureStart: string | null;
  captureEnd: string | null;
  publishedDate: string | null;
  /** Resolution class, e.g. "7.5cm". */
  resolution: string | null;
  fileFormat: string | null;
  /** Share (0–100) of the tile that holds imagery. */
  percentCovered: number | null;
}

/** The newest capture of a tile that says when it was captured, if any: the one its survey's tile shows. */
export function newestCapture(items: readonly TileMetadataItem[]): TileMetadataItem | null {
  const dated = items.filter((item) => item.captureStart !== null);
  return [...dated].sort((x, y) => Date.parse(y.captureStart!) - Date.parse(x.captureStart!))[0] ?? null;
}

export interface AccessToken {
  value: string;
  /** Seconds of validity from issue. */
  expiresIn: number;
}

export interface StaticKey {
  value: string;
  expiresIn: number;
}

/** /config.json, served beside the app. */
export interface RuntimeConfig {
  mode: string;
  serviceUrl: string;
  audience: string;
  clientId: string;
  /** Only ever the public demo secret. */
  clientSecret: string;
  basemapStyleUrl: string | null;
  /** Gateway mode: whether the gateway asks for its access key (else it admits by SSO header, or is open). */
  accessKeyRequired: boolean;
}

/** [west, south, east, north] in degrees. */
export type PlaceExtent = [number, number, number, number];

/** US places from the offline basemap's data (public/basemap/gazetteer.json), for place search. */
export interface Gazetteer {
  states: { name: string; code: string; extent: PlaceExtent }[];
  /** Most populous first. */
  cities: { name: string; state: string; position: [number, number]; population: number }[];
  counties: { name: string; state: string; extent: PlaceExtent }[];
}

/** A read-only key that opens the standard layer endpoints (WMTS, XYZ, TileJSON) for desktop GIS. */
export interface TileKey {
  id: string;
  name: string;
  /** Survey ids, or every survey and the `basemap` mosaic. */
  surveys: string[] | 'all';
  /** ISO 8601 UTC. */
  createdAt: string;
  expiresAt: string;
}

/** A key just made: the only time its text is known (the service keeps a hash). */
export interface NewTileKey extends TileKey {
  key: string;
}
