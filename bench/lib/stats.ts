/** Small statistics helpers shared by the benchmarks. */

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export const median = (values: readonly number[]) => quantile(values, 0.5);
export const max = (values: readonly number[]) => values.reduce((m, v) => Math.max(v, m), -Infinity);

/** Deterministic PRNG (mulberry32): the same seed gives the same benchmark inputs on every machine. */
export { mulberry32 as prng } from '../../server/procedural/noise.ts';

/**
 * Runs `ours` and `baseline` alternately `rounds` times (ABBA order, so neither side always goes
 * first on a warming machine) and returns both series.
 */
export async function interleaved<T>(
  rounds: number,
  ours: () => Promise<T>,
  baseline: () => Promise<T>,
): Promise<{ ours: T[]; baseline: T[] }> {
  const a: T[] = [];
  const b: T[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      a.push(await ours());
      b.push(await baseline());
    } else {
      b.push(await baseline());
      a.push(await ours());
    }
  }
  return { ours: a, baseline: b };
}

/**
 * Runs several sides in turn `rounds` times, each round starting one side further along (so that no
 * side always goes first on a warming machine), and returns each side's series.
 */
export async function rotated<T>(rounds: number, sides: readonly (() => Promise<T>)[]): Promise<T[][]> {
  const series = sides.map((): T[] => []);
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < sides.length; k++) {
      const side = (i + k) % sides.length;
      series[side].push(await sides[side]());
    }
  }
  return series;
}

export const ms = (v: number, digits = 1) => `${v.toFixed(digits)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
