import { describe, expect, it } from 'vitest';
import { formatLength } from './length-format.ts';

describe('formatLength', () => {
  it.each([
    [0, '0.0 m'],
    [0.0042, '4.2 m'],
    [0.42, '420 m'],
    [1, '1.00 km'],
    [12.345, '12.35 km'],
    [250, '250 km'],
  ])('%s km in metric → %s', (km, text) => expect(formatLength(km, 'metric')).toBe(text));

  it.each([
    [0.1, '328 ft'],
    [0.5, '0.31 mi'],
    [1.609_344, '1.00 mi'],
    [200, '124 mi'],
  ])('%s km in imperial → %s', (km, text) => expect(formatLength(km, 'imperial')).toBe(text));
});
