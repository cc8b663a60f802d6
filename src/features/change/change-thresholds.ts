/**
 * The change engine's thresholds, calibrated on the change benchmark's calibration set (seed 4401, 11 metros of their
 * own) by `npm run bench -- change --calibrate` (bench/change/calibrate.ts), and reported on its held-out set.
 */
import type { ObscuredThresholds } from './obscured-cells.ts';

export interface ChangeThresholds extends ObscuredThresholds {
  /** A changed cell: mean YIQ distance (after the shadow allowance, 0–255 scale) over this … */
  colour: number;
  /** … and 1 − the structure term of SSIM at least this (1: nothing of the pattern left, 2: inverted). */
  structure: number;
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
  colour: 4,
  structure: 1,
  changedCells: 8,
  obscuredShare: 0.4,
};

/** The zoom the thresholds were calibrated at (a location: 2 × 2 tiles, ~480 m): compare tiles at this zoom. */
export const CHANGE_ZOOM = 17;

/** A score at or over this means changed (the changed cells' threshold reached). */
export const CHANGED_SCORE = 0.5;
