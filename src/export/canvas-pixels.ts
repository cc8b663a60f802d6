/// <reference lib="webworker" />
import type { AreaGeometry } from '../area/area-geometry.ts';
import { TILE_SIZE } from './cog-layout.ts';
import type { PlannedTile } from './export-plan.ts';
import type { TilePixels } from './tile-encoding.ts';
import { mercatorRings, tileMercatorExtent } from '../../geo/web-mercator.ts';

/**
 * The browser's own image decoder and rasteriser, in the export worker (OffscreenCanvas): pixels are read as the
 * file holds them (no colour-space conversion, alpha not premultiplied), and the area's mask is the canvas's fill.
 */

function canvasContext(): OffscreenCanvasRenderingContext2D {
  const context = new OffscreenCanvas(TILE_SIZE, TILE_SIZE).getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot draw in a worker (no OffscreenCanvas 2D).');
  return context;
}

/** Decodes a tile (PNG or JPEG) to 256 × 256 RGBA as sent. */
export function tileDecoder(): (image: Blob) => Promise<TilePixels> {
  const context = canvasContext();
  return async (image) => {
    const bitmap = await createImageBitmap(image, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    try {
      if (bitmap.width !== TILE_SIZE || bitmap.height !== TILE_SIZE)
        throw new Error(`A tile of ${bitmap.width} × ${bitmap.height} pixels; web tiles are 256 × 256.`);
      // Synchronous from here on: concurrent decodes cannot interleave on the shared canvas.
      context.clearRect(0, 0, TILE_SIZE, TILE_SIZE);
      context.drawImage(bitmap, 0, 0);
      return context.getImageData(0, 0, TILE_SIZE, TILE_SIZE).data;
    } finally {
      bitmap.close();
    }
  };
}

/**
 * Makes the pixels of a tile outside the area transparent: the area (holes and all, even-odd) is filled on a canvas
 * in the tile's pixel space, and each pixel's alpha is scaled by the share of it inside (the fill's antialiased
 * edge). Colours are never touched.
 */
export function areaClipper(area: AreaGeometry): (tile: PlannedTile, rgba: TilePixels) => void {
  const context = canvasContext();
  const rings = mercatorRings(area);
  return (tile, rgba) => {
    const [minX, , maxX, maxY] = tileMercatorExtent(tile);
    const scale = TILE_SIZE / (maxX - minX);
    context.clearRect(0, 0, TILE_SIZE, TILE_SIZE);
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
    context.fill('evenodd');
    const mask = context.getImageData(0, 0, TILE_SIZE, TILE_SIZE).data;
    for (let i = 3; i < mask.length; i += 4) {
      if (mask[i] !== 255) rgba[i] = Math.round((rgba[i] * mask[i]) / 255);
    }
  };
}
