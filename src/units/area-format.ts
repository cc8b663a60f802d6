import type { UnitSystem } from '../state/units-store.ts';

const SQ_FT_PER_M2 = 10.763_910_416_709_722;
const M2_PER_ACRE = 4_046.856_422_4;
const M2_PER_SQ_MILE = 2_589_988.110_336;
const M2_PER_HA = 10_000;
const M2_PER_KM2 = 1_000_000;

const fixed = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const whole = fixed(0);

/** Three significant figures or whole units, whichever is coarser: "4.44", "33.3", "1,204". */
function figures(value: number): string {
  if (value < 10) return fixed(2).format(value);
  if (value < 100) return fixed(1).format(value);
  return whole.format(value);
}

/**
 * An area in the unit a person would use at that size: m², ha, km² (metric) or ft², acres, mi² (imperial). Small
 * areas are written in small units, never as "< 0.01 km²".
 */
export function formatArea(km2: number, system: UnitSystem): string {
  const m2 = Math.max(0, km2) * M2_PER_KM2;
  if (system === 'imperial') {
    if (m2 < M2_PER_ACRE) return `${whole.format(m2 * SQ_FT_PER_M2)} ft²`;
    if (m2 < M2_PER_SQ_MILE) return `${figures(m2 / M2_PER_ACRE)} acres`;
    return `${figures(m2 / M2_PER_SQ_MILE)} mi²`;
  }
  if (m2 < M2_PER_HA) return `${whole.format(m2)} m²`;
  if (m2 < M2_PER_KM2) return `${figures(m2 / M2_PER_HA)} ha`;
  return `${figures(m2 / M2_PER_KM2)} km²`;
}

export const UNIT_SYSTEM_LABELS: Record<UnitSystem, string> = {
  metric: 'Metric (m², ha, km²)',
  imperial: 'Imperial (ft², acres, mi²)',
};
