/** The change benchmark's printed figures: the confusion matrix, the location and cell figures, the figure line. */
import type { Figures } from './quality.ts';

const pct = (v: number, digits = 1) => `${(v * 100).toFixed(digits)} %`;
const fixed = (v: number) => v.toFixed(3);

/** "precision P, recall R, false alarms F % …": the figure line of the table. */
export const figureLine = (f: Figures) =>
  `precision ${fixed(f.precision)}, recall ${fixed(f.recall)}, false alarms ${pct(f.falseAlarms)} on season/sun-only ` +
  `pairs, ${pct(f.cloudyObscured, 0)} of mostly cloudy locations reported obscured`;

/** The confusion matrix as Markdown table rows (truth down, report across). */
export function matrixLines(f: Figures): string[] {
  const row = (name: string, r: Figures['matrix']['changed']) =>
    `| ${name} | ${r.changed} | ${r.unchanged} | ${r.obscured} |`;
  return [
    '| truth \\ reported | changed | unchanged | obscured |',
    '|---|---|---|---|',
    row('construction (changed)', f.matrix.changed),
    row('season, sun, cloud only (unchanged)', f.matrix.unchanged),
    row('mostly cloudy in either capture', f.matrix.cloudy),
  ];
}

/** The confusion matrix in one line, for the table's notes. */
export const matrixText = ({ matrix: m }: Figures) =>
  'truth → reported changed / unchanged / obscured: construction ' +
  `${m.changed.changed} / ${m.changed.unchanged} / ${m.changed.obscured}; season, sun, cloud only ` +
  `${m.unchanged.changed} / ${m.unchanged.unchanged} / ${m.unchanged.obscured}; mostly cloudy ` +
  `${m.cloudy.changed} / ${m.cloudy.unchanged} / ${m.cloudy.obscured}`;

export function cellLine(f: Figures): string {
  const c = f.cells;
  return (
    `cells (16 × 16 a tile, of locations not mostly cloudy): precision ${fixed(c.precision)}, recall ` +
    `${fixed(c.recall)}, false alarms ${pct(c.falseAlarms, 2)}; ${pct(c.obscuredRecall, 0)} of cells under cloud ` +
    `reported obscured, ${pct(c.clearObscured, 1)} of clear cells`
  );
}

/** Whether the quality goals are met: precision and recall ≥ 0.9, false alarms ≤ 5 %, cloudy ≥ 90 % obscured. */
export const qualityMet = (f: Figures) =>
  f.precision >= 0.9 && f.recall >= 0.9 && f.falseAlarms <= 0.05 && f.cloudyObscured >= 0.9;
