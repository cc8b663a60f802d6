/**
 * `npm run bench -- change --compare`: variants of the change engine's verdict compared on the calibration set alone
 * (the held-out set is not read), by two-fold cross-validation over its metros. For each fold the cell weights are
 * fitted and every threshold chosen as calibrate.ts does (the best worst-margin against the goals; within 0.01 of it,
 * the best cell F1) on one half's metros, and the figures counted on the other half's; the two held-back halves'
 * confusion matrices are pooled. Variants: snow in one capture set aside as obscured (obscured-cells.ts) or not; each
 * cell's weighed differences less a share of its tile's median (a season moves every cell, construction a few); and a
 * location changed from N cells past the threshold, or from the mean of its k strongest cells' scores (each up to
 * twice the threshold, as the heat map's bytes hold them).
 */
import { CELL_FEATURES } from '../../src/features/change/cell-features.ts';
import { CHANGE_THRESHOLDS, type ChangeThresholds } from '../../src/features/change/change-thresholds.ts';
import { OBSCURED } from '../../src/features/change/obscured-cells.ts';
import { CELLS } from '../../src/features/change/pixel-planes.ts';
import type { BenchContext } from '../lib/result.ts';
import { cellWeights, COUNT_GRID, goalMargin, LOG_ODDS, product } from './calibrate.ts';
import { dataset } from './dataset.ts';
import { type Figures, measure, type Measured } from './quality.ts';
import { CALIBRATION_SET, CELL_CHANGED_SHARE, CLOUDY_SHARE } from './sets.ts';

/** The calibration set's metros in two halves, each with snowy metros (MSP; KC, SAC) and southern ones. */
const FOLDS = [
  ['LAS', 'MSP', 'COLA', 'AUS', 'TPA', 'OKC'],
  ['IVA', 'ATL', 'NSH', 'SAC', 'KC'],
];
const SNOW = [
  { snowWhitening: 0, snowShare: 1 },
  { snowWhitening: 0.15, snowShare: 0.3 },
  { snowWhitening: 0.15, snowShare: 0.5 },
  { snowWhitening: 0.3, snowShare: 0.3 },
  { snowWhitening: 0.3, snowShare: 0.5 },
];
const RELATIVE = [0, 0.5, 1];
/** A location's strongest cells, and the share of the cell threshold their mean score must reach. */
const TOP_GRID = { topCells: [1, 2, 3, 4, 6], topRatio: [0.75, 1, 1.25, 1.5, 1.75] };
/** A location's strongest cells kept. */
const TOP = 16;

type Rule = { changedCells: number } | { topCells: number; topRatio: number };

/** A location as the verdicts read it: its strongest cells' weighed differences (highest first), obscured cells. */
interface Reduced {
  kind: Measured['location']['kind'];
  top: Float32Array;
  obscured: number;
}

/** Each cell's weighed differences (NaN where obscured), less `relative` of its tile's median. */
function weighedCells({ tiles }: Measured, weights: readonly number[], relative: number): Float32Array {
  const out = new Float32Array(4 * CELLS).fill(Number.NaN);
  for (const [t, { features, obscured }] of tiles.entries()) {
    const values: number[] = [];
    for (let c = 0; c < CELLS; c++) {
      if (obscured[c] !== OBSCURED.clear) continue;
      let sum = 0;
      for (let f = 0; f < CELL_FEATURES; f++) sum += weights[f] * features[c * CELL_FEATURES + f];
      out[t * CELLS + c] = sum;
      values.push(sum);
    }
    if (relative === 0 || values.length === 0) continue;
    values.sort((a, b) => a - b);
    const median = values[Math.floor(values.length / 2)];
    for (let c = 0; c < CELLS; c++) out[t * CELLS + c] -= relative * median;
  }
  return out;
}

function reduce(m: Measured, cells: Float32Array): Reduced {
  const clear = [...cells].filter((v) => !Number.isNaN(v)).sort((a, b) => b - a);
  const top = new Float32Array(TOP).fill(Number.NEGATIVE_INFINITY);
  top.set(clear.slice(0, TOP));
  return { kind: m.location.kind, top, obscured: 4 * CELLS - clear.length };
}

function changed(top: Float32Array, threshold: number, rule: Rule): boolean {
  if ('changedCells' in rule) return top[rule.changedCells - 1] >= threshold;
  let sum = 0;
  for (let j = 0; j < rule.topCells; j++) sum += Math.min(2, Math.max(0, top[j] / threshold));
  return sum / rule.topCells >= rule.topRatio;
}

type Matrix = Figures['matrix'];
const emptyMatrix = (): Matrix => ({
  changed: { changed: 0, unchanged: 0, obscured: 0 },
  unchanged: { changed: 0, unchanged: 0, obscured: 0 },
  cloudy: { changed: 0, unchanged: 0, obscured: 0 },
});

function count(locations: Reduced[], threshold: number, rule: Rule, obscuredShare: number, into = emptyMatrix()) {
  for (const { kind, top, obscured } of locations) {
    const verdict =
      obscured >= obscuredShare * 4 * CELLS ? 'obscured' : changed(top, threshold, rule) ? 'changed' : 'unchanged';
    into[kind][verdict]++;
  }
  return into;
}

