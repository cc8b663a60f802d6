import { describe, expect, it } from 'vitest';
import { memoryRevocations } from './revocations.ts';

describe('memoryRevocations', () => {
  it('remembers an ended session until it would have expired, then forgets it', async () => {
    let now = 1_000_000;
    const store = memoryRevocations(() => now);
    await store.revoke('a', 1_000 + 60);
    await store.revoke('gone', 1_000 - 1);
    expect(await store.isRevoked('a')).toBe(true);
    expect(await store.isRevoked('b')).toBe(false);
    expect(await store.isRevoked('gone')).toBe(false);
    now += 61_000;
    // Expired sessions are refused by their signature's expiry anyway.
    expect(await store.isRevoked('a')).toBe(false);
  });
});
