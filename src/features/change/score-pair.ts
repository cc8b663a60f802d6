/**
 * The change score of one tile in two captures, from their reduced pixels: cells that cannot be compared set aside
 * (obscured-cells.ts), lighting matched over the rest (lighting.ts), then each cell's differences (cell-features.ts)
 * weighed by the calibrated weights (change-thresholds.ts): a cell changed when their sum reaches the threshold.
 */
import { cellFeatures, CELL_FEATURES, type CellFeatures } from './cell-features.ts';
import { CHANGE_THRESHOLDS, type ChangeThresholds } from './change-thresholds.ts';
import { matchLighting } from './lighting.ts';
import { OBSCURED, obscuredCells } from './obscured-cells.ts';
import { CELLS, planesOf } from './pixel-planes.ts';
import type { ReducedTile } from './reduce-tile.ts';

export interface PairScore {
  /** Per cell (16 × 16, row-major), 0–255: 0 the same, 128 at the thresholds, 255 at twice them or more. */
  cells: Uint8Array;
  /** Per cell, why it was not compared (OBSCURED; 0 where it was). */
  obscured: Uint8Array;
  changedCells: number;
  obscuredCells: number;
}

/** The score byte of a cell at `ratio` of its thresholds (changed from 1). */
const cellByte = (ratio: number): number => Math.round(Math.min(1, ratio / 2) * 255);

/** The measured differences of a tile pair, before any threshold but the obscured cells'. */
export function comparePair(
  earlier: ReducedTile,
  later: ReducedTile,
  thresholds: ChangeThresholds = CHANGE_THRESHOLDS,
): { features: CellFeatures; obscured: Uint8Array } {
  const a = planesOf(earlier);
  const b = planesOf(later);
  const obscured = obscuredCells(a, b, thresholds);
  const compared = obscured.map((reason) => (reason === OBSCURED.clear ? 1 : 0));
  matchLighting(a, b, compared);
  return { features: cellFeatures(a, b, compared), obscured };
}

/** A cell's weighed differences: 0 where the captures are the same. */
function weighed(features: CellFeatures, c: number, weights: readonly number[]): number {
  let sum = 0;
  for (let f = 0; f < CELL_FEATURES; f++) sum += weights[f] * features[c * CELL_FEATURES + f];
  return sum;
}

/** The median of the cells' weighed differences over those compared (0 where none is). */
function tileMedian(sums: Float32Array, obscured: Uint8Array): number {
  const clear = sums.filter((_, c) => obscured[c] === OBSCURED.clear).sort();
  return clear.length > 0 ? clear[clear.length >> 1] : 0;
}

/** The cells' scores from their differences, each less `relative` of the tile's median. */
export function scoreCells(
  features: CellFeatures,
  obscured: Uint8Array,
  thresholds: ChangeThresholds = CHANGE_THRESHOLDS,
): PairScore {
  const cells = new Uint8Array(CELLS);
  const sums = new Float32Array(CELLS);
  let changedCells = 0;
  let obscuredCount = 0;
  for (let c = 0; c < CELLS; c++) {
    if (obscured[c] !== OBSCURED.clear) obscuredCount++;
    else sums[c] = weighed(features, c, thresholds.weights);
  }
  const shift = thresholds.relative > 0 ? thresholds.relative * tileMedian(sums, obscured) : 0;
  for (let c = 0; c < CELLS; c++) {
    if (obscured[c] !== OBSCURED.clear) continue;
    const ratio = (sums[c] - shift) / thresholds.cell;
    cells[c] = cellByte(Math.max(0, ratio));
    if (ratio >= 1) changedCells++;
  }
  return { cells, obscured, changedCells, obscuredCells: obscuredCount };
}

/** A tile pair's score: its cells, and how many changed and were obscured. */
export function scoreTilePair(earlier: ReducedTile, later: ReducedTile, thresholds = CHANGE_THRESHOLDS): PairScore {
  const { features, obscured } = comparePair(earlier, later, thresholds);
  return scoreCells(features, obscured, thresholds);
}

/** What a tile, or several together (a location, an area), says. */
export type ChangeVerdict = 'changed' | 'unchanged' | 'obscured';

export interface ChangeSummary {
  verdict: ChangeVerdict;
  /** 0–1, half-way at the changed cells' threshold: 1 − 2^(−changed / threshold). */
  score: number;
  /** Shares of all their cells changed and obscured. */
  changedShare: number;
  obscuredShare: number;
}

/** The verdict on tiles with `changedCells` changed and `obscuredCells` obscured of `cells` cells. */
export function summarise(
  { changedCells, obscuredCells, cells }: { changedCells: number; obscuredCells: number; cells: number },
  thresholds: ChangeThresholds = CHANGE_THRESHOLDS,
): ChangeSummary {
  const obscuredShare = cells > 0 ? obscuredCells / cells : 1;
  const score = 1 - 2 ** (-changedCells / thresholds.changedCells);
  const verdict: ChangeVerdict =
    obscuredShare >= thresholds.obscuredShare
      ? 'obscured'
      : changedCells >= thresholds.changedCells
        ? 'changed'
        : 'unchanged';
  return { verdict, score, changedShare: cells > 0 ? changedCells / cells : 0, obscuredShare };
}
