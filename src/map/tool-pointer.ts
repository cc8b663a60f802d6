import type { MapLayerMouseEvent, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';

type MouseEventName = 'click' | 'dblclick' | 'mousemove' | 'mousedown' | 'mouseup';
type LayerEventName = 'mousedown' | 'mouseenter' | 'mouseleave';

/**
 * What a feature's tool (`surveyMap.addTool`) has of the map: its pointer events, anywhere or over a layer of the
 * tool's own overlay, the cursor, and double-click zoom (off while a double click ends what the tool does).
 */
export class ToolPointer {
  constructor(private readonly map: MapLibreMap) {}

  /** A mouse event anywhere on the map; returns what stops listening. */
  on(name: MouseEventName, listener: (event: MapMouseEvent) => void): () => void {
    this.map.on(name, listener);
    return () => this.map.off(name, listener);
  }

  /** The next such event only. */
  once(name: MouseEventName, listener: (event: MapMouseEvent) => void): void {
    this.map.once(name, listener);
  }

  /** A mouse event over one of the layers (the tool's own). */
  onLayer(name: LayerEventName, layerId: string, listener: (event: MapLayerMouseEvent) => void): void {
    this.map.on(name, layerId, listener);
  }

  setCursor(cursor: string): void {
    this.map.getCanvas().style.cursor = cursor;
  }

  setDoubleClickZoom(on: boolean): void {
    if (on) this.map.doubleClickZoom.enable();
    else this.map.doubleClickZoom.disable();
  }

  /** Where a place is drawn, in the map's pixels. */
  project = ([lng, lat]: readonly [number, number]): { x: number; y: number } => this.map.project([lng, lat]);
}
