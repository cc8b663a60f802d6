/**
 * The exact share of each Web Mercator tile that an area covers at one zoom, found by walking the area's edges tile
 * by tile, as coverage rasterisers (font renderers) do: each piece of an edge inside a tile adds the area between it
 * and the tile's east side, and its height to every tile further east in the row. Summing along a row then gives
 * every tile's share; the tiles between two that edges pass through share one value, so large insides are counted
 * without being visited.
 *
 * The work is proportional to the tiles the edges pass through, which a caller can cap (maxEdgeTiles) and which
 * spends from a work budget. Edges are straight between their positions in tile space (as the map draws them);
 * positions are clamped to the map (tileCoordinates), so an area reaching 180° ends at the east edge of the last
 * column, and one reaching the poles at the map's north or south edge.
 */
import { type AreaGeometry, polygonsOf } from './geometry.ts';
import { type TileRange, tileCoordinates } from './tile-address.ts';
import { UNLIMITED, type WorkBudget } from './work-budget.ts';

/** Shares this close to 0 or 1 are 0 or 1: rounding, not geometry (a billionth of a tile is well under a pixel). */
const SHARE_EPSILON = 1e-9;

/** Thrown when more tiles than maxEdgeTiles are met by edges. */
export class TooManyEdgeTiles extends Error {
  constructor(readonly limit: number) {
    super(`The area's edges pass through more than ${limit} tiles.`);
  }
}

export interface GridOptions {
  /** Only tiles in this range are worked out (the rest of the map is left out); default the whole map. */
  window?: Omit<TileRange, 'z'>;
  /** Stop with TooManyEdgeTiles once edges have passed through more than this many tiles. */
  maxEdgeTiles?: number;
  budget?: WorkBudget;
}

export interface CoverageGrid {
  /** Share (0–1) of tile x, y that the area covers. */
  shareAt(x: number, y: number): number;
  /** Tiles with a share > 0; counting stops once it passes `limit`. */
  count(limit?: number): number;
  /** Each tile with a share > 0, row by row from the north, west to east. */
  forEach(visit: (x: number, y: number, share: number) => void): void;
}

/** Keys are row × ROW_STRIDE + column: more than the 2^21 columns of zoom 21, and exact in a double up to 2^53. */
const ROW_STRIDE = 2 ** 22;

const clampShare = (share: number) => (share < SHARE_EPSILON ? 0 : share > 1 - SHARE_EPSILON ? 1 : share);

/** Sums of the edge pieces met in each tile, in a map from key to index and parallel arrays. */
class EdgeTiles {
  readonly index = new Map<number, number>();
  keys = new Float64Array(256);
  area = new Float64Array(256);
  height = new Float64Array(256);
  size = 0;

  constructor(private readonly limit: number) {}

  add(column: number, row: number, area: number, height: number): void {
    const key = row * ROW_STRIDE + column;
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.size++;
      if (this.size > this.limit) throw new TooManyEdgeTiles(this.limit);
      if (i === this.keys.length) this.grow();
      this.keys[i] = key;
      this.index.set(key, i);
    }
    this.area[i] += area;
    this.height[i] += height;
  }

  private grow(): void {
    const grown = (from: Float64Array) => {
      const to = new Float64Array(from.length * 2);
      to.set(from);
      return to;
    };
    this.keys = grown(this.keys);
    this.area = grown(this.area);
    this.height = grown(this.height);
  }
}

/** Walks edges into EdgeTiles. Heights are signed: + for a piece going south, times the ring's sign. */
class EdgeWalk {
  constructor(
    private readonly tiles: EdgeTiles,
    private readonly window: Omit<TileRange, 'z'>,
    private readonly budget: WorkBudget,
  ) {}

  edge(x0: number, y0: number, x1: number, y1: number, sign: number): void {
    if (y0 === y1) return; // a horizontal edge adds no height, so nothing to any tile
    const top = Math.min(y0, y1);
    const bottom = Math.max(y0, y1);
    const firstRow = Math.max(Math.floor(top), this.window.minY);
    const lastRow = Math.min(Math.ceil(bottom) - 1, this.window.maxY);
    const direction = y1 > y0 ? sign : -sign;
    const slope = (x1 - x0) / (y1 - y0);
    const xAt = (y: number) => (y === y0 ? x0 : y === y1 ? x1 : x0 + (y - y0) * slope);
    for (let row = firstRow; row <= lastRow; row++) {
      const ya = Math.max(top, row);
      const yb = Math.min(bottom, row + 1);
      if (yb > ya) this.piece(row, xAt(ya), ya, xAt(yb), yb, direction);
    }
  }

