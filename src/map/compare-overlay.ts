import * as maplibregl from 'maplibre-gl';
import { compareLayer, compareSource, compareSourceId, sameSide, type CompareSideSpec } from './compare-layers.ts';
import { firstLabelLayer } from './first-label-layer.ts';
import { replaceRaster } from './raster-layer.ts';
import { TileRetrier, type TileErrorEvent } from './tile-retry.ts';

export interface CompareOverlayOptions {
  style: maplibregl.StyleSpecification | string;
  transformRequest: maplibregl.RequestTransformFunction;
  /** A tile of this side was refused (401): the credential needs renewing. */
  onUnauthorized(): void;
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
  private side: CompareSideSpec;
  private ready = false;
  private readonly retrier: TileRetrier;
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
    this.side = side;
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
    this.retrier = new TileRetrier(compareSourceId(SIDE), () => this.reload());
    this.map.on('load', () => {
      this.ready = true;
      this.install();
    });
    this.map.on('error', (event: maplibregl.ErrorEvent & { sourceId?: string }) => {
      const status = (event.error as { status?: number } | undefined)?.status;
      if (event.sourceId === compareSourceId(SIDE) && status === 401) options.onUnauthorized();
      this.retrier.tileFailed(event as TileErrorEvent);
    });
    main.on('move', this.follow);
    main.on('resize', this.resize);
  }

  showSide(side: CompareSideSpec): void {
    const previous = this.side;
    this.side = side;
    if (this.ready && !sameSide(previous, side)) this.install();
  }

  /** Only the part right of `fraction` (0–1 of the width) shows. */
  setSwipe(fraction: number): void {
    this.element.style.clipPath = `inset(0 0 0 ${(fraction * 100).toFixed(3)}%)`;
  }

  reload(): void {
    const source = this.ready ? this.map.getSource<maplibregl.RasterTileSource>(compareSourceId(SIDE)) : undefined;
    source?.setTiles([this.side.tiles]);
  }

  networkRestored(): void {
    this.retrier.networkRestored();
  }

  destroy(): void {
    this.retrier.reset();
    this.main.off('move', this.follow);
    this.main.off('resize', this.resize);
    this.map.remove();
    this.element.remove();
  }

  private install(): void {
    this.retrier.reset();
    const layer = compareLayer(SIDE, 1, true);
    // Under the place names, as the preview is.
    replaceRaster(this.map, layer.id, compareSourceId(SIDE), {
      source: compareSource(this.side),
      layer,
      before: firstLabelLayer(this.map),
    });
  }
}
