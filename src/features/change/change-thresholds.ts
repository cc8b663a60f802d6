/**
 * The change engine's thresholds, calibrated on the change benchmark's calibration set (seed 4401, 11 metros of their
 * own) by `npm run bench -- change --calibrate` (bench/change/calibrate.ts), and reported on its held-out set.
 */
import type { ObscuredThresholds } from './obscured-cells.ts';

export interface ChangeThresholds extends ObscuredThresholds {
  /**
   * A cell's weight of each of its differences (cell-features.ts: CELL_FEATURE_NAMES, then the same over its
   * neighbourhood), fitted as a logistic regression of the cells that changed on the calibration set …
   */
  weights: readonly number[];
  /** … and the weighed sum from which a cell is changed (the regression's log-odds less its intercept) … */
  cell: number;
  /** … after taking off this share of the median of the tile's weighed sums (a season moves every cell). */
  relative: number;
  /** Changed cells (of a location's 4 tiles, 1,024 cells) for "changed": the score's half-way point. */
  changedCells: number;
  /** Share of cells obscured from which a tile or location is reported obscured. */
  obscuredShare: number;
}

export const CHANGE_THRESHOLDS: ChangeThresholds = {
  cloudLuma: 200,
  cloudChroma: 12,
  cloudShare: 0.3,
  cloudTexture: 8,
  // Cloud shadow is compared through the colour difference's shadow allowance: setting it aside lost more than it
  // saved.
  shadowRatio: 0,
  shadowCorrelation: 0.5,
  snowWhitening: 0,
  snowShare: 1,
  weights: [
    2.703, 0.2667, 0.2114, -0.5212, 0.2683, 0.05186, 0.1737, -0.05333, -2.463, 0.2726, 0.1357, -4.025, 4.451, -1.025,
    3.057, -1.267, 3.222, 3.108, 0.3745, 1.725, 2.439, -2.381,
  ],
  cell: 7.69,
  relative: 0.5,
  changedCells: 3,
  obscuredShare: 0.4,
};

/** The zoom the thresholds were calibrated at (a location: 2 × 2 tiles, ~480 m): compare tiles at this zoom. */
export const CHANGE_ZOOM = 17;

/** A score at or over this means changed (the changed cells' threshold reached). */
export const CHANGED_SCORE = 0.5;
