/**
 * The change score of one tile in two captures, from their reduced pixels: cells that cannot be compared set aside
 * (obscured-cells.ts), lighting matched over the rest (lighting.ts), then each cell changed when its colour and its
 * structure both differ by more than the calibrated thresholds (change-thresholds.ts).
 */
import { cellDifferences, type CellDifferences } from './cell-compare.ts';
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
): { differences: CellDifferences; obscured: Uint8Array } {
  const a = planesOf(earlier);
  const b = planesOf(later);
  const obscured = obscuredCells(a, b, thresholds);
  const compared = obscured.map((reason) => (reason === OBSCURED.clear ? 1 : 0));
  matchLighting(a, b, compared);
  return { differences: cellDifferences(a, b, compared), obscured };
}

/** The cells' scores from their differences. */
export function scoreCells(
  { colour, structure }: CellDifferences,
  obscured: Uint8Array,
  thresholds: ChangeThresholds = CHANGE_THRESHOLDS,
): PairScore {
  const cells = new Uint8Array(CELLS);
  let changedCells = 0;
  let obscuredCount = 0;
  for (let c = 0; c < CELLS; c++) {
    if (obscured[c] !== OBSCURED.clear) {
      obscuredCount++;
      continue;
    }
    const ratio = Math.min(colour[c] / thresholds.colour, structure[c] / thresholds.structure);
    cells[c] = cellByte(ratio);
    if (ratio >= 1) changedCells++;
  }
  return { cells, obscured, changedCells, obscuredCells: obscuredCount };
}

/** A tile pair's score: its cells, and how many changed and were obscured. */
export function scoreTilePair(earlier: ReducedTile, later: ReducedTile, thresholds = CHANGE_THRESHOLDS): PairScore {
  const { differences, obscured } = comparePair(earlier, later, thresholds);
  return scoreCells(differences, obscured, thresholds);
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
