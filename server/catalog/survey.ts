import type { AreaGeometry, Extent } from '../../core/geo/geometry.ts';

/** Part of a survey re-processed and published again later: a new capture over some of its zoom-14 tiles. */
export interface Republication {
  /** ISO 8601 UTC timestamps of the new capture and its publication. */
  captureStart: string;
  captureEnd: string;
  publishedDate: string;
  /** Quadkeys of the zoom-14 tiles it replaced (the grid `mosaic_stac_id` names). */
  quadkeys: string[];
}

/** A survey id: letters, digits, ".", "_" and "-", starting with a letter or digit, up to 128 characters. */
export const SURVEY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const isSurveyId = (id: string): boolean => SURVEY_ID.test(id);

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
  /** The footprint's extent. */
  bbox: Extent;
  /** Seed for procedural imagery, so each survey looks different but deterministic. */
  seed: number;
  /** Later captures over parts of the survey, oldest first; the newest one at a tile is what the tile shows. */
  republished?: Republication[];
}
