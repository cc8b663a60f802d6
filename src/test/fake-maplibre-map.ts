import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Test double for the parts of a MapLibre map that terra-draw's adapter and the read-only layer
 * use: no WebGL, a flat projection of 1,000 px per degree, and DOM events on a real canvas.
 */
export class FakeMapLibreMap {
  readonly version = '5.0.0';
  readonly container = document.createElement('div');
  readonly canvas = document.createElement('canvas');
  readonly sources = new Map<string, { data: unknown }>();
  readonly layers: string[] = [];
  readonly dragPan = toggle();
  readonly dragRotate = toggle();
  readonly doubleClickZoom = toggle();

  constructor() {
    this.container.appendChild(this.canvas);
  }

  asMap(): MapLibreMap {
    return this as unknown as MapLibreMap;
  }

  getContainer = () => this.container;
  getCanvas = () => this.canvas;
  project = ({ lng, lat }: { lng: number; lat: number }) => ({ x: lng * 1000, y: -lat * 1000 });
  unproject = ({ x, y }: { x: number; y: number }) => ({ lng: x / 1000, lat: -y / 1000 });

  addSource = (id: string, source: { data: unknown }) => {
    const entry = {
      data: source.data,
      setData: (data: unknown) => {
        entry.data = data;
      },
    };
    this.sources.set(id, entry);
  };

  getSource = (id: string) => this.sources.get(id);
  removeSource = (id: string) => this.sources.delete(id);
  addLayer = (layer: { id: string }) => {
    this.layers.push(layer.id);
  };
  getLayer = (id: string) => (this.layers.includes(id) ? { id } : undefined);
  removeLayer = (id: string) => {
    this.layers.splice(this.layers.indexOf(id), 1);
  };
  moveLayer = () => {};
  hasImage = () => false;
  loadImage = () => Promise.resolve({ data: null });
  addImage = () => {};

  /** A click (pointer down and up without moving) at a lon/lat. */
  click(lng: number, lat: number): void {
    this.pointer('pointermove', lng, lat);
    this.pointer('pointerdown', lng, lat);
    this.pointer('pointerup', lng, lat);
  }

  /** A press, a drag through the given points, and a release at the last. */
  drag(from: [number, number], ...path: [number, number][]): void {
    this.pointer('pointermove', ...from);
    this.pointer('pointerdown', ...from);
    for (const point of path) this.pointer('pointermove', ...point);
    this.pointer('pointerup', ...path[path.length - 1]);
  }

  key(key: string): void {
    this.canvas.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    this.canvas.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
  }

  private pointer(type: string, lng: number, lat: number): void {
    const { x, y } = this.project({ lng, lat });
    this.canvas.dispatchEvent(
      new PointerEvent(type, { clientX: x, clientY: y, isPrimary: true, button: 0, bubbles: true, cancelable: true }),
    );
  }
}

function toggle() {
  let enabled = true;
  return {
    isEnabled: () => enabled,
    enable: () => {
      enabled = true;
    },
    disable: () => {
      enabled = false;
    },
  };
}
