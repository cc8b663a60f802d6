import type { Map as MapLibreMap } from 'maplibre-gl';
import type { AreaDrawing } from './area-drawing.ts';
import type { GeoJsonSlot } from './geojson-slot.ts';
import type { Emitter, SurveyMapEvents } from './map-events.ts';

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
  /** The features' overlays, offered hover and clicks, the top one first. */
  overlays(): Iterable<GeoJsonSlot>;
  /** Whether the app's layers are on the map yet. */
  isReady(): boolean;
}

/** Top first: the slots on top of all, then by order. */
const fromTheTop = (a: GeoJsonSlot, b: GeoJsonSlot) =>
  Number(b.spec.onTop ?? false) - Number(a.spec.onTop ?? false) || b.spec.order - a.spec.order;

/**
 * The pointer over the features' overlays and their clicks, and the pointer's place; a drawing or measuring tool takes
 * them over. Returns what listens to a new overlay's pointer layers.
 */
export function listenToPointer(
  map: MapLibreMap,
  { events, drawing, tools, overlays, isReady }: PointerTargets,
): (slot: GeoJsonSlot) => void {
  /** A measuring tool has the pointer. */
  const featureToolActive = () => [...tools()].some((tool) => tool.isActive());
  const toolActive = () => drawing.isActive() || featureToolActive();
  const setPointer = (on: boolean) => {
    if (!toolActive()) map.getCanvas().style.cursor = on ? 'pointer' : '';
  };
  map.on('mousemove', (event) => events.emit('cursorMoved', [event.lngLat.lng, event.lngLat.lat]));
  map.on('mouseout', () => {
    events.emit('cursorMoved', null);
    for (const slot of overlays()) slot.hovered(null, null);
  });
  map.on('click', (event) => {
    // A measuring tool marks the clicks it takes (its listener comes first), the one that ends a measurement too.
    if (!isReady() || event.defaultPrevented || drawing.ownsClick() || featureToolActive()) return;
    for (const slot of [...overlays()].sort(fromTheTop)) if (slot.clicked(event.point)) return;
  });
  return (slot) => {
    const layers = slot.spec.pointerLayers;
    if (!layers) return;
    map.on('mouseenter', [...layers], () => setPointer(true));
    map.on('mousemove', [...layers], (event) => {
      const feature = toolActive() ? null : (event.features?.[0] ?? null);
      slot.hovered(feature, feature && event.point);
    });
    map.on('mouseleave', [...layers], () => {
      setPointer(false);
      slot.hovered(null, null);
    });
  };
}
