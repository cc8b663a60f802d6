import type { Map as MapLibreMap } from 'maplibre-gl';
import type { AreaDrawing } from '../features/area-search/area-drawing.ts';
import { areaSearchLayerIds } from '../features/area-search/area-search-layers.ts';
import type { AreaSearchOverlay } from '../features/area-search/area-search-map.ts';
import { type Footprints, SURVEY_LAYERS } from './footprints.ts';
import type { Emitter, SurveyMapEvents } from './map-events.ts';
import type { MeasureLayer } from '../features/measure/measure-layer.ts';
import { PORTFOLIO_TARGETS, type PortfolioLayer } from '../features/portfolio/portfolio-layer.ts';

export interface PointerTargets {
  events: Emitter<SurveyMapEvents>;
  drawing: AreaDrawing;
  measure: MeasureLayer;
  areaSearch: AreaSearchOverlay;
  footprints: Footprints;
  portfolio: PortfolioLayer;
  /** Whether the app's layers are on the map yet. */
  isReady(): boolean;
}

/**
 * Hover and clicks on surveys, tile cells and portfolio locations, and the pointer's place; a drawing tool takes them
 * over.
 */
export function listenToPointer(
  map: MapLibreMap,
  { events, drawing, measure, areaSearch, footprints, portfolio, isReady }: PointerTargets,
) {
  /** A drawing or measuring tool has the pointer. */
  const toolActive = () => drawing.isActive() || measure.isActive();
  const setPointer = (on: boolean) => {
    if (!toolActive()) map.getCanvas().style.cursor = on ? 'pointer' : '';
  };
  map.on('mousemove', SURVEY_LAYERS, (event) => {
    const id = toolActive() ? null : event.features?.[0]?.properties?.id;
    events.emit('footprintHovered', typeof id === 'string' ? { id, x: event.point.x, y: event.point.y } : null);
  });
  map.on('mousemove', (event) => events.emit('cursorMoved', [event.lngLat.lng, event.lngLat.lat]));
  map.on('mouseout', () => {
    events.emit('cursorMoved', null);
    events.emit('footprintHovered', null);
  });
  map.on('mouseenter', SURVEY_LAYERS, () => setPointer(true));
  map.on('mouseleave', SURVEY_LAYERS, () => {
    setPointer(false);
    events.emit('footprintHovered', null);
  });
  map.on('mousemove', areaSearchLayerIds.tileFill, (event) => {
    const key = event.features?.[0]?.properties?.key;
    areaSearch.hoverTile(typeof key === 'string' && !toolActive() ? key : null);
  });
  map.on('mouseenter', areaSearchLayerIds.tileFill, () => setPointer(true));
  map.on('mouseleave', areaSearchLayerIds.tileFill, () => {
    setPointer(false);
    areaSearch.hoverTile(null);
  });
  map.on('mouseenter', PORTFOLIO_TARGETS, () => setPointer(true));
  map.on('mouseleave', PORTFOLIO_TARGETS, () => setPointer(false));
  map.on('click', (event) => {
    // A measuring tool marks the clicks it takes (its listener comes first), the one that ends a measurement too.
    if (!isReady() || event.defaultPrevented || drawing.ownsClick() || measure.isActive()) return;
    // A portfolio's marks are drawn over everything else of the app's.
    const hit = portfolio.hitAt(event.point);
    if (hit) {
      if ('location' in hit) events.emit('portfolioLocationClicked', hit.location);
      else void portfolio.expandCluster(hit.cluster, hit.center);
      return;
    }
    const tile = areaSearch.tileAt(event.point);
    if (tile !== undefined) events.emit('tileClicked', tile);
    if (typeof tile === 'string') return;
    const surveyIds = footprints.surveysAt(event.point);
    events.emit('footprintsClicked', { surveyIds, x: event.point.x, y: event.point.y });
  });
}
