import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatPercent } from './coverage-format.ts';

describe('formats', () => {
  it.each([
    [100, '100%'],
    [99.96, '100%'],
    [99.6, '99%'],
    [86.7, '87%'],
    [0.3, '<1%'],
    [0, '0%'],
  ])('%s%% → %s', (percent, text) => {
    expect(formatPercent(percent)).toBe(text);
  });

  it('writes sizes in B, KB and MB', () => {
    expect([formatBytes(900), formatBytes(45_000), formatBytes(3_500_000)]).toEqual(['900 B', '44 KB', '3.3 MB']);
  });

  it('groups counts as en-US does', () => {
    const enUs = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 10_089, 123_456, 1_000_000, 987_654_321, 12.4, 2_500.6])
      expect(formatCount(n)).toBe(enUs.format(n));
  });
});
