import { describe, expect, it } from 'vitest';
import { stringSharer } from './shared-strings.ts';

describe('stringSharer', () => {
  it('gives back the first copy of an equal string, and null as null', () => {
    const share = stringSharer();
    const first = ['2026-04-01T', '16:00:00Z'].join('');
    expect(share(first)).toBe(first);
    expect(share(`2026-04-01T${'16:00:00Z'}`)).toBe(first);
    expect(share(null)).toBeNull();
    expect(share('other')).toBe('other');
  });
});
