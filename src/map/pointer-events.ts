import type { Map as MapLibreMap } from 'maplibre-gl';
import type { AreaDrawing } from './area-drawing.ts';
import { areaSearchLayerIds } from './area-search-layers.ts';
import type { AreaSearchOverlay } from './area-search-map.ts';
import { type Footprints, SURVEY_LAYERS } from './catalog-footprints.ts';
import { OVERLAY_SLOTS } from './layer-order.ts';
import type { Emitter, SurveyMapEvents } from './map-events.ts';
import type { GeoJsonSlot } from './geojson-slot.ts';

/** A feature's tool that takes the map's clicks while it is active; stop() ends it (an area tool was started). */
export interface MapTool {
  isActive(): boolean;
  stop(): void;
}

export interface PointerTargets {
  events: Emitter<SurveyMapEvents>;
  drawing: AreaDrawing;
  /** Features' tools that take clicks while active (measuring). */
  tools(): Iterable<MapTool>;
  areaSearch: AreaSearchOverlay;
  footprints: Footprints;
  /** The features' overlays, offered a click before anything under them. */
  overlays(): Iterable<GeoJsonSlot>;
  /** Whether the app's layers are on the map yet. */
  isReady(): boolean;
}

/**
 * Hover and clicks on surveys, tile cells and the features' overlays, and the pointer's place; a drawing tool takes
 * them over. Returns what shows the pointer over an overlay's clickable layers.
 */
export function listenToPointer(
  map: MapLibreMap,
  { events, drawing, tools, areaSearch, footprints, overlays, isReady }: PointerTargets,
): (layers: readonly string[]) => void {
  /** A drawing or measuring tool has the pointer. */
  const featureToolActive = () => [...tools()].some((tool) => tool.isActive());
  const toolActive = () => drawing.isActive() || featureToolActive();
  const setPointer = (on: boolean) => {
    if (!toolActive()) map.getCanvas().style.cursor = on ? 'pointer' : '';
  };
  map.on('mousemove', SURVEY_LAYERS, (event) => {
    // The survey a click would offer first (newest), not whichever feature the renderer lists first.
    const id = toolActive() ? null : footprints.surveysAt(event.point)[0];
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
  map.on('click', (event) => {
    // A measuring tool marks the clicks it takes (its listener comes first), the one that ends a measurement too.
    if (!isReady() || event.defaultPrevented || drawing.ownsClick() || featureToolActive()) return;
    // The overlays' marks are drawn over everything else of the app's: the top one first.
    for (const slot of [...overlays()].sort((a, b) => overlayRank(b) - overlayRank(a)))
      if (slot.clicked(event.point)) return;
    const tile = areaSearch.tileAt(event.point);
    if (tile !== undefined) events.emit('tileClicked', tile);
    if (typeof tile === 'string') return;
    const surveyIds = footprints.surveysAt(event.point);
    events.emit('footprintsClicked', { surveyIds, x: event.point.x, y: event.point.y });
  });
  return (layers) => {
    map.on('mouseenter', [...layers], () => setPointer(true));
    map.on('mouseleave', [...layers], () => setPointer(false));
  };
}

const OVERLAY_ORDER = Object.keys(OVERLAY_SLOTS);
const overlayRank = (slot: GeoJsonSlot) => OVERLAY_ORDER.indexOf(slot.spec.order);
