import { describe, expect, it } from 'vitest';
import { formatArea } from './area-format.ts';

describe('formatArea', () => {
  it.each([
    [0, '0 m²'],
    [0.000_42, '420 m²'],
    [0.004, '4,000 m²'],
    [0.009_999, '9,999 m²'],
    [0.01, '1.00 ha'],
    [0.024, '2.40 ha'],
    [0.45, '45.0 ha'],
    [0.999, '99.9 ha'],
    [1, '1.00 km²'],
    [4.4431, '4.44 km²'],
    [33.27, '33.3 km²'],
    [696_001.2, '696,001 km²'],
  ])('%s km² in metric → %s', (km2, text) => {
    expect(formatArea(km2, 'metric')).toBe(text);
  });

  it.each([
    [0.000_42, '4,521 ft²'],
    [0.004_047, '1.00 acres'],
    [0.01, '2.47 acres'],
    [0.5, '124 acres'],
    [2.6, '1.00 mi²'],
    [2.58, '638 acres'],
    [33.27, '12.8 mi²'],
    [696_000, '268,727 mi²'],
  ])('%s km² in imperial → %s', (km2, text) => {
    expect(formatArea(km2, 'imperial')).toBe(text);
  });

  it('never writes a bound instead of a size', () => {
    for (const km2 of [1e-7, 0.000_01, 0.004, 0.009]) {
      expect(formatArea(km2, 'metric')).not.toMatch(/[<>]/);
      expect(formatArea(km2, 'imperial')).not.toMatch(/[<>]/);
    }
  });
});
