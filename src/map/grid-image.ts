import type * as maplibregl from 'maplibre-gl';
import { type MapRender, type MapRenderOptions, renderMap } from './offscreen-map.ts';

/** One map of a grid (side by side) to draw, with the caption it is shown under. */
export interface GridPane {
  map: maplibregl.Map;
  caption: string;
}

/** The band a pane's caption is written in, above its map (nothing is written over the imagery), in CSS pixels. */
const CAPTION_PX = 22;
const CAPTION_FONT_PX = 12;

interface Placed {
  render: MapRender;
  caption: string;
  /** Where its map goes in the grid, in CSS pixels, below its caption band. */
  x: number;
  y: number;
}

/** Where each map lies in the grid as shown: its place on the page, each row of maps given a caption band above. */
function gridLayout(rects: readonly { left: number; top: number; right: number; bottom: number }[]): {
  width: number;
  height: number;
  places: { x: number; y: number }[];
} {
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const rows = [...new Set(rects.map((r) => Math.round(r.top)))].sort((a, b) => a - b);
  const places = rects.map((r) => ({
    x: Math.round(r.left - left),
    y: Math.round(r.top - top) + (rows.indexOf(Math.round(r.top)) + 1) * CAPTION_PX,
  }));
  return {
    width: Math.round(Math.max(...rects.map((r) => r.right)) - left),
    height: Math.round(Math.max(...rects.map((r) => r.bottom)) - top) + rows.length * CAPTION_PX,
    places,
  };
}

/**
 * The maps side by side drawn as the grid shows them: each drawn again off-screen (one after another) at the
 * options' pixel ratio, laid out as on the page, with its caption (survey and capture) in a band above it. One render:
 * its tiles, failures and attributions are all the maps'.
 */
export async function renderGrid(
  panes: readonly GridPane[],
  transformRequest: maplibregl.RequestTransformFunction,
  options: MapRenderOptions,
): Promise<MapRender> {
  const { pixelRatio, type = 'image/png', quality } = options;
  const layout = gridLayout(panes.map((pane) => pane.map.getContainer().getBoundingClientRect()));
  const placed: Placed[] = [];
  for (const [i, pane] of panes.entries()) {
    const render = await renderMap(pane.map, transformRequest, { ...options, type: 'image/png' });
    placed.push({ render, caption: pane.caption, ...layout.places[i] });
  }
  const canvas = new OffscreenCanvas(Math.round(layout.width * pixelRatio), Math.round(layout.height * pixelRatio));
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.font = `600 ${CAPTION_FONT_PX * pixelRatio}px sans-serif`;
  context.textBaseline = 'middle';
  for (const { render, caption, x, y } of placed) {
    context.drawImage(await createImageBitmap(render.blob), x * pixelRatio, y * pixelRatio);
    context.fillStyle = '#1b1b1b';
    context.fillText(
      caption,
      (x + 6) * pixelRatio,
      (y - CAPTION_PX / 2) * pixelRatio,
      (render.cssWidth - 12) * pixelRatio,
    );
  }
  const renders = placed.map((p) => p.render);
  return {
    blob: await canvas.convertToBlob({ type, quality }),
    width: canvas.width,
    height: canvas.height,
    cssWidth: layout.width,
    cssHeight: layout.height,
    tiles: renders.flatMap((r) => r.tiles),
    failed: renders.flatMap((r) => r.failed),
    attributions: [...new Set(renders.flatMap((r) => r.attributions))],
  };
}
