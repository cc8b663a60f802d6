import type * as maplibregl from 'maplibre-gl';
import type { LinkedMap } from './linked-map.ts';
import { renderGrid } from './grid-image.ts';
import { LayerOrder } from './layer-order.ts';
import {
  type FailedTile,
  type MapRender,
  type MapRenderOptions,
  OffscreenMap,
  type OffscreenMapOptions,
  renderMap,
} from './offscreen-map.ts';
import { type PrintChoice, type PrintSources, type PrintStyleOptions, printChoices } from './print-style.ts';
import { type ImagerySpec, RasterSlot, type RasterSpec } from './raster-slot.ts';

/** Pixel ratios a saved map image is drawn at. */
export const IMAGE_SCALES = [1, 2, 4] as const;
export type ImageScale = (typeof IMAGE_SCALES)[number];

/** Frames drawn off-screen, one after another, from one copy of the map (see `MapRenderer.frames`). */
export interface FrameRenderer {
  /** The copy's canvas once this imagery is drawn alone (tiles that failed twice listed). */
  draw(raster: RasterSpec, signal?: AbortSignal): Promise<{ canvas: HTMLCanvasElement; failed: FailedTile[] }>;
  attributions(): string[];
  /** CSS size of the copy and its pixel ratio. */
  cssWidth: number;
  cssHeight: number;
  remove(): void;
}

export interface MapRendererHost {
  main: maplibregl.Map;
  transformRequest: maplibregl.RequestTransformFunction;
  /** The maps over the page's map (a swipe's right-hand side), drawn into its image and print. */
  over(): LinkedMap[];
  /** The maps beside the page's map (side by side, over it): drawn instead of it, as their grid shows them. */
  beside(): LinkedMap[];
  labelOf: PrintSources;
  /** A slot of an off-screen copy, whose tiles' credentials are looked up by it; returns what forgets it. */
  slotAdded(slot: RasterSlot): () => void;
}

/** The map drawn again off-screen: as an image, for print, or frame by frame. */
export class MapRenderer {
  constructor(private readonly host: MapRendererHost) {}

  /** The map as shown (a map over it laid right of its divider, and the attribution), at 1, 2 or 4× as a PNG. */
  image = async (scale: ImageScale): Promise<Blob> => {
    const [over] = this.host.over();
    return composeMapImage(await this.forPrint({ pixelRatio: scale }), over?.clippedAt ?? null, scale);
  };

  /**
   * The map drawn off-screen for print; a map over it too, whole (a swiped comparison's right-hand side); while maps
   * are beside it (over it on the page), their grid as shown instead.
   */
  async forPrint(options: MapRenderOptions): Promise<MapRender[]> {
    const { main, transformRequest } = this.host;
    const withLabels = this.withLabels(options);
    const beside = this.host.beside();
    if (beside.length > 0) return [await renderGrid(beside, transformRequest, withLabels)];
    const maps = [main, ...this.host.over().map((over) => over.map)];
    const renders: MapRender[] = [];
    for (const map of maps) renders.push(await renderMap(map, transformRequest, withLabels));
    return renders;
  }

  /** What a print leaves out is named by the labels the slots carry. */
  private withLabels<T extends { print?: PrintStyleOptions }>(options: T): T {
    return options.print ? { ...options, print: { ...options.print, labelOf: this.host.labelOf } } : options;
  }

  /** What the map draws now that a print may leave out, bottom to top. */
  printChoices = (): PrintChoice[] => printChoices(this.host.main.getStyle(), this.host.labelOf);

  /**
   * The map copied off-screen (same camera; `size` in CSS pixels) to draw frames one after another, each one imagery
   * alone in `spec`'s slot; its tiles are counted and authorized as the map's are.
   */
  async frames(spec: ImagerySpec, options: OffscreenMapOptions): Promise<FrameRenderer> {
    const copy = new OffscreenMap(this.host.main, this.host.transformRequest, this.withLabels(options));
    await new Promise<void>((resolve) =>
      copy.map.isStyleLoaded() ? resolve() : copy.map.once('style.load', () => resolve()),
    );
    // The copied style holds the bands' markers: the order places the frame under the imagery's.
    const slot = new RasterSlot(copy.map, spec, { order: new LayerOrder(copy.map), refused: () => undefined });
    const forget = this.host.slotAdded(slot);
    slot.install();
    return {
      draw: async (raster, signal) => {
        slot.show(raster);
        const failed = await copy.draw(signal);
        return { canvas: copy.canvas(), failed };
      },
      attributions: () => copy.attributions(),
      cssWidth: copy.cssWidth,
      cssHeight: copy.cssHeight,
      remove: () => {
        slot.destroy();
        forget();
        copy.remove();
      },
    };
  }
}

/**
 * Save image's PNG: the map's render, with the swipe's right-hand side (drawn whole on its own) laid right of the
 * divider as the screen shows it, and the sources' attribution in the bottom-right corner, as on the map.
 */
async function composeMapImage([main, right]: MapRender[], swipe: number | null, scale: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(main.width, main.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(await createImageBitmap(main.blob), 0, 0);
  if (right && swipe !== null) {
    const x = Math.round(main.width * swipe);
    context.drawImage(
      await createImageBitmap(right.blob),
      x,
      0,
      main.width - x,
      main.height,
      x,
      0,
      main.width - x,
      main.height,
    );
    context.fillStyle = '#ffffff';
    context.fillRect(x - scale, 0, 2 * scale, main.height);
  }
  const text = [...new Set([...main.attributions, ...(right?.attributions ?? [])])].join(' · ');
  if (text) {
    context.font = `${11 * scale}px sans-serif`;
    const pad = 4 * scale;
    const width = context.measureText(text).width + 2 * pad;
    const height = 16 * scale;
    context.fillStyle = 'rgba(255, 255, 255, 0.8)';
    context.fillRect(main.width - width, main.height - height, width, height);
    context.fillStyle = '#1b1b1b';
    context.textBaseline = 'middle';
    context.fillText(text, main.width - width + pad, main.height - height / 2);
  }
  return canvas.convertToBlob({ type: 'image/png' });
}
