import type { IControl } from 'maplibre-gl';
import { MAP_PANEL } from './map-camera.ts';

/**
 * An empty MapLibre control: a place in a map corner that the app's own panels render into, stacked with MapLibre's
 * controls; framing keeps clear of it.
 */
export class PanelSlot implements IControl {
  readonly container = document.createElement('div');

  constructor(className: string) {
    this.container.className = `maplibregl-ctrl ${className}`;
    // What it holds is a panel over the map: framing keeps clear of it.
    for (const [name, value] of Object.entries(MAP_PANEL)) this.container.setAttribute(name, value);
  }

  onAdd(): HTMLElement {
    return this.container;
  }

  onRemove(): void {
    this.container.remove();
  }
}
