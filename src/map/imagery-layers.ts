import type { ErrorEvent, Map as MapLibreMap, RequestTransformFunction, StyleSpecification } from 'maplibre-gl';
import { compareLayerId, compareRasters, compareSourceId, type CompareSpec } from './compare-layers.ts';
import { CAPTURE_LAYER, CAPTURE_SOURCE, type CaptureSpec, captureRaster } from './capture-layer.ts';
import { CompareOverlay } from './compare-overlay.ts';
import { LAYER_SLOTS } from './layer-order.ts';
import { LATEST_LAYER, LATEST_SOURCE, latestImageryRaster } from './latest-imagery-layer.ts';
import { PREVIEW_LAYER, PREVIEW_SOURCE, previewRaster, type PreviewSpec } from './preview-layer.ts';
import { RasterSlot } from './raster-slot.ts';
import { TIMELAPSE_LAYER, TIMELAPSE_SOURCE, type TimelapseFrameSpec, timelapseRaster } from './timelapse-layer.ts';

export interface ImageryOptions {
  style: StyleSpecification | string;
  /** Adds credentials to the swipe's second map's tile requests. */
  transformRequest: RequestTransformFunction;
  /** A tile of any imagery layer was refused (401): the credential needs renewing. */
  onUnauthorized(): void;
  /** Sources of the main map drawn on the swipe's second map too (the user's marks). */
  mirrored: readonly string[];
}

/**
 * The imagery on the map, each layer a raster slot: the latest imagery everywhere (lowest), the selected
 * survey's preview, an older capture of one of its tiles over it, a timelapse frame (which hides all the others: a
 * frame shows its survey alone), and the two compared surveys (the preview and the capture hidden meanwhile); while
 * swiping, B is on the swipe's second map.
 */
export class ImageryLayers {
  private preview: PreviewSpec | null = null;
  private compare: CompareSpec | null = null;
  private capture: CaptureSpec | null = null;
  private frame: TimelapseFrameSpec | null = null;
  private latestTiles: string | null = null;
  private overlay: CompareOverlay | null = null;
  /** Maps side by side cover this one: its imagery is hidden, so no tile is asked for that nobody sees. */
  private covered = false;
  /** The basemap the swipe's second map is made with. */
  private style: StyleSpecification | string;
  private readonly latest: RasterSlot;
  private readonly previewSlot: RasterSlot;
  private readonly captureSlot: RasterSlot;
  private readonly frameSlot: RasterSlot;
  private readonly compareSlots: { a: RasterSlot; b: RasterSlot };

  constructor(
    private readonly map: MapLibreMap,
    private readonly options: ImageryOptions,
  ) {
    this.style = options.style;
    const slot = (sourceId: string, layerId: string, below: () => readonly string[]) =>
      new RasterSlot(map, { sourceId, layerId, below, onUnauthorized: options.onUnauthorized });
    this.latest = slot(LATEST_SOURCE, LATEST_LAYER, () => [PREVIEW_LAYER, CAPTURE_LAYER, LAYER_SLOTS.imagery]);
    this.previewSlot = slot(PREVIEW_SOURCE, PREVIEW_LAYER, () => [CAPTURE_LAYER, LAYER_SLOTS.imagery]);
    this.captureSlot = slot(CAPTURE_SOURCE, CAPTURE_LAYER, () => [TIMELAPSE_LAYER, LAYER_SLOTS.imagery]);
    this.frameSlot = slot(TIMELAPSE_SOURCE, TIMELAPSE_LAYER, () => [LAYER_SLOTS.imagery]);
    this.compareSlots = {
      a: slot(compareSourceId('a'), compareLayerId('a'), () => [compareLayerId('b'), LAYER_SLOTS.comparison]),
      b: slot(compareSourceId('b'), compareLayerId('b'), () => [LAYER_SLOTS.comparison]),
    };
  }

  private get slots(): RasterSlot[] {
    return [this.latest, this.previewSlot, this.captureSlot, this.frameSlot, this.compareSlots.a, this.compareSlots.b];
  }

  /** The style is ready: every layer goes in as last asked. */
  install(): void {
    for (const slot of this.slots) slot.install();
  }

  showPreview(spec: PreviewSpec | null): void {
    this.preview = spec;
    this.applyPreview();
  }

  showCapture(spec: CaptureSpec | null): void {
    this.capture = spec;
    this.applyPreview();
  }

  showLatest(tiles: string | null): void {
    this.latestTiles = tiles;
    this.applyPreview();
  }

  showTimelapseFrame(spec: TimelapseFrameSpec | null): void {
    const changed = (spec === null) !== (this.frame === null);
    this.frame = spec;
    this.frameSlot.show(spec && timelapseRaster(spec));
    this.applyPreview();
    if (changed) this.applyCompare();
  }

  /** Whether other maps cover this one (side by side). */
  setCovered(covered: boolean): void {
    if (covered === this.covered) return;
    this.covered = covered;
    this.applyPreview();
  }

  showCompare(spec: CompareSpec | null): void {
    this.compare = spec;
    this.applyPreview();
    this.applyCompare();
  }

  /** The basemap in another theme: the swipe's second map is repainted, and made so from now on. */
  repaintBasemap(style: StyleSpecification): void {
    this.style = style;
    this.overlay?.repaint(style);
  }

  /** The swipe's second map, while there is one. */
  overlayMap(): MapLibreMap | null {
    return this.overlay?.map ?? null;
  }

  /** Where the swipe's divider is (0–1 of the map's width), while swiping. */
  swipeFraction(): number | null {
    return this.overlay && this.compare ? this.compare.swipe : null;
  }

  /** Asks for every layer's tiles again, e.g. after the credential was renewed. */
  reload(): void {
    for (const slot of this.slots) slot.reload();
    this.overlay?.reload();
  }

  tileFailed(event: ErrorEvent): void {
    for (const slot of this.slots) slot.tileFailed(event);
  }

  networkRestored(): void {
    for (const slot of this.slots) slot.networkRestored();
    this.overlay?.networkRestored();
  }

  destroy(): void {
    for (const slot of this.slots) slot.destroy();
    this.overlay?.destroy();
    this.overlay = null;
  }

  private applyPreview(): void {
    const spec = this.preview;
    const hidden = this.compare !== null || this.frame !== null || this.covered;
    this.previewSlot.show(spec && previewRaster(spec, spec.visible && !hidden));
    this.captureSlot.show(this.capture && !hidden ? captureRaster(this.capture) : null);
    const latestShown = this.latestTiles && !this.frame && !this.covered;
    this.latest.show(latestShown ? latestImageryRaster(this.latestTiles!) : null);
  }

  /** The compared surveys, hidden (the swipe's second map removed) while a timelapse frame shows. */
  private applyCompare(): void {
    const rasters = this.compare && !this.frame ? compareRasters(this.compare) : null;
    this.compareSlots.a.show(rasters?.a ?? null);
    this.compareSlots.b.show(rasters?.b ?? null);
    this.applyOverlay();
  }

  /** The swipe's second map: made when swiping starts, removed when fading or done (or a timelapse frame shows). */
  private applyOverlay(): void {
    const spec = this.frame ? null : this.compare;
    if (spec?.mode !== 'swipe') {
      this.overlay?.destroy();
      this.overlay = null;
      return;
    }
    this.overlay ??= new CompareOverlay(this.map, spec.b, { ...this.options, style: this.style });
    this.overlay.showSide(spec.b);
    this.overlay.setSwipe(spec.swipe);
  }
}
