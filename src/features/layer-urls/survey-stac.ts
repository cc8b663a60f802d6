import type { CoverageSurvey, FootprintGeometry, Survey } from '../../../core/wire/model.ts';
import { tileJsonUrl, wmtsCapabilitiesUrl, xyzTemplate } from '../../../core/wire/layer-urls.ts';
import { extentOf } from '../../../core/geo/geometry.ts';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../../core/wire/limits.ts';

export interface SurveyStacInput {
  survey: Survey;
  footprint: FootprintGeometry;
  bbox: [number, number, number, number] | number[];
  baseUrl: string;
  /** The tile key the assets open (read-only, expiring). */
  key: string;
}

/**
 * A survey as a STAC 1.0 Item: its footprint and capture window, and its imagery as assets a STAC client opens — the
 * XYZ template, TileJSON and WMTS capabilities, each with the tile key.
 */
export function surveyStacItem({ survey, footprint, bbox, baseUrl, key }: SurveyStacInput) {
  return {
    type: 'Feature',
    stac_version: '1.0.0',
    stac_extensions: [],
    id: survey.id,
    bbox: [...bbox],
    geometry: footprint,
    properties: {
      title: `Aerial survey ${survey.id}`,
      datetime: null,
      start_datetime: survey.captureStart,
      end_datetime: survey.captureEnd,
      ...(survey.lastUpdated && { updated: survey.lastUpdated }),
      ...(survey.cloudCover !== null && { 'survey_viewer:cloud_cover': survey.cloudCover }),
      'survey_viewer:zooms': [MIN_TILE_ZOOM, MAX_TILE_ZOOM],
    },
    links: [],
    assets: {
      xyz: {
        href: xyzTemplate(baseUrl, survey.id, key),
        type: 'image/png',
        title: `XYZ tiles, zoom ${MIN_TILE_ZOOM}–${MAX_TILE_ZOOM} (EPSG:3857)`,
        roles: ['tiles'],
      },
      tilejson: {
        href: tileJsonUrl(baseUrl, survey.id, key),
        type: 'application/json',
        title: 'TileJSON 3.0.0',
        roles: ['metadata'],
      },
      wmts: {
        href: wmtsCapabilitiesUrl(baseUrl, key),
        type: 'application/xml',
        title: 'OGC WMTS 1.0.0 capabilities',
        roles: ['metadata'],
      },
    },
  };
}

/** The surveys of an area search as a STAC ItemCollection (GeoJSON FeatureCollection of Items). */
export function surveysItemCollection(surveys: readonly CoverageSurvey[], baseUrl: string, key: string) {
  return {
    type: 'FeatureCollection',
    features: surveys.map((survey) =>
      surveyStacItem({ survey, footprint: survey.footprint, bbox: extentOf(survey.footprint), baseUrl, key }),
    ),
  };
}
