import * as maplibregl from 'maplibre-gl';
import { idleAfterMissingTiles } from './idle-after-missing-tiles.ts';
import { type PrintStyleOptions, printStyle } from './print-style.ts';

const RENDER_TIMEOUT_MS = 60_000;

export interface MapRenderOptions {
  pixelRatio: number;
  type?: 'image/png' | 'image/jpeg';
  quality?: number;
  signal?: AbortSignal;
  /** Tiles asked for and settled so far (a tile with no imagery there settles without a word). */
  onProgress?: (progress: { requested: number; loaded: number }) => void;
  /** For print: overlays left out, labels sized for the paper. */
  print?: PrintStyleOptions;
}

/** A tile that still failed after one more try. */
export interface FailedTile {
  url: string;
  status: number;
}

export interface MapRender {
  blob: Blob;
  /** Image size in device pixels, and the CSS pixels it stands for (the map's size on screen). */
  width: number;
  height: number;
  cssWidth: number;
  cssHeight: number;
  /** Every tile URL the drawing asked for (as the style holds it: no credential added). */
  tiles: string[];
  failed: FailedTile[];
  /** The sources' attributions, as text. */
  attributions: string[];
}

const abortError = () => new DOMException('The map image was cancelled.', 'AbortError');

function untilIdle(map: maplibregl.Map, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('The map image did not finish drawing in a minute.'));
    }, RENDER_TIMEOUT_MS);
    const cancel = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', cancel, { once: true });
    map.once('idle', () => {
      done();
      resolve();
    });
  });
}

const textOf = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';

export interface OffscreenMapOptions {
  pixelRatio: number;
  /** CSS size of the copy; the map's own by default. */
  size?: { width: number; height: number };
  /** Tiles asked for and settled so far (a tile with no imagery there settles without a word). */
  onProgress?: (progress: { requested: number; loaded: number }) => void;
  /** For print: overlays left out, labels sized for the paper. */
  print?: PrintStyleOptions;
}

/**
 * A copy of the map off-screen at `pixelRatio` times its CSS pixels — the same style, sources and camera (labels and
 * lines stay sharp, imagery tiles at their full resolution). It can be drawn again and again (`draw`) after its
 * sources change, e.g. one timelapse frame after another; `remove` ends it.
 */
export class OffscreenMap {
  readonly map: maplibregl.Map;
  readonly cssWidth: number;
  readonly cssHeight: number;
  private readonly element: HTMLDivElement;
  private readonly tiles = new Set<string>();
  private readonly failed = new Map<string, FailedTile>();
  private loaded = 0;
  private readonly stopWatching: () => void;

  constructor(
    source: maplibregl.Map,
    transformRequest: maplibregl.RequestTransformFunction,
    { pixelRatio, size, onProgress, print }: OffscreenMapOptions,
  ) {
    const { clientWidth, clientHeight } = source.getContainer();
    this.cssWidth = size?.width ?? clientWidth;
    this.cssHeight = size?.height ?? clientHeight;
    this.element = document.createElement('div');
    this.element.setAttribute('aria-hidden', 'true');
    Object.assign(this.element.style, {
      position: 'fixed',
      left: '-100000px',
      top: '0',
      width: `${this.cssWidth}px`,
      height: `${this.cssHeight}px`,
    });
    document.body.append(this.element);
    const progress = () => onProgress?.({ requested: this.tiles.size, loaded: Math.min(this.loaded, this.tiles.size) });
    this.map = new maplibregl.Map({
      container: this.element,
      style: print ? printStyle(source.getStyle(), print) : source.getStyle(),
      center: source.getCenter(),
      zoom: source.getZoom(),
      bearing: source.getBearing(),
      pitch: source.getPitch(),
      pixelRatio,
      interactive: false,
      attributionControl: false,
      fadeDuration: 0,
      canvasContextAttributes: { preserveDrawingBuffer: true },
      transformRequest: (url, resourceType) => {
        if (resourceType === 'Tile' && !this.tiles.has(url)) {
          this.tiles.add(url);
          progress();
        }
        return transformRequest(url, resourceType);
      },
    });
    this.map.on('data', (event) => {
      if ((event as { tile?: unknown }).tile) {
        this.loaded += 1;
        progress();
      }
    });
    this.map.on('error', (event: maplibregl.ErrorEvent & { sourceId?: string }) => {
      const status = (event.error as { status?: number } | undefined)?.status ?? 0;
      const url = (event.error as { url?: string } | undefined)?.url ?? '';
      if (event.sourceId && status !== 404) this.failed.set(`${event.sourceId} ${url}`, { url, status });
    });
    this.stopWatching = idleAfterMissingTiles(this.map);
  }

  /**
   * Waits until everything in view is drawn. A tile that fails is asked for once more; those that fail again are
   * returned, not silently left blank.
   */
  async draw(signal?: AbortSignal): Promise<FailedTile[]> {
    this.failed.clear();
    this.map.triggerRepaint();
    await untilIdle(this.map, signal);
    if (this.failed.size > 0) {
      const sources = new Set([...this.failed.keys()].map((key) => key.split(' ')[0]));
      this.failed.clear();
      for (const id of sources) {
        const source = this.map.getSource<maplibregl.RasterTileSource>(id);
        if (source?.tiles) source.setTiles(source.tiles);
      }
      await untilIdle(this.map, signal);
    }
    return [...this.failed.values()];
  }

  canvas = (): HTMLCanvasElement => this.map.getCanvas();

  /** Every tile URL drawn so far (as the style holds it: no credential added). */
  tileUrls = (): string[] => [...this.tiles];

  /** The sources' attributions, as text. */
  attributions(): string[] {
    const text = Object.values(this.map.getStyle().sources)
      .map((source) => ('attribution' in source && source.attribution ? textOf(source.attribution) : ''))
      .filter(Boolean);
    return [...new Set(text)];
  }

  remove(): void {
    this.stopWatching();
    this.map.remove();
    this.element.remove();
  }
}

/**
 * The map drawn again off-screen at `pixelRatio` times the screen's CSS pixels (an `OffscreenMap` drawn once), not a
 * screenshot.
 */
export async function renderMap(
  map: maplibregl.Map,
  transformRequest: maplibregl.RequestTransformFunction,
  { pixelRatio, type = 'image/png', quality, signal, onProgress, print }: MapRenderOptions,
): Promise<MapRender> {
  const copy = new OffscreenMap(map, transformRequest, { pixelRatio, onProgress, print });
  try {
    const failed = await copy.draw(signal);
    const canvas = copy.canvas();
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (made) => (made ? resolve(made) : reject(new Error('The browser could not encode the image.'))),
        type,
        quality,
      ),
    );
    return {
      blob,
      width: canvas.width,
      height: canvas.height,
      cssWidth: copy.cssWidth,
      cssHeight: copy.cssHeight,
      tiles: copy.tileUrls(),
      failed,
      attributions: copy.attributions(),
    };
  } finally {
    copy.remove();
  }
}
