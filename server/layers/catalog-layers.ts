import type { Catalog } from '../catalog/catalog.ts';
import type { Survey } from '../catalog/survey.ts';
import { areaCentre, type Extent, extentCentre } from '../../core/geo/geometry.ts';
import { notFound } from '../errors.ts';
import { baseUrlOf, surveyOrNotFound } from '../routes/checks.ts';
import { tileAnswerer, type TileAnswerOptions } from '../routes/tile-answer.ts';
import { LATEST_IMAGERY } from '../../core/wire/latest-imagery.ts';
import type { LayerInfo } from './layer-documents.ts';
import type { LayerSource } from './layer-source.ts';

export const LATEST_IMAGERY_TITLE = 'Newest imagery (basemap)';
export const LATEST_IMAGERY_ABSTRACT = 'At each tile, the newest survey with imagery there.';

const layerOf = (survey: Survey): LayerInfo => ({
  id: survey.id,
  title: survey.id,
  abstract:
    `Captured ${survey.captureStart} to ${survey.captureEnd}; published ${survey.publishedDate}; ` +
    `${survey.resolutionClass} resolution; ${survey.cloudCover}% cloud cover; ${survey.spectralRange}.`,
  bbox: survey.bbox,
  centre: areaCentre(survey.footprint),
});

function latestImageryLayer(catalog: Catalog): LayerInfo {
  const extent = catalog.extent;
  if (!extent) throw notFound('The catalog is empty.', 'survey_not_found');
  const bbox: Extent = [...extent];
  return {
    id: LATEST_IMAGERY,
    title: LATEST_IMAGERY_TITLE,
    abstract: LATEST_IMAGERY_ABSTRACT,
    bbox,
    centre: extentCentre(bbox),
  };
}

/** The reference service's layers: its catalog and its own tiles. */
export function catalogLayers(options: TileAnswerOptions): LayerSource {
  const { catalog, config } = options;
  const sendTile = tileAnswerer(options);
  return {
    async layer(_request, id) {
      const current = catalog.current;
      return id === LATEST_IMAGERY ? latestImageryLayer(current) : layerOf(surveyOrNotFound(current, id));
    },
    async layers(_request, surveys) {
      const current = catalog.current;
      if (surveys !== 'all') return surveys.flatMap((id) => current.get(id) ?? []).map(layerOf);
      return [...current.list().map(layerOf), ...(current.size > 0 ? [latestImageryLayer(current)] : [])];
    },
    async unknownSurveys(_request, ids) {
      const current = catalog.current;
      return ids.filter((id) => current.get(id) === undefined);
    },
    sendTile,
    baseUrl: (request) => baseUrlOf(config, request),
  };
}
