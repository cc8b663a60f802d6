import type { BBox } from 'geojson';
import type { AreaGeometry } from '../../geo/geometry.ts';

/** One survey of the catalog, as the service holds it (independent of any response profile). */
export interface Survey {
  id: string;
  /** ISO 8601 UTC timestamps. */
  captureStart: string;
  captureEnd: string;
  publishedDate: string;
  lastUpdated: string;
  /** Percent, 0–100. */
  cloudCover: number;
  spectralRange: string;
  /** Ground sample distance class, e.g. "7.5cm". */
  resolutionClass: string;
  footprint: AreaGeometry;
  /** [minLon, minLat, maxLon, maxLat] of the footprint. */
  bbox: BBox;
  /** Seed for procedural imagery, so each survey looks different but deterministic. */
  seed: number;
}
