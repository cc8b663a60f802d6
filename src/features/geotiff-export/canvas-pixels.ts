/// <reference lib="webworker" />
import type { AreaGeometry } from '../../area/area-geometry.ts';
import type { JpegEncoder } from './cog-builder.ts';
import { TILE_SIZE } from './cog-layout.ts';
import type { PlannedTile } from './tile-records.ts';
import type { Sampling } from './jpeg-frame.ts';
import { HALF, halveInto } from './pyramid.ts';
import type { TilePixels } from './tile-encoding.ts';
import { prepareArea, type PreparedArea } from '../../../core/geo/prepared-area.ts';
import { tileExtent } from '../../../core/geo/tile-address.ts';
import { mercatorRings, tileMercatorExtent } from '../../../core/geo/web-mercator.ts';
import { canvasContext, imageDecoder } from '../../workers/tile-decoder.ts';

/**
 * The browser's own image decoder and rasteriser, in the export worker (OffscreenCanvas): pixels are read as the
 * file holds them (src/workers/tile-decoder.ts), and the area's mask is the canvas's fill.
 */

/**
 * Decodes a tile (PNG or JPEG) to RGBA as sent, 256 × 256 or at half size: the shared decoder (src/workers) scales a
 * JPEG as it decodes it (libjpeg's DCT scaling: within 3 of a 2 × 2 mean, in ~60 % of the time); whatever it cannot
 * scale is halved here.
 */
export function tileDecoder(): (image: Uint8Array, size?: number) => Promise<TilePixels> {
  const decode = imageDecoder();
  return async (image, size = TILE_SIZE) => {
    const rgba = await decode(image, size);
    if (rgba.length === size * size * 4) return rgba;
    const quarter = new Uint8ClampedArray(rgba.length / 4);
    halveInto(quarter, rgba, 0, 0, HALF);
    return quarter;
  };
}

/** An outline (Web Mercator rings) in a tile's pixels, as the canvas's path: fill it even-odd. */
function tracePath(context: OffscreenCanvasRenderingContext2D, rings: [number, number][][], tile: PlannedTile) {
  const [minX, , maxX, maxY] = tileMercatorExtent(tile);
  const scale = TILE_SIZE / (maxX - minX);
  context.beginPath();
  for (const ring of rings) {
    ring.forEach(([x, y], i) => {
      const px = (x - minX) * scale;
      const py = (maxY - y) * scale;
      if (i === 0) context.moveTo(px, py);
      else context.lineTo(px, py);
    });
    context.closePath();
  }
}

interface Outline {
  rings: [number, number][][];
  prepared: PreparedArea;
}

const outlineOf = (geometry: AreaGeometry): Outline => ({
  rings: mercatorRings(geometry),
  prepared: prepareArea(geometry),
});

/**
 * How much of each pixel of a tile the area holds — and, given the surveys' footprints, its survey's footprint too
 * (where a JPEG tile, which has no alpha, carries the service's background) — as the alpha of the tile's pixels: the
 * outlines (holes and all, even-odd) filled on a canvas in the tile's pixel space, with their antialiased edges. Null
 * for a tile they all wholly hold, as most are.
 */
export function areaMasker(
  area: AreaGeometry,
  footprints: ReadonlyMap<string, AreaGeometry> = new Map(),
): (tile: PlannedTile) => TilePixels | null {
  const context = canvasContext();
  const areaOutline = outlineOf(area);
  const footprintOutlines = new Map<string, Outline>();
  const footprintOf = (surveyId: string): Outline | null => {
    const geometry = footprints.get(surveyId);
    if (!geometry) return null;
    const known = footprintOutlines.get(surveyId);
    if (known) return known;
    const outline = outlineOf(geometry);
    footprintOutlines.set(surveyId, outline);
    return outline;
  };
  return (tile) => {
    const outlines = [areaOutline, footprintOf(tile.surveyId)].filter((o): o is Outline => o !== null);
    const box = tileExtent(tile);
    if (outlines.every((outline) => outline.prepared.holds(box))) return null;
    context.clearRect(0, 0, TILE_SIZE, TILE_SIZE);
    outlines.forEach((outline, i) => {
      // Each next outline keeps only what is inside it of what is already filled.
      context.globalCompositeOperation = i === 0 ? 'source-over' : 'destination-in';
      tracePath(context, outline.rings, tile);
      context.fill('evenodd');
    });
    context.globalCompositeOperation = 'source-over';
    return context.getImageData(0, 0, TILE_SIZE, TILE_SIZE).data;
  };
}

/** JPEG quality of the tiles encoded here: the browser writes 4:4:4 only at 1, 4:2:0 below. */
const JPEG_QUALITY: Record<Sampling, number> = { 1: 1, 2: 0.9 };

/**
 * The browser's JPEG encoder on a canvas: the pixels' colours as they are (alpha, which JPEG cannot hold and the
 * file's mask carries, is set opaque first so that no colour is blended with the canvas's background). `owned`: the
 * caller gives the pixels up, so they are made opaque where they are rather than in a copy.
 */
export function canvasJpegEncoder({ owned = false } = {}): JpegEncoder {
  const context = canvasContext();
  const canvas = context.canvas;
  return async (rgba, sampling) => {
    const opaque = owned
      ? new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, rgba.length)
      : new Uint8ClampedArray(rgba);
    for (let i = 3; i < opaque.length; i += 4) opaque[i] = 255;
    // Synchronous up to the blob: concurrent encodes cannot interleave on the shared canvas.
    context.putImageData(new ImageData(opaque, TILE_SIZE, TILE_SIZE), 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY[sampling] });
    return new Uint8Array(await blob.arrayBuffer());
  };
}
