import type { Map as MapLibreMap, RequestTransformFunction, StyleSpecification } from 'maplibre-gl';
import { repaintBasemap } from './basemap-style.ts';
import type { CameraSync } from './camera-sync.ts';
import { compareRaster, type CompareSideSpec } from './compare-layers.ts';
import { createMap } from './create-map.ts';
import { firstLabelLayer } from './first-label-layer.ts';
import { mirrorMarks } from './mirrored-marks.ts';
import { RasterSlot } from './raster-slot.ts';

export interface SyncedMapOptions {
  /** The page's main map, whose marks this one draws too. */
  main: MapLibreMap;
  style: StyleSpecification | string;
  /** The main map's: every tile is counted and authorized as the main map's are. */
  transformRequest: RequestTransformFunction;
  /** A tile was refused (401): the credential needs renewing. */
  onUnauthorized(): void;
  /** The main map's sources drawn on this map too (the user's marks). */
  mirrored: readonly string[];
  /** The pointer's place on this map ([lng, lat]), or null when it left. */
  onCursor(at: [number, number] | null): void;
  cameras: CameraSync;
  onDestroyed(map: SyncedMap): void;
}

/**
 * One more interactive map beside the main one (side by side), showing one imagery under the place names: it and the
 * main map move together. Made with the page's basemap, zoom range and controls.
 */
export class SyncedMap {
  readonly map: MapLibreMap;
  private readonly slot: RasterSlot;
  private style: StyleSpecification | string;
  private styleReady = false;
  private destroyed = false;
  private readonly stopSync: () => void;
  private readonly stopMirroring: () => void;

  constructor(
    container: HTMLElement,
    private readonly options: SyncedMapOptions,
  ) {
    this.style = options.style;
    this.map = createMap(container, { style: options.style });
    this.map.setTransformRequest(options.transformRequest);
    this.slot = new RasterSlot(this.map, {
      sourceId: 'side-by-side',
      layerId: 'side-by-side-imagery',
      below: () => [firstLabelLayer(this.map) ?? ''],
      onUnauthorized: options.onUnauthorized,
    });
    this.map.once('style.load', () => {
      this.styleReady = true;
      this.repaint(this.style);
      this.slot.install();
    });
    // Listening to errors also keeps MapLibre from logging them (their messages hold tile URLs).
    this.map.on('error', (event) => this.slot.tileFailed(event));
    this.map.on('mousemove', (event) => options.onCursor([event.lngLat.lng, event.lngLat.lat]));
    this.map.on('mouseout', () => options.onCursor(null));
    this.stopSync = options.cameras.add(this.map);
    this.stopMirroring = mirrorMarks(options.main, this.map, options.mirrored);
  }

  /** The imagery shown (or none). */
  show(imagery: CompareSideSpec | null): void {
    this.slot.show(imagery && compareRaster(imagery, 1, true));
  }

  /** What a saved image or a report writes above this map (its survey and capture). */
  caption = '';
  setCaption(caption: string): void {
    this.caption = caption;
  }

  /** The map's accessible name (its canvas is a named region, as MapLibre makes it). */
  setLabel(label: string): void {
    this.map.getCanvas().setAttribute('aria-label', label);
  }

  repaint(style: StyleSpecification | string): void {
    this.style = style;
    if (this.styleReady && typeof style !== 'string') repaintBasemap(this.map, style);
  }

  reload = (): void => this.slot.reload();
  networkRestored = (): void => this.slot.networkRestored();

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stopSync();
    this.stopMirroring();
    this.slot.destroy();
    this.map.remove();
    this.options.onDestroyed(this);
  }
}
