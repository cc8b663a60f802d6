import type { ExportCompression, ExportPlan } from './export-plan.ts';
import { EXPORT_MAX_ZOOM, EXPORT_MIN_ZOOM } from './export-plan.ts';

/**
 * What one 256 × 256 tile of aerial imagery weighs in the file, least and most, by the zoom whose detail it holds
 * (an overview tile holds about what a tile one zoom out does), in KB. Measured with this writer on the reference
 * service's imagery — every demo survey of six metros, 10–16 tiles each at z14–z21 — and widened by a tenth: the
 * same area weighs 4–5 times more in a clear, busy survey than in a cloudy or smooth one, and a coarser zoom packs
 * more detail into each tile (at z15 a JPEG tile held 12–41 KB, at z19 5–15 KB). Real imagery is within the same
 * spread; what the file will really weigh shows as the export runs.
 */
const TILE_KB: Record<ExportCompression, Record<number, [low: number, high: number]>> = {
  jpeg: {
    14: [11, 46],
    15: [11, 46],
    16: [6, 36],
    17: [6, 29],
    18: [3.3, 20],
    19: [3.3, 16],
    20: [3.3, 12],
    21: [3.3, 12],
  },
  deflate: {
    14: [88, 182],
    15: [88, 182],
    16: [66, 164],
    17: [66, 142],
    18: [53, 121],
    19: [53, 112],
    20: [53, 105],
    21: [53, 105],
  },
};

/** The file's size, least and most likely, in bytes. */
export interface SizeEstimate {
  low: number;
  high: number;
}

/** How many tiles each level of the file holds: the plan's, then each overview's (a tile where any below it is). */
export function tilesPerLevel(plan: Pick<ExportPlan, 'tiles' | 'levels' | 'x0' | 'y0'>): number[] {
  const { tiles, levels, x0, y0 } = plan;
  return levels.map((_, level) => {
    if (level === 0) return tiles.length;
    const cells = new Set<number>();
    for (let i = 0; i < tiles.length; i++) {
      const col = (tiles.x[i] - x0) >> level;
      const row = (tiles.y[i] - y0) >> level;
      cells.add(row * 0x100000 + col);
    }
    return cells.size;
  });
}

const kbAt = (compression: ExportCompression, zoom: number) =>
  TILE_KB[compression][Math.max(EXPORT_MIN_ZOOM, Math.min(EXPORT_MAX_ZOOM, zoom))];

/**
 * The file's likely size, overviews included: the tiles at each level times what such a tile weighs, least and most.
 * At the least, an overview holds a quarter of the pixels of the level below, each as light as the lightest tile at the
 * export's zoom (halved tiles may be as smooth, and an overview tile at the grid's edge is partly empty); at the most,
 * each of its tiles is whole and as busy as the service draws a tile at its zoom.
 */
export function estimatedFileBytes(
  plan: Pick<ExportPlan, 'tiles' | 'levels' | 'x0' | 'y0' | 'zoom'>,
  compression: ExportCompression,
): SizeEstimate {
  let low = 0;
  let high = 0;
  tilesPerLevel(plan).forEach((count, level) => {
    low += (plan.tiles.length / 4 ** level) * kbAt(compression, plan.zoom)[0] * 1024;
    high += count * kbAt(compression, plan.zoom - level)[1] * 1024;
  });
  return { low: Math.round(low), high: Math.round(high) };
}
