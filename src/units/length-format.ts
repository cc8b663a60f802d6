import type { UnitSystem } from '../state/units-store.ts';

const M_PER_FT = 0.3048;
const M_PER_MILE = 1_609.344;

const digits = (n: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: n, maximumFractionDigits: n });

/** A length as a person would write it at that size: m or km (metric), ft or mi (imperial). */
export function formatLength(km: number, system: UnitSystem): string {
  const m = Math.max(0, km) * 1000;
  if (system === 'imperial') {
    if (m < M_PER_MILE / 4) return `${digits(0).format(m / M_PER_FT)} ft`;
    return `${digits(m < 100 * M_PER_MILE ? 2 : 0).format(m / M_PER_MILE)} mi`;
  }
  if (m < 1000) return `${digits(m < 10 ? 1 : 0).format(m)} m`;
  return `${digits(m < 100_000 ? 2 : 0).format(m / 1000)} km`;
}

/** A length near `max` metres that reads well on a scale bar: 1, 2 or 5 times a power of ten. */
export function scaleBarMetres(max: number): number {
  const power = 10 ** Math.floor(Math.log10(max));
  return [5, 2, 1].map((m) => m * power).find((m) => m <= max) ?? power;
}

/** A scale bar's length as labelled: m, or km from 1,000 m. */
export const scaleBarText = (m: number) => (m >= 1000 ? `${m / 1000} km` : `${m} m`);
