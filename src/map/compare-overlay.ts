import * as maplibregl from 'maplibre-gl';
import { repaintBasemap } from './basemap-style.ts';
import { compareLayerId, compareRaster, compareSourceId, type CompareSideSpec } from './compare-layers.ts';
import { firstLabelLayer } from './first-label-layer.ts';
import { mirrorMarks } from './mirrored-marks.ts';
import { RasterSlot } from './raster-slot.ts';

export interface CompareOverlayOptions {
  style: maplibregl.StyleSpecification | string;
  transformRequest: maplibregl.RequestTransformFunction;
  /** A tile of this side was refused (401): the credential needs renewing. */
  onUnauthorized(): void;
  /** The main map's sources drawn on this map too (over the imagery): the user's measurement and annotations. */
  mirrored: readonly string[];
}

const SIDE = 'b';

/**
 * The swipe's right-hand side: a second, non-interactive map over the main one, following its
 * camera, clipped to the right of the divider (MapLibre cannot clip one layer to part of the
 * screen). Pointer events go through it to the main map.
 */
export class CompareOverlay {
  readonly map: maplibregl.Map;
  private readonly element: HTMLDivElement;
  private readonly slot: RasterSlot;
  private style: maplibregl.StyleSpecification | string;
  private styleReady = false;
  private readonly stopMirroring: () => void;
  private readonly follow = () =>
    this.map.jumpTo({
      center: this.main.getCenter(),
      zoom: this.main.getZoom(),
      bearing: this.main.getBearing(),
      pitch: this.main.getPitch(),
    });
  private readonly resize = () => this.map.resize();

  constructor(
    private readonly main: maplibregl.Map,
    side: CompareSideSpec,
    options: CompareOverlayOptions,
  ) {
    this.style = options.style;
    this.element = document.createElement('div');
    this.element.className = 'compare-overlay';
    this.element.setAttribute('aria-hidden', 'true');
    Object.assign(this.element.style, { position: 'absolute', inset: '0', pointerEvents: 'none' });
    const container = main.getContainer();
    container.insertBefore(this.element, container.querySelector('.maplibregl-control-container'));
    this.map = new maplibregl.Map({
      container: this.element,
      style: options.style,
      center: main.getCenter(),
      zoom: main.getZoom(),
      interactive: false,
      attributionControl: false,
      transformRequest: options.transformRequest,
    });
    // Under the place names, as the preview is.
    this.slot = new RasterSlot(this.map, {
      sourceId: compareSourceId(SIDE),
      layerId: compareLayerId(SIDE),
      below: () => [firstLabelLayer(this.map) ?? ''],
      onUnauthorized: options.onUnauthorized,
    });
    this.showSide(side);
    this.map.once('style.load', () => {
      this.styleReady = true;
      this.repaint(this.style);
    });
    this.map.on('load', () => this.slot.install());
    this.stopMirroring = mirrorMarks(main, this.map, options.mirrored);
    this.map.on('error', (event) => this.slot.tileFailed(event));
    main.on('move', this.follow);
    main.on('resize', this.resize);
  }

  showSide(side: CompareSideSpec): void {
    this.slot.show(compareRaster(side, 1, true));
  }

  /** Only the part right of `fraction` (0–1 of the width) shows. */
  setSwipe(fraction: number): void {
    this.element.style.clipPath = `inset(0 0 0 ${(fraction * 100).toFixed(3)}%)`;
  }

  /** The basemap in another theme (the same layers in other colours); a style URL is left as it is. */
  repaint(style: maplibregl.StyleSpecification | string): void {
    this.style = style;
    if (this.styleReady && typeof style !== 'string') repaintBasemap(this.map, style);
  }

  reload(): void {
    this.slot.reload();
  }

  networkRestored(): void {
    this.slot.networkRestored();
  }

  destroy(): void {
    this.stopMirroring();
    this.slot.destroy();
    this.main.off('move', this.follow);
    this.main.off('resize', this.resize);
    this.map.remove();
    this.element.remove();
  }
}
