import { describe, expect, it } from 'vitest';
import { isRefreshDue, refreshDueAt } from './token-refresh.ts';

describe('the refresh rule (viewer and gateway)', () => {
  it("is the seed's issued + expires_in − 300 s for tokens that hold 300 s", () => {
    const token = { value: 't', issuedAt: 0, expiresIn: 3600 };
    expect(refreshDueAt(token)).toBe(3300_000);
    expect(isRefreshDue(token, 3300_000)).toBe(false);
    expect(isRefreshDue(token, 3300_001)).toBe(true);
  });

  it('comes at half the lifetime of shorter tokens', () => {
    const token = { value: 't', issuedAt: 1000, expiresIn: 8 };
    expect(isRefreshDue(token, 5_000)).toBe(false);
    expect(isRefreshDue(token, 5_001)).toBe(true);
    expect(refreshDueAt({ ...token, expiresIn: 600 })).toBe(301_000);
  });
});
