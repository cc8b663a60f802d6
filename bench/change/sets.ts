import { CHANGE_ZOOM } from '../../src/features/change/index.ts';

/**
 * The change benchmark's two sets of locations: one to calibrate the engine's thresholds on, one to report on. They
 * differ in seed and share no metro, so a figure reported on the held-out set was never tuned on it.
 */

export interface SampleSet {
  name: 'calibration' | 'held-out';
  seed: number;
  /** Demo metro codes (server/catalog/demo.ts DEMO_METROS). */
  metros: readonly string[];
  /** Locations of each kind drawn (see dataset.ts): construction, none, mostly under cloud. */
  quotas: { changed: number; unchanged: number; cloudy: number };
}

const QUOTAS = { changed: 400, unchanged: 450, cloudy: 150 };

/** Both sets span the arid south-west, snowy north and humid south-east. */
export const CALIBRATION_SET: SampleSet = {
  name: 'calibration',
  seed: 4401,
  metros: ['LAS', 'MSP', 'COLA', 'IVA', 'AUS', 'ATL', 'NSH', 'SAC', 'KC', 'TPA', 'OKC'],
  quotas: QUOTAS,
};

export const HELD_OUT_SET: SampleSet = {
  name: 'held-out',
  seed: 4402,
  metros: ['DEN', 'PHX', 'PTCH', 'DAL', 'CLT', 'SLC', 'BOI', 'RAL', 'OMA', 'BLDR'],
  quotas: QUOTAS,
};

/** The zoom of the benchmark's tiles, the engine's own: a location is 2 × 2 of them (about 480 m a side). */
export const LOCATION_ZOOM = CHANGE_ZOOM;

/**
 * A location's truth: changed when at least this share of its ground clear of cloud in both captures changed built
 * state (0.1 % of a location, ~230 m²: more than one house's footprint); unchanged when none did. Locations in
 * between are drawn, counted and left out of the location figures. (Ground under a cloud's shadow is visible.)
 */
export const CHANGED_SHARE = 0.001;
/** Mostly cloudy: at least half its ground under cloud (opacity ≥ ½) in either capture; a cell, half of it. */
export const CLOUDY_SHARE = 0.5;
/** A cell's truth: changed when at least a quarter of it changed; unchanged when none of it did. */
export const CELL_CHANGED_SHARE = 0.25;
