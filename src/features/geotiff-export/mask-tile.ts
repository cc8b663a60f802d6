import { TILE_SIZE } from './cog-layout.ts';
import { deflate, TILE_BYTES, type TilePixels } from './tile-encoding.ts';

/**
 * A tile of the file's internal transparency mask (the one GDAL writes beside JPEG imagery): 1 bit per pixel, rows
 * of 32 bytes, most significant bit first, 1 where the pixel holds data, deflated. A pixel holds data where its
 * alpha is at least half.
 */
const ROW_BYTES = TILE_SIZE / 8;

function maskBits(rgba: TilePixels): Uint8Array {
  const bits = new Uint8Array(ROW_BYTES * TILE_SIZE);
  for (let pixel = 0; pixel < TILE_SIZE * TILE_SIZE; pixel++) {
    if (rgba[pixel * 4 + 3] >= 128) bits[pixel >> 3] |= 0x80 >> (pixel & 7);
  }
  return bits;
}

/** Whether every pixel of the tile holds data. */
function isOpaque(rgba: TilePixels): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] < 128) return false;
  return true;
}

/** A tile every pixel of which holds data: the mask of a tile the area wholly holds. Read only. */
export const OPAQUE_TILE: TilePixels = new Uint8ClampedArray(TILE_BYTES).fill(255);

/** Scales each pixel's alpha by the mask's (the share of it inside the area), in place. Colours are never touched. */
export function applyMask(rgba: TilePixels, mask: TilePixels): void {
  for (let i = 3; i < mask.length; i += 4) {
    if (mask[i] !== 255) rgba[i] = Math.round((rgba[i] * mask[i]) / 255);
  }
}

let opaque: Uint8Array | null = null;

/** The mask tile's bytes for these pixels; wholly opaque tiles (most of them) share one deflated payload. */
export function maskTile(rgba: TilePixels): Uint8Array {
  if (rgba !== OPAQUE_TILE && !isOpaque(rgba)) return deflate(maskBits(rgba));
  opaque ??= deflate(new Uint8Array(ROW_BYTES * TILE_SIZE).fill(0xff));
  return opaque;
}
