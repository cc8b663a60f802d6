/**
 * `npm run bench -- change --calibrate`: the engine's thresholds chosen on the calibration set (its own seed and
 * metros; never the held-out set the benchmark reports on), printed for src/features/change/change-thresholds.ts.
 *
 * Three stages. The obscured cells first: of the cloud tests tried, the one that reports the most mostly-cloudy
 * locations obscured while reporting at most 1 % of the others obscured. Then, with those cells set aside, the cells'
 * weights: a logistic regression of the cells whose ground changed (a quarter of them or more) against those where
 * none did, on their differences (cell-features.ts). Last the cell threshold on the weighed sum (less the share of its
 * tile's median that CHANGE_THRESHOLDS.relative says) and the changed cells a location needs: those whose worst figure
 * against its goal (precision and recall 0.9, false alarms 5 %) is best.
 */
import { CHANGE_THRESHOLDS, type ChangeThresholds } from '../../src/features/change/change-thresholds.ts';
import { OBSCURED, obscuredCells } from '../../src/features/change/obscured-cells.ts';
import { CELL_FEATURES } from '../../src/features/change/cell-features.ts';
import { CELLS, planesOf } from '../../src/features/change/pixel-planes.ts';
import { REDUCED_SIZE } from '../../src/features/change/reduce-tile.ts';
import type { BenchContext } from '../lib/result.ts';
import { dataset, type Dataset } from './dataset.ts';
import { fitLogistic, type LogisticModel } from './logistic.ts';
import { type Figures, judge, type Measured, measure } from './quality.ts';
import { cellLine, figureLine } from './report.ts';
import { CALIBRATION_SET, CELL_CHANGED_SHARE } from './sets.ts';

const REDUCED_BYTES = REDUCED_SIZE * REDUCED_SIZE * 4;

/** Each location's obscured cells under the obscured thresholds, and whether it is mostly cloudy. */
function obscuredCounts(data: Dataset, t: ChangeThresholds): { cloudy: boolean; obscured: number }[] {
  return data.locations.map((location) => {
    let obscured = 0;
    for (let tile = 0; tile < 4; tile++) {
      const side = (c: number) =>
        planesOf(location.imagery.subarray((c * 4 + tile) * REDUCED_BYTES, (c * 4 + tile + 1) * REDUCED_BYTES));
      for (const reason of obscuredCells(side(0), side(1), t)) if (reason !== OBSCURED.clear) obscured++;
    }
    return { cloudy: location.kind === 'cloudy', obscured };
  });
}

/** Shares of cloudy and of other locations reported obscured from `share` of their cells obscured. */
function obscuredRates(counts: { cloudy: boolean; obscured: number }[], share: number) {
  const rate = (cloudy: boolean) => {
    const group = counts.filter((c) => c.cloudy === cloudy);
    return group.filter((c) => c.obscured >= share * 4 * CELLS).length / group.length;
  };
  return { cloudy: rate(true), clear: rate(false) };
}

export const product = <T extends Record<string, number[]>>(grid: T): { [K in keyof T]: number }[] =>
  Object.entries(grid).reduce<Record<string, number>[]>(
    (all, [key, values]) => all.flatMap((partial) => values.map((value) => ({ ...partial, [key]: value }))),
    [{}],
  ) as { [K in keyof T]: number }[];

const OBSCURED_GRID = {
  cloudLuma: [185, 200],
  cloudShare: [0.3, 0.5],
  cloudTexture: [8, 16],
  /** 0: cloud shadow is compared through the colour difference's shadow allowance rather than set aside. */
  shadowRatio: [0, 0.65],
};
const OBSCURED_SHARES = [0.3, 0.4, 0.5];
/** Log-odds of a changed cell from which it is called changed. */
export const LOG_ODDS = [-1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4];
/** Changed cells a location needs. */
export const COUNT_GRID = { changedCells: [1, 2, 3, 4, 6, 8, 12, 16] };

