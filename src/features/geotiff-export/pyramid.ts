import type { LevelLayout } from './cog-layout.ts';
import { TILE_SIZE, tileIndex } from './cog-layout.ts';
import { isTransparent, TILE_BYTES, type TilePixels } from './tile-encoding.ts';

/** A finished tile of any level with something visible in it. */
export type TileSink = (level: number, col: number, row: number, rgba: TilePixels) => void;

interface Partial {
  /** Allocated when the first visible child arrives. */
  rgba: Uint8ClampedArray | null;
  done: number;
}

/**
 * Builds the overviews as the full-resolution tiles arrive: each tile is halved into its quarter of its parent at
 * once, and a parent is finished (and halved into its own parent) as soon as all its children that will ever come
 * have come. Only unfinished parents are held, so memory follows how scattered the arrivals are, not the export's
 * size: full-resolution tiles taken in Z-order (tileOrder) finish blocks early.
 */
export class Pyramid {
  /** Per level ≥ 1: how many children each parent waits for. */
  private readonly expected: Map<number, number>[] = [];
  private readonly partials: Map<number, Partial>[] = [];

  constructor(
    private readonly levels: readonly LevelLayout[],
    planned: Iterable<readonly [col: number, row: number]>,
    private readonly sink: TileSink,
  ) {
    let children = new Set<number>();
    for (const [col, row] of planned) children.add(tileIndex(levels[0], col, row));
    for (let level = 1; level < levels.length; level++) {
      const counts = new Map<number, number>();
      for (const child of children) {
        const key = this.parentKey(level - 1, child);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      this.expected[level] = counts;
      this.partials[level] = new Map();
      children = new Set(counts.keys());
    }
  }

  /**
   * A planned full-resolution tile is finished: its pixels, or null where there is no imagery (or it failed).
   * `quarter`: the tile already halved (see `Quarter`), which its parent then takes as it is; its pixels are then read
   * for their alpha only.
   */
  add(col: number, row: number, rgba: TilePixels | null, quarter?: Quarter): void {
    this.finish(0, col, row, rgba, quarter);
  }

  /** Parents waiting for children: what the pyramid holds in memory. */
  get held(): number {
    return this.partials.reduce((sum, level) => sum + (level?.size ?? 0), 0);
  }

  private parentKey(level: number, childIndex: number): number {
    const { tilesAcross } = this.levels[level];
    const col = childIndex % tilesAcross;
    const row = Math.floor(childIndex / tilesAcross);
    return tileIndex(this.levels[level + 1], col >> 1, row >> 1);
  }

  private finish(level: number, col: number, row: number, rgba: TilePixels | null, quarter?: Quarter): void {
    const visible = rgba !== null && !isTransparent(rgba);
    if (visible) this.sink(level, col, row, rgba);
    if (level + 1 >= this.levels.length) return;
    const parentLevel = level + 1;
    const key = tileIndex(this.levels[parentLevel], col >> 1, row >> 1);
    const partials = this.partials[parentLevel];
    let parent = partials.get(key);
    if (!parent) {
      parent = { rgba: null, done: 0 };
      partials.set(key, parent);
    }
    if (visible) {
      parent.rgba ??= new Uint8ClampedArray(TILE_BYTES);
      if (quarter) placeQuarter(parent.rgba, quarter, col & 1, row & 1);
      else halveInto(parent.rgba, rgba, col & 1, row & 1);
    }
    parent.done += 1;
    if (parent.done < (this.expected[parentLevel].get(key) ?? 0)) return;
    partials.delete(key);
    this.finish(parentLevel, col >> 1, row >> 1, parent.rgba);
  }
}

export const HALF = TILE_SIZE / 2;
const OPAQUE_BLOCK = 4 * 255;

/** A tile at half size: 128 × 128 RGBA, not premultiplied. */
export type Quarter = TilePixels;

/**
 * Averages each 2 × 2 block of `child` into one pixel of the parent's quarter (qx, qy), weighting colours by alpha so
 * that transparent pixels do not darken the edges. (A clamped array rounds what it is given.) `parentSize`: HALF
 * halves the child into a Quarter of its own.
 */
export function halveInto(
  parent: Uint8ClampedArray,
  child: TilePixels,
  qx: number,
  qy: number,
  parentSize = TILE_SIZE,
): void {
  const rowBytes = TILE_SIZE * 4;
  for (let y = 0; y < HALF; y++) {
    const top = 2 * y * rowBytes;
    const bottom = top + rowBytes;
    let out = ((qy * HALF + y) * parentSize + qx * HALF) * 4;
    for (let x = 0; x < HALF; x++, out += 4) {
      const a = top + x * 8;
      const b = a + 4;
      const c = bottom + x * 8;
      const d = c + 4;
      const alpha = child[a + 3] + child[b + 3] + child[c + 3] + child[d + 3];
      if (alpha === 0) continue;
      if (alpha === OPAQUE_BLOCK) {
        // The same value as the weighted mean below (the weights cancel exactly), at a third of the cost.
        for (let i = 0; i < 3; i++) parent[out + i] = (child[a + i] + child[b + i] + child[c + i] + child[d + i]) / 4;
        parent[out + 3] = 255;
        continue;
      }
      for (let i = 0; i < 3; i++) {
        parent[out + i] =
          (child[a + i] * child[a + 3] +
            child[b + i] * child[b + 3] +
            child[c + i] * child[c + 3] +
            child[d + i] * child[d + 3]) /
          alpha;
      }
      parent[out + 3] = alpha / 4;
    }
  }
}

/** Copies a tile already halved into the parent's quarter (qx, qy). */
export function placeQuarter(parent: Uint8ClampedArray, quarter: Quarter, qx: number, qy: number): void {
  const rowBytes = HALF * 4;
  for (let y = 0; y < HALF; y++) {
    parent.set(quarter.subarray(y * rowBytes, (y + 1) * rowBytes), ((qy * HALF + y) * TILE_SIZE + qx * HALF) * 4);
  }
}

/**
 * The alpha of a Quarter from its full-size tile's (each the mean of its 2 × 2 block), for a tile decoded at half size
 * and then clipped at full size. Colours stay as decoded.
 */
export function halveAlphaInto(quarter: Quarter, full: TilePixels): void {
  // Rounded as halveInto rounds, by a clamped array.
  const out = new Uint8ClampedArray(quarter.buffer, quarter.byteOffset, quarter.length);
  const rowBytes = TILE_SIZE * 4;
  for (let y = 0; y < HALF; y++) {
    const top = 2 * y * rowBytes;
    for (let x = 0, a = top + 3, o = y * HALF * 4 + 3; x < HALF; x++, a += 8, o += 4) {
      out[o] = (full[a] + full[a + 4] + full[a + rowBytes] + full[a + rowBytes + 4]) / 4;
    }
  }
}

/** Z-order (Morton) rank of a tile: taking tiles in this order completes 2 × 2 blocks, and blocks of those, early. */
export function zOrder(col: number, row: number): number {
  let rank = 0;
  for (let bit = 0; bit < 16; bit++) {
    rank += ((col >> bit) & 1) * 2 ** (2 * bit) + ((row >> bit) & 1) * 2 ** (2 * bit + 1);
  }
  return rank;
}
