import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent } from './coverage-format.ts';

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
});