  /** A piece within one row, from (xa, ya) to (xb, yb) with ya < yb; its signed height is (yb − ya) × sign. */
  private piece(row: number, xa: number, ya: number, xb: number, yb: number, sign: number): void {
    const { minX, maxX } = this.window;
    const west = Math.min(xa, xb);
    const east = Math.max(xa, xb);
    if (west === east) {
      this.budget.spend(1);
      const column = Math.floor(west);
      if (column > maxX) return;
      if (column < minX) this.tiles.add(minX, row, sign * (yb - ya), sign * (yb - ya));
      else this.tiles.add(column, row, sign * (yb - ya) * (1 - (west - column)), sign * (yb - ya));
      return;
    }
    const yAt = (x: number) => (x === xa ? ya : x === xb ? yb : ya + ((x - xa) * (yb - ya)) / (xb - xa));
    let column = Math.floor(west);
    if (column < minX) {
      // West of the window, only the height matters: it is all to the west of every tile in the window.
      const height = Math.abs(yAt(Math.min(east, minX)) - yAt(west));
      this.tiles.add(minX, row, sign * height, sign * height);
      column = minX;
    }
    const lastColumn = Math.min(Math.ceil(east) - 1, maxX);
    for (; column <= lastColumn; column++) {
      this.budget.spend(1);
      const u = Math.max(west, column);
      const v = Math.min(east, column + 1);
      if (v <= u) continue;
      const height = Math.abs(yAt(v) - yAt(u));
      this.tiles.add(column, row, sign * height * (1 - ((u + v) / 2 - column)), sign * height);
    }
  }
}

/** Twice the signed area of a ring in tile space (x east, y south). */
function ringArea(xs: Float64Array, ys: Float64Array): number {
  let sum = 0;
  for (let i = 0; i + 1 < xs.length; i++) sum += xs[i] * ys[i + 1] - xs[i + 1] * ys[i];
  return sum;
}

export function coverageGrid(area: AreaGeometry, z: number, options: GridOptions = {}): CoverageGrid {
  const n = 2 ** z;
  const window = options.window ?? { minX: 0, minY: 0, maxX: n - 1, maxY: n - 1 };
  const budget = options.budget ?? UNLIMITED;
  const tiles = new EdgeTiles(options.maxEdgeTiles ?? Number.POSITIVE_INFINITY);
  const walk = new EdgeWalk(tiles, window, budget);

  for (const rings of polygonsOf(area)) {
    for (const [r, ring] of rings.entries()) {
      budget.spend(ring.length);
      const xs = new Float64Array(ring.length);
      const ys = new Float64Array(ring.length);
      for (const [i, [lon, lat]] of ring.entries()) [xs[i], ys[i]] = tileCoordinates(lon, lat, z);
      const turn = Math.sign(ringArea(xs, ys));
      if (turn === 0) continue;
      // Outer rings add their inside and holes take theirs away, whichever way round they were given.
      const sign = r === 0 ? -turn : turn;
      for (let i = 0; i + 1 < ring.length; i++) walk.edge(xs[i], ys[i], xs[i + 1], ys[i + 1], sign);
    }
  }
  return settle(tiles, window);
}

/** Sorts the edge tiles row by row and sums along each row: a tile's share and the share of the tiles east of it. */
function settle(tiles: EdgeTiles, window: Omit<TileRange, 'z'>): CoverageGrid {
  const count = tiles.size;
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  order.sort((a, b) => tiles.keys[a] - tiles.keys[b]);
  const keys = new Float64Array(count);
  const share = new Float64Array(count);
  const after = new Float64Array(count);
  let carry = 0;
  let row = -1;
  for (let k = 0; k < count; k++) {
    const i = order[k];
    keys[k] = tiles.keys[i];
    const tileRow = Math.floor(keys[k] / ROW_STRIDE);
    if (tileRow !== row) {
      row = tileRow;
      carry = 0;
    }
    share[k] = carry + tiles.area[i];
    carry += tiles.height[i];
    after[k] = carry;
  }
  const rowOf = (k: number) => Math.floor(keys[k] / ROW_STRIDE);
  const columnOf = (k: number) => keys[k] - rowOf(k) * ROW_STRIDE;
  /** The column after the run of equal shares east of entry k. */
  const runEnd = (k: number) => (k + 1 < count && rowOf(k + 1) === rowOf(k) ? columnOf(k + 1) : window.maxX + 1);

  /** The last entry with a key ≤ key, or −1. */
  const floorEntry = (key: number) => {
    let low = 0;
    let high = count - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (keys[mid] <= key) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  };

  return {
    shareAt(x, y) {
      const key = y * ROW_STRIDE + x;
      const k = floorEntry(key);
      if (k === -1 || rowOf(k) !== y) return 0;
      return clampShare(keys[k] === key ? share[k] : after[k]);
    },
    count(limit = Number.POSITIVE_INFINITY) {
      let total = 0;
      for (let k = 0; k < count && total <= limit; k++) {
        if (clampShare(share[k]) > 0) total++;
        if (clampShare(after[k]) > 0) total += runEnd(k) - columnOf(k) - 1;
      }
      return total;
    },
    forEach(visit) {
      for (let k = 0; k < count; k++) {
        const y = rowOf(k);
        const x = columnOf(k);
        const own = clampShare(share[k]);
        if (own > 0) visit(x, y, own);
        const east = clampShare(after[k]);
        if (east > 0) for (let column = x + 1, end = runEnd(k); column < end; column++) visit(column, y, east);
      }
    },
  };
}
