/**
 * The change engine's judgement against the truth, on a set's locations: each location's four tile pairs scored by
 * the engine's own code (the same modules the viewer's worker runs), then location-level and cell-level figures.
 */
import type { CellFeatures } from '../../src/features/change/cell-features.ts';
import type { ChangeThresholds } from '../../src/features/change/change-thresholds.ts';
import { OBSCURED } from '../../src/features/change/obscured-cells.ts';
import { REDUCED_SIZE } from '../../src/features/change/reduce-tile.ts';
import { comparePair, type ChangeVerdict, scoreCells, summarise } from '../../src/features/change/score-pair.ts';
import type { Dataset, LocationKind, SampledLocation } from './dataset.ts';
import { CELL_CHANGED_SHARE, CLOUDY_SHARE } from './sets.ts';

const REDUCED_BYTES = REDUCED_SIZE * REDUCED_SIZE * 4;

/** A location's four tile pairs, measured (the part of the engine before its change thresholds). */
export interface Measured {
  location: SampledLocation;
  tiles: { features: CellFeatures; obscured: Uint8Array }[];
}

export function measure(data: Dataset, thresholds: ChangeThresholds): Measured[] {
  return data.locations.map((location) => ({
    location,
    tiles: [0, 1, 2, 3].map((t) => {
      const tile = (c: number) =>
        location.imagery.subarray((c * 4 + t) * REDUCED_BYTES, (c * 4 + t + 1) * REDUCED_BYTES);
      return comparePair(tile(0), tile(1), thresholds);
    }),
  }));
}

type Row = Record<ChangeVerdict, number>;
const emptyRow = (): Row => ({ changed: 0, unchanged: 0, obscured: 0 });

export interface Figures {
  /** Rows: the truth; columns: what the engine reported. */
  matrix: Record<LocationKind, Row>;
  precision: number;
  recall: number;
  /** Reported changed, of the unchanged (season, sun and cloud only) locations. */
  falseAlarms: number;
  /** Reported obscured, of the mostly cloudy locations. */
  cloudyObscured: number;
  /** Reported obscured, of the clear locations. */
  clearObscured: number;
  cells: { precision: number; recall: number; falseAlarms: number; obscuredRecall: number; clearObscured: number };
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

/** The figures of measured locations under the thresholds. */
export function judge(measured: Measured[], thresholds: ChangeThresholds): Figures {
  const matrix: Record<LocationKind, Row> = { changed: emptyRow(), unchanged: emptyRow(), cloudy: emptyRow() };
  const cells = { tp: 0, fp: 0, fn: 0, tn: 0, cloudyObscured: 0, cloudy: 0, clearObscured: 0, clear: 0 };
  for (const { location, tiles } of measured) {
    let changedCells = 0;
    let obscuredCells = 0;
    for (const [t, { features, obscured }] of tiles.entries()) {
      const score = scoreCells(features, obscured, thresholds);
      changedCells += score.changedCells;
      obscuredCells += score.obscuredCells;
      if (location.kind === 'cloudy') continue;
      for (let c = 0; c < 256; c++) {
        const truthChanged = location.cells.changed[t * 256 + c];
        const cloudy = location.cells.cloud[t * 256 + c] >= CLOUDY_SHARE;
        const engineObscured = obscured[c] !== OBSCURED.clear;
        if (cloudy) {
          cells.cloudy++;
          if (engineObscured) cells.cloudyObscured++;
          continue;
        }
        cells.clear++;
        if (engineObscured) {
          cells.clearObscured++;
          continue;
        }
        const reported = score.cells[c] >= 128;
        if (truthChanged >= CELL_CHANGED_SHARE) reported ? cells.tp++ : cells.fn++;
        else if (truthChanged === 0) reported ? cells.fp++ : cells.tn++;
      }
    }
    const { verdict } = summarise({ changedCells, obscuredCells, cells: 1024 }, thresholds);
    matrix[location.kind][verdict]++;
  }
  const { changed, unchanged, cloudy } = matrix;
  const total = (row: Row) => row.changed + row.unchanged + row.obscured;
  return {
    matrix,
    precision: ratio(changed.changed, changed.changed + unchanged.changed),
    recall: ratio(changed.changed, total(changed)),
    falseAlarms: ratio(unchanged.changed, total(unchanged)),
    cloudyObscured: ratio(cloudy.obscured, total(cloudy)),
    clearObscured: ratio(changed.obscured + unchanged.obscured, total(changed) + total(unchanged)),
    cells: {
      precision: ratio(cells.tp, cells.tp + cells.fp),
      recall: ratio(cells.tp, cells.tp + cells.fn),
      falseAlarms: ratio(cells.fp, cells.fp + cells.tn),
      obscuredRecall: ratio(cells.cloudyObscured, cells.cloudy),
      clearObscured: ratio(cells.clearObscured, cells.clear),
    },
  };
}
