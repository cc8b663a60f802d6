import type { QueryClient } from '@tanstack/react-query';
import type { Position } from 'geojson';
import type { Connection } from '../../api/connection.ts';
import { latestImageryQuery } from '../../api/tiles.ts';
import { LATEST_IMAGERY } from '../../../core/wire/latest-imagery.ts';
import type { AnnotatedImagery } from './annotation.ts';
import { tileZoomAt } from '../../map/imagery-source.ts';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../../core/wire/limits.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { parseSide } from '../../catalog/compared-imagery.ts';
import { compareStore } from '../../state/compare-store.ts';
import { mapLayersStore } from '../../state/map-layers-store.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { uiStore } from '../../state/ui-store.ts';
import { tileAt } from '../../../core/geo/tile-address.ts';
import { tileCapturesQueryOptions } from '../../catalog/tile-capture-queries.ts';
import { newestCapture } from '../compare/index.ts';

interface ShownLayer {
  surveyId: string;
  captureId: string | null;
  query: Record<string, string>;
}

/** The imagery layer shown at a place: the compared side it is on, the selected survey, or the latest imagery. */
function layerAt(surveyMap: SurveyMap, place: Position): ShownLayer | null {
  const compare = compareStore.getState();
  if (compare.active && compare.a && compare.b) {
    const { x } = surveyMap.camera.project([place[0], place[1]]);
    const onB = compare.mode === 'swipe' ? x > surveyMap.camera.container().clientWidth * compare.swipe : false;
    const side = parseSide(onB ? compare.b : compare.a);
    return { surveyId: side.surveyId, captureId: side.capture?.id ?? null, query: {} };
  }
  const selected = selectionStore.getState().selectedId;
  const ui = uiStore.getState();
  if (selected && ui.previewVisible) return { surveyId: selected, captureId: null, query: {} };
  if (ui.latestImagery)
    return {
      surveyId: LATEST_IMAGERY,
      captureId: null,
      query: latestImageryQuery(mapLayersStore.getState().latestMaxCloud),
    };
  return null;
}

/**
 * The survey and capture shown at a place now, from the tile's metadata at the zoom the map draws (the same lookup as
 * the capture readout, so usually already known); null where no survey imagery is shown there.
 */
export async function imageryUnder(
  client: QueryClient,
  connection: Connection,
  surveyMap: SurveyMap,
  place: Position,
): Promise<AnnotatedImagery | null> {
  const layer = layerAt(surveyMap, place);
  if (!layer) return null;
  const z = Math.min(MAX_TILE_ZOOM, Math.max(MIN_TILE_ZOOM, tileZoomAt(surveyMap.camera.getZoom())));
  const tile = tileAt(place[0], place[1], z);
  const items = await client.fetchQuery(tileCapturesQueryOptions(connection, layer.surveyId, tile, layer.query));
  const shown = layer.captureId ? items.find((i) => i.captureId === layer.captureId) : newestCapture(items);
  if (!shown && items.length === 0) return null;
  return {
    surveyId: layer.surveyId,
    captureId: shown?.captureId ?? layer.captureId,
    captureStart: shown?.captureStart ?? null,
    captureEnd: shown?.captureEnd ?? null,
  };
}