type Scores = Pick<Figures, 'precision' | 'recall' | 'falseAlarms' | 'cloudyObscured'>;

function scores({ changed: c, unchanged: u, cloudy }: Matrix): Scores {
  const total = (row: Matrix['changed']) => row.changed + row.unchanged + row.obscured;
  return {
    precision: c.changed / (c.changed + u.changed || 1),
    recall: c.changed / (total(c) || 1),
    falseAlarms: u.changed / (total(u) || 1),
    cloudyObscured: cloudy.obscured / (total(cloudy) || 1),
  };
}

/** Cell F1 against the truth at each threshold, over the clear cells of locations not mostly cloudy. */
function cellF1(measured: Measured[], cells: Float32Array[], thresholds: number[]): number[] {
  const tp = thresholds.map(() => 0);
  const fp = thresholds.map(() => 0);
  const fn = thresholds.map(() => 0);
  for (const [i, { location }] of measured.entries()) {
    if (location.kind === 'cloudy') continue;
    for (let c = 0; c < 4 * CELLS; c++) {
      const value = cells[i][c];
      const truth = location.cells.changed[c];
      if (Number.isNaN(value) || location.cells.cloud[c] >= CLOUDY_SHARE) continue;
      if (truth > 0 && truth < CELL_CHANGED_SHARE) continue;
      for (const [k, threshold] of thresholds.entries()) {
        const reported = value >= threshold;
        if (truth > 0) reported ? tp[k]++ : fn[k]++;
        else if (reported) fp[k]++;
      }
    }
  }
  return thresholds.map((_, k) => (2 * tp[k]) / (2 * tp[k] + fp[k] + fn[k] || 1));
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const line = (s: Scores) =>
  `precision ${s.precision.toFixed(3)}, recall ${s.recall.toFixed(3)}, false alarms ${pct(s.falseAlarms)}, ` +
  `cloudy obscured ${pct(s.cloudyObscured)}, margin ${goalMargin(s).toFixed(3)}`;

interface Result {
  name: string;
  pooled: Matrix;
}

export async function compareVariants(ctx: BenchContext): Promise<void> {
  const data = await dataset(CALIBRATION_SET, ctx.log);
  const results: Result[] = [];
  for (const snow of SNOW) {
    const thresholds: ChangeThresholds = { ...CHANGE_THRESHOLDS, ...snow };
    const measured = measure(data, thresholds);
    const folds = FOLDS.map((metros) => measured.filter(({ location }) => metros.includes(location.metro)));
    const models = folds.map((fold) => cellWeights(fold));
    for (const relative of RELATIVE) {
      for (const rules of [product(COUNT_GRID), product(TOP_GRID)] as Rule[][]) {
        const pooled = emptyMatrix();
        const chosen: string[] = [];
        for (const [f, model] of models.entries()) {
          const [fit, check] = [folds[f], folds[1 - f]];
          const cellsOf = (ms: Measured[]) => ms.map((m) => weighedCells(m, model.weights, relative));
          const fitCells = cellsOf(fit);
          const fitReduced = fit.map((m, i) => reduce(m, fitCells[i]));
          const levels = LOG_ODDS.map((l) => l - model.intercept);
          const f1 = cellF1(fit, fitCells, levels);
          const tried = levels.flatMap((threshold, k) =>
            rules.map((rule) => ({
              threshold,
              rule,
              f1: f1[k],
              margin: goalMargin(scores(count(fitReduced, threshold, rule, thresholds.obscuredShare))),
            })),
          );
          const best = Math.max(...tried.map((t) => t.margin));
          const pick = tried.filter((t) => t.margin >= best - 0.01).reduce((a, b) => (b.f1 > a.f1 ? b : a));
          const checkCells = cellsOf(check);
          count(
            check.map((m, i) => reduce(m, checkCells[i])),
            pick.threshold,
            pick.rule,
            thresholds.obscuredShare,
            pooled,
          );
          chosen.push(`${JSON.stringify(pick.rule)} at ${pick.threshold.toFixed(2)} (fit margin ${best.toFixed(3)})`);
        }
        const rule = 'changedCells' in rules[0] ? 'N cells' : 'top-k mean';
        const name = `snow ${JSON.stringify(snow)}, relative ${relative}, ${rule}`;
        results.push({ name, pooled });
        ctx.log(`  ${name}: ${line(scores(pooled))}\n    chosen per fold: ${chosen.join('; ')}`);
      }
    }
  }
  const main = results[0];
  const eligible = results.filter((r) => scores(r.pooled).cloudyObscured >= 0.9);
  const best = eligible.reduce((a, b) => (goalMargin(scores(b.pooled)) > goalMargin(scores(a.pooled)) ? b : a));
  const adopted = goalMargin(scores(best.pooled)) >= goalMargin(scores(main.pooled)) + 0.01 ? best : main;
  ctx.log(`\n  best held-back margin: ${best.name}; adopted by the rule (0.01 over main's): ${adopted.name}`);
  ctx.log(`  main's: ${line(scores(main.pooled))}\n  adopted: ${line(scores(adopted.pooled))}`);
}
