/** What every benchmark hands back to the runner: one figure, its same-run baseline, the ratio and the goal. */
export interface BenchResult {
  id: string;
  title: string;
  /** Our figure, e.g. "p50 0.05 ms · p99 0.9 ms". */
  figure: string;
  /** The baseline's figure from the same run. */
  baseline: string;
  /** Ours relative to the baseline, in the direction the goal is stated. */
  ratio: number;
  ratioText: string;
  goal: string;
  met: boolean;
  /** Extra lines for the report (counts, breakdowns, causes). */
  notes: string[];
  /** Raw numbers, written to bench/.results/latest.json. */
  data: Record<string, unknown>;
}

export interface BenchContext {
  /** Scale of repetitions: 1 for `npm run bench`; lower for a quick look. */
  rounds: (normal: number) => number;
  log: (line: string) => void;
  /** Whether a competing load runs (bench/lib/competing-load.ts): page benchmarks 1–3 judge their under-load goals. */
  underLoad?: boolean;
}

/** A page benchmark's id and title, marked when it runs under the competing load. */
export const underLoadName = (ctx: BenchContext, id: string, title: string) =>
  ctx.underLoad ? { id: `${id}@load`, title: `${title}, under load` } : { id, title };

export const fmtRatio = (r: number, digits = 2) =>
  `${r >= 100 ? Math.round(r).toLocaleString('en-US') : r.toFixed(digits)}×`;