/** The weights of a changed cell's differences, fitted on the clear cells of the locations not mostly cloudy. */
export function cellWeights(measured: Measured[]): LogisticModel {
  const rows: number[] = [];
  const labels: number[] = [];
  for (const { location, tiles } of measured) {
    if (location.kind === 'cloudy') continue;
    for (const [t, { features, obscured }] of tiles.entries()) {
      for (let c = 0; c < CELLS; c++) {
        const changed = location.cells.changed[t * CELLS + c];
        if (obscured[c] !== OBSCURED.clear || (changed > 0 && changed < CELL_CHANGED_SHARE)) continue;
        for (let f = 0; f < CELL_FEATURES; f++) rows.push(features[c * CELL_FEATURES + f]);
        labels.push(changed > 0 ? 1 : 0);
      }
    }
  }
  return fitLogistic(new Float32Array(rows), Uint8Array.from(labels), CELL_FEATURES);
}

/** How far the figures fall short of the goals, the worst of them (higher is better; ≥ 0 all met). */
export const goalMargin = (f: Pick<Figures, 'precision' | 'recall' | 'falseAlarms'>) =>
  Math.min(f.precision - 0.9, f.recall - 0.9, (0.05 - f.falseAlarms) * 2);

export async function calibrate(ctx: BenchContext): Promise<ChangeThresholds> {
  const data = await dataset(CALIBRATION_SET, ctx.log);
  let best = CHANGE_THRESHOLDS;
  let bestRates = { cloudy: -1, clear: 1 };
  for (const setting of product(OBSCURED_GRID)) {
    const counts = obscuredCounts(data, { ...CHANGE_THRESHOLDS, ...setting, snowWhitening: 0 });
    for (const obscuredShare of OBSCURED_SHARES) {
      const rates = obscuredRates(counts, obscuredShare);
      const t = { ...CHANGE_THRESHOLDS, ...setting, obscuredShare };
      if (rates.clear <= 0.01 && rates.cloudy > bestRates.cloudy) [best, bestRates] = [t, rates];
    }
  }
  ctx.log(
    `  obscured: ${(bestRates.cloudy * 100).toFixed(0)} % of cloudy locations, ` +
      `${(bestRates.clear * 100).toFixed(1)} % ` +
      `of the others, with ${JSON.stringify(best)}`,
  );
  const measured = measure(data, best);
  const model = cellWeights(measured);
  const weights = model.weights.map((w) => Number(w.toPrecision(4)));
  // The share of the tile's median taken off each cell (`relative`) and snow (set aside or not) are CHANGE_THRESHOLDS',
  // as compare.ts chose them; the thresholds are chosen here.
  const tried = LOG_ODDS.flatMap((logOdds) =>
    product(COUNT_GRID).map(({ changedCells }) => {
      const thresholds = { ...best, weights, cell: Number((logOdds - model.intercept).toPrecision(4)), changedCells };
      return { thresholds, figures: judge(measured, thresholds) };
    }),
  );
  // The best margin; of the settings within 0.01 of it, the one whose cells (the heat map) agree best with the truth.
  const top = Math.max(...tried.map(({ figures }) => goalMargin(figures)));
  const cellF1 = ({ cells }: Figures) => (2 * cells.precision * cells.recall) / (cells.precision + cells.recall || 1);
  const { thresholds: chosen, figures: chosenFigures } = tried
    .filter(({ figures }) => goalMargin(figures) >= top - 0.01)
    .reduce((a, b) => (cellF1(b.figures) > cellF1(a.figures) ? b : a));
  ctx.log(`  calibration set: ${figureLine(chosenFigures)}\n  ${cellLine(chosenFigures)}`);
  ctx.log(`\nCHANGE_THRESHOLDS (src/features/change/change-thresholds.ts):\n${JSON.stringify(chosen, null, 2)}`);
  return chosen;
}
