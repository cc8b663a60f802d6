import { describe, expect, it } from 'vitest';
import { cogLevels, TILE_SIZE } from './cog-layout.ts';
import { HALF, halveAlphaInto, halveInto, placeQuarter, Pyramid, zOrder } from './pyramid.ts';
import { TILE_BYTES } from './tile-encoding.ts';

/** A tile of pseudo-random colours with the alpha `alphaAt` gives each pixel. */
function tile(seed: number, alphaAt: (pixel: number) => number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(TILE_BYTES);
  let state = seed;
  for (let i = 0; i < rgba.length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    rgba[i] = i % 4 === 3 ? alphaAt(i >> 2) : state >> 23;
  }
  return rgba;
}

/** The parent's pixel over the child's block at (x, y) of the quarter: alpha-weighted colours, mean alpha. */
function expectedPixel(child: Uint8ClampedArray, x: number, y: number): number[] {
  const block = [0, 1, TILE_SIZE, TILE_SIZE + 1].map((d) => (2 * y * TILE_SIZE + 2 * x + d) * 4);
  const alpha = block.reduce((sum, p) => sum + child[p + 3], 0);
  if (alpha === 0) return [0, 0, 0, 0];
  const colour = [0, 1, 2].map((i) => block.reduce((sum, p) => sum + child[p + i] * child[p + 3], 0) / alpha);
  return [...colour, alpha / 4].map((v) => Math.max(0, Math.min(255, v)));
}

describe('halveInto', () => {
  it.each([
    ['opaque', () => 255],
    ['partly transparent', (p: number) => (p % 7 === 0 ? 0 : p % 5 === 0 ? 90 : 255)],
  ])('averages each 2 × 2 block, colours weighted by alpha (%s)', (_, alphaAt) => {
    const child = tile(7, alphaAt);
    const parent = new Uint8ClampedArray(TILE_BYTES);
    halveInto(parent, child, 1, 0);
    for (const [x, y] of [
      [0, 0],
      [5, 9],
      [64, 64],
      [127, 127],
      [33, 100],
    ]) {
      const at = (y * TILE_SIZE + TILE_SIZE / 2 + x) * 4;
      const expected = Uint8ClampedArray.from(expectedPixel(child, x, y));
      expect([...parent.subarray(at, at + 4)]).toEqual([...expected]);
    }
    // The other quarters are untouched.
    expect(parent.subarray(0, 4 * (TILE_SIZE / 2)).every((v) => v === 0)).toBe(true);
  });
});

describe('tiles already halved', () => {
  it('halve into a quarter of their own, go into a parent as they are, and take alpha from a mask', () => {
    const child = tile(3, (p) => (p % 3 === 0 ? 40 : 255));
    const inParent = new Uint8ClampedArray(TILE_BYTES);
    halveInto(inParent, child, 1, 1);
    const quarter = new Uint8ClampedArray(TILE_BYTES / 4);
    halveInto(quarter, child, 0, 0, HALF);
    const placed = new Uint8ClampedArray(TILE_BYTES);
    placeQuarter(placed, quarter, 1, 1);
    expect(placed).toEqual(inParent);

    const mask = tile(5, (p) => p % 256);
    const opaque = new Uint8ClampedArray(TILE_BYTES / 4).fill(255);
    halveAlphaInto(opaque, mask);
    for (const [x, y] of [
      [0, 0],
      [10, 3],
      [127, 127],
    ]) {
      const at = (y * HALF + x) * 4;
      expect(opaque[at + 3]).toBe(Uint8ClampedArray.of(expectedPixel(mask, x, y)[3])[0]);
      expect(opaque[at]).toBe(255);
    }
  });
});

describe('Pyramid', () => {
  it('finishes each parent once all its planned children have come, and holds only unfinished parents', () => {
    const levels = cogLevels(4, 4);
    const planned = Array.from({ length: 16 }, (_, i) => [i % 4, Math.floor(i / 4)] as const).sort(
      ([a, b], [c, d]) => zOrder(a, b) - zOrder(c, d),
    );
    const finished: string[] = [];
    const pyramid = new Pyramid(levels, planned, (level, col, row) => finished.push(`${level}/${col}/${row}`));
    const opaque = tile(1, () => 255);
    for (const [i, [col, row]] of planned.entries()) {
      pyramid.add(col, row, opaque);
      if (i === 3) expect(finished.slice(-2)).toEqual(['0/1/1', '1/0/0']);
    }
    expect(finished.filter((key) => key.startsWith('1/'))).toHaveLength(4);
    expect(finished.at(-1)).toBe('2/0/0');
    expect(pyramid.held).toBe(0);
  });
});
