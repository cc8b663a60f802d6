import type { Feature, FeatureCollection, GeoJsonProperties } from 'geojson';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import { areaKm2 } from './checked-area.ts';

export { areaToWkt } from './wkt.ts';

export function areaToGeoJson(area: AreaGeometry): FeatureCollection<AreaGeometry, { area_km2: number }> {
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: area, properties: { area_km2: Math.round(areaKm2(area) * 1000) / 1000 } }],
  };
}

export interface FootprintExportItem {
  surveyId: string;
  geometry: AreaGeometry;
  /** Extra columns, e.g. capture dates or percent of the area covered. */
  properties?: GeoJsonProperties;
}

export function footprintsToGeoJson(footprints: readonly FootprintExportItem[]): FeatureCollection<AreaGeometry> {
  return {
    type: 'FeatureCollection',
    features: footprints.map(
      ({ surveyId, geometry, properties }): Feature<AreaGeometry> => ({
        type: 'Feature',
        id: surveyId,
        geometry,
        properties: { ...properties, survey_id: surveyId },
      }),
    ),
  };
}
