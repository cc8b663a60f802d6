import * as maplibregl from 'maplibre-gl';
import { repaintBasemap } from './basemap-style.ts';
import type { CameraSync } from './camera-sync.ts';
import { createMap } from './create-map.ts';
import { LayerOrder } from './layer-order.ts';
import { mirrorMarks } from './mirrored-marks.ts';
import { type ImagerySpec, RasterSlot } from './raster-slot.ts';

/**
 * Where another map goes: `beside`, in a container of its own, interactive, moving with the page's map both ways (side
 * by side); or `over` the page's map, following its camera and clipped to the right of a divider, with the pointer
 * going through it (MapLibre cannot clip one layer to part of the screen).
 */
export type LinkedMapPlace = { beside: HTMLElement } | { over: true };

export interface LinkedMapHost {
  /** The page's map, whose marks this one draws too. */
  main: maplibregl.Map;
  style: maplibregl.StyleSpecification | string;
  /** The page's: every tile is counted and authorized as the page's map's are. */
  transformRequest: maplibregl.RequestTransformFunction;
  /** A slot was made (its tiles' credentials are looked up by it) or is gone. */
  slotAdded(slot: RasterSlot): () => void;
  refused(slot: RasterSlot): void;
  /** The page's map's sources drawn on this map too (the user's marks). */
  mirrored: readonly string[];
  onCursor(at: [number, number] | null): void;
  cameras: CameraSync;
  onDestroyed(map: LinkedMap): void;
}

/** The over map's element: on the page's map, under its controls, letting the pointer through. */
function overElement(main: maplibregl.Map): HTMLDivElement {
  const element = document.createElement('div');
  element.className = 'map-cover';
  element.setAttribute('aria-hidden', 'true');
  Object.assign(element.style, { position: 'absolute', inset: '0', pointerEvents: 'none' });
  const container = main.getContainer();
  container.insertBefore(element, container.querySelector('.maplibregl-control-container'));
  return element;
}

/** One more map showing imagery under the place names, with the page's basemap and the user's marks. */
export class LinkedMap {
  readonly map: maplibregl.Map;
  private readonly order: LayerOrder;
  private readonly slots = new Map<string, { slot: RasterSlot; forget: () => void }>();
  private readonly element: HTMLDivElement | null = null;
  private style: maplibregl.StyleSpecification | string;
  private styleReady = false;
  private destroyed = false;
  /** While over the page's map: where the divider is (0–1 of the width). */
  private divider = 0;
  private readonly stops: (() => void)[] = [];

  constructor(
    place: LinkedMapPlace,
    private readonly host: LinkedMapHost,
  ) {
    const { main } = host;
    this.style = host.style;
    if ('beside' in place) {
      this.map = createMap(place.beside, { style: host.style });
      this.map.setTransformRequest(host.transformRequest);
      this.map.on('mousemove', (event) => host.onCursor([event.lngLat.lng, event.lngLat.lat]));
      this.map.on('mouseout', () => host.onCursor(null));
      this.stops.push(host.cameras.add(this.map));
    } else {
      this.element = overElement(main);
      this.map = new maplibregl.Map({
        container: this.element,
        style: host.style,
        center: main.getCenter(),
        zoom: main.getZoom(),
        interactive: false,
        attributionControl: false,
        transformRequest: host.transformRequest,
      });
      const follow = () =>
        this.map.jumpTo({
          center: main.getCenter(),
          zoom: main.getZoom(),
          bearing: main.getBearing(),
          pitch: main.getPitch(),
        });
      const resize = () => this.map.resize();
      main.on('move', follow);
      main.on('resize', resize);
      this.stops.push(() => {
        main.off('move', follow);
        main.off('resize', resize);
      });
    }
    this.order = new LayerOrder(this.map);
    this.map.once('style.load', () => {
      this.styleReady = true;
      this.repaint(this.style);
      this.order.install();
      for (const { slot } of this.slots.values()) slot.install();
    });
    // Listening to errors also keeps MapLibre from logging them (their messages hold tile URLs).
    this.map.on('error', (event) => {
      for (const { slot } of this.slots.values()) slot.tileFailed(event);
    });
    this.stops.push(mirrorMarks(main, this.map, host.mirrored));
  }

  /** Its imagery (the same handle for the same source id), as the page's map's `imagery`. */
  imagery(spec: ImagerySpec): RasterSlot {
    const held = this.slots.get(spec.ids.source);
    if (held) {
      held.slot.spec = spec;
      return held.slot;
    }
    const slot = new RasterSlot(this.map, spec, { order: this.order, refused: (s) => this.host.refused(s) });
    this.slots.set(spec.ids.source, { slot, forget: this.host.slotAdded(slot) });
    if (this.styleReady) slot.install();
    return slot;
  }

  /** What a saved image or a report writes above this map (beside the page's map: its survey and capture). */
  caption = '';
  setCaption(caption: string): void {
    this.caption = caption;
  }

  /** The map's accessible name (its canvas is a named region, as MapLibre makes it). */
  setLabel(label: string): void {
    this.map.getCanvas().setAttribute('aria-label', label);
  }

  /** Over the page's map: only the part right of `fraction` (0–1 of the width) shows. */
  clip(fraction: number): void {
    this.divider = fraction;
    if (this.element) this.element.style.clipPath = `inset(0 0 0 ${(fraction * 100).toFixed(3)}%)`;
  }

  /** Where its divider is while over the page's map (0–1 of the width); null beside it. */
  get clippedAt(): number | null {
    return this.element ? this.divider : null;
  }

  /** The basemap in another theme (the same layers in other colours); a style URL is left as it is. */
  repaint(style: maplibregl.StyleSpecification | string): void {
    this.style = style;
    if (this.styleReady && typeof style !== 'string') repaintBasemap(this.map, style);
  }

  reload(): void {
    for (const { slot } of this.slots.values()) slot.reload();
  }

  networkRestored(): void {
    for (const { slot } of this.slots.values()) slot.networkRestored();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const stop of this.stops) stop();
    for (const { slot, forget } of this.slots.values()) {
      slot.destroy();
      forget();
    }
    this.map.remove();
    this.element?.remove();
    this.host.onDestroyed(this);
  }
}
