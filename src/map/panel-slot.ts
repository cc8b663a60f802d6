import type { IControl } from 'maplibre-gl';

/**
 * An empty MapLibre control: a place in a map corner that the app's own panels render into, stacked with MapLibre's
 * controls.
 */
export class PanelSlot implements IControl {
  readonly container = document.createElement('div');

  constructor(className: string) {
    this.container.className = `maplibregl-ctrl ${className}`;
  }

  onAdd(): HTMLElement {
    return this.container;
  }

  onRemove(): void {
    this.container.remove();
  }
}
