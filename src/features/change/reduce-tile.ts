/** A comparison's first step: a tile's pixels averaged over 4 × 4 blocks (absorbs misregistration and JPEG noise). */

import { TILE_SIZE } from '../../../core/geo/tile-address.ts';

/** Tile pixels a side of one reduced pixel. */
const REDUCTION = 4;
/** Reduced pixels a side of a reduced tile. */
export const REDUCED_SIZE = TILE_SIZE / REDUCTION;

/** RGBA of a tile as decoded: 256 × 256, rows top to bottom, alpha not premultiplied. */
export type TileRgba = Uint8Array | Uint8ClampedArray;

/** A reduced tile: 64 × 64 RGBA, each the (rounded) mean of a 4 × 4 block; alpha 255 only where all 16 are opaque. */
export type ReducedTile = Uint8ClampedArray;

/**
 * The 4 × 4 block means of a 256 × 256 RGBA tile. Pixels are read as 32-bit words (one read a pixel, its bytes by
 * shifts; typed arrays are little-endian on every platform a browser runs on), which halves the time of byte reads.
 */
export function reduceTile(rgba: TileRgba, out: ReducedTile = new Uint8ClampedArray(REDUCED_SIZE * REDUCED_SIZE * 4)) {
  if (rgba.length !== TILE_SIZE * TILE_SIZE * 4)
    throw new RangeError(`Expected a 256 × 256 RGBA tile, got ${rgba.length} bytes.`);
  const words =
    rgba.byteOffset % 4 === 0
      ? new Uint32Array(rgba.buffer, rgba.byteOffset, TILE_SIZE * TILE_SIZE)
      : new Uint32Array(Uint8Array.from(rgba).buffer);
  const sums = new Uint32Array(REDUCED_SIZE * 4);
  const inverse = 1 / (REDUCTION * REDUCTION);
  for (let by = 0; by < REDUCED_SIZE; by++) {
    sums.fill(0);
    for (let row = by * REDUCTION; row < (by + 1) * REDUCTION; row++) {
      let at = row * TILE_SIZE;
      for (let s = 0; s < REDUCED_SIZE * 4; s += 4) {
        for (let k = 0; k < REDUCTION; k++, at++) {
          const word = words[at];
          sums[s] += word & 255;
          sums[s + 1] += (word >>> 8) & 255;
          sums[s + 2] += (word >>> 16) & 255;
          sums[s + 3] += word >>> 24 === 255 ? 1 : 0;
        }
      }
    }
    const o = by * REDUCED_SIZE * 4;
    for (let s = 0; s < REDUCED_SIZE * 4; s += 4) {
      out[o + s] = sums[s] * inverse;
      out[o + s + 1] = sums[s + 1] * inverse;
      out[o + s + 2] = sums[s + 2] * inverse;
      out[o + s + 3] = sums[s + 3] === REDUCTION * REDUCTION ? 255 : 0;
    }
  }
  return out;
}
