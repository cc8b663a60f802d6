import type { APIRequestContext, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect } from './support.ts';

/** A square of the map's canvas, in canvas pixels. */
export interface CanvasRegion {
  left: number;
  top: number;
  size: number;
}

/** RGB pixels, row by row. */
export interface Pixels {
  width: number;
  height: number;
  rgb: Uint8Array;
}

const worldX = (lon: number) => (lon + 180) / 360;
const worldY = (lat: number) => {
  const sin = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
};
const lonOf = (x: number) => x * 360 - 180;
const latOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * Moves the map to an integer zoom at which the service's tiles of zoom `mapZoom + 1` are drawn at 1:1 (MapLibre's
 * zoom counts 512-px tiles), with the canvas's top-left corner on a whole world pixel, so that each canvas pixel is one
 * tile pixel.
 */
export async function showAtOneToOne(page: Page, near: [number, number], mapZoom: number) {
  const canvas = await page.evaluate(() => {
    const c = window.__surveyViewer!.map.getCanvas();
    return { width: c.clientWidth, height: c.clientHeight };
  });
  const size = 256 * 2 ** (mapZoom + 1);
  const left = Math.round(worldX(near[0]) * size - canvas.width / 2);
  const top = Math.round(worldY(near[1]) * size - canvas.height / 2);
  const center: [number, number] = [lonOf((left + canvas.width / 2) / size), latOf((top + canvas.height / 2) / size)];
  await page.evaluate(
    ([lon, lat, zoom]) => {
      window.__surveyViewer!.map.jumpTo({ center: [lon, lat], zoom });
    },
    [...center, mapZoom],
  );
  return { tileZoom: mapZoom + 1, originX: left, originY: top };
}

/** A screenshot of part of the map's canvas, as RGB pixels (what the user sees there, overlays included). */
export async function canvasPixels(page: Page, region: CanvasRegion): Promise<Pixels> {
  const box = (await page.locator('.maplibregl-canvas').first().boundingBox())!;
  const shot = await page.screenshot({
    clip: { x: box.x + region.left, y: box.y + region.top, width: region.size, height: region.size },
  });
  const png = PNG.sync.read(shot);
  const rgb = new Uint8Array(png.width * png.height * 3);
  for (let i = 0, j = 0; i < png.data.length; i += 4, j += 3) rgb.set(png.data.subarray(i, i + 3), j);
  return { width: png.width, height: png.height, rgb };
}

/**
 * The same part of the map composed from the service's own tiles of `surveyId`, fetched with the test's token: each
 * canvas pixel at world pixel (originX + x, originY + y) of `tileZoom`.
 */
export async function servicePixels(
  request: APIRequestContext,
  token: string,
  tiles: { surveyId: string; tileZoom: number; originX: number; originY: number; query?: string },
  region: CanvasRegion,
): Promise<Pixels> {
  const { width, height } = { width: region.size, height: region.size };
  const rgb = new Uint8Array(width * height * 3);
  const cache = new Map<string, PNG>();
  let transparent = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const wx = tiles.originX + region.left + x;
      const wy = tiles.originY + region.top + y;
      const [tx, ty] = [Math.floor(wx / 256), Math.floor(wy / 256)];
      const key = `${tx}/${ty}`;
      let tile = cache.get(key);
      if (!tile) {
        const url = `/tile/v2/${tiles.surveyId}/${tiles.tileZoom}/${tx}/${ty}${tiles.query ?? ''}`;
        const answer = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
        expect(answer.status(), url).toBe(200);
        tile = PNG.sync.read(await answer.body());
        cache.set(key, tile);
      }
      const at = ((wy - ty * 256) * 256 + (wx - tx * 256)) * 4;
      if (tile.data[at + 3] !== 255) transparent += 1;
      rgb.set(tile.data.subarray(at, at + 3), (y * width + x) * 3);
    }
  }
  expect(transparent, 'pixels of the region outside the imagery (not opaque in its tiles)').toBe(0);
  return { width, height, rgb };
}

/**
 * Per channel: the difference of the means, and the distance between the two histograms in levels (the mean shift
 * that turns one into the other: the 1-D Wasserstein distance).
 */
export function colourDifference(a: Pixels, b: Pixels): { meanShift: number[]; histogramShift: number[] } {
  const meanShift: number[] = [];
  const histogramShift: number[] = [];
  for (let channel = 0; channel < 3; channel++) {
    const histogram = (p: Pixels) => {
      const counts = new Float64Array(256);
      for (let i = channel; i < p.rgb.length; i += 3) counts[p.rgb[i]] += 1 / (p.width * p.height);
      return counts;
    };
    const [ha, hb] = [histogram(a), histogram(b)];
    let [meanA, meanB, cumulative, distance] = [0, 0, 0, 0];
    for (let level = 0; level < 256; level++) {
      meanA += level * ha[level];
      meanB += level * hb[level];
      cumulative += ha[level] - hb[level];
      distance += Math.abs(cumulative);
    }
    meanShift.push(Number((meanA - meanB).toFixed(2)));
    histogramShift.push(Number(distance.toFixed(2)));
  }
  return { meanShift, histogramShift };
}
