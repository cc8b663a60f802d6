import { describe, expect, it } from 'vitest';
import { createUsageStore } from './usage-store.ts';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('usage store', () => {
  it('counts tiles and keeps the count for the next load of the tab', async () => {
    const storage = memory();
    const store = createUsageStore(storage);
    for (let i = 0; i < 5; i++) store.getState().imageryTilesRequested(1);
    await Promise.resolve();
    expect(createUsageStore(storage).getState().imageryTiles).toBe(5);
    store.getState().usageReset();
    await Promise.resolve();
    expect(createUsageStore(storage).getState().imageryTiles).toBe(0);
  });

  it('starts at 0 from damaged or missing storage', () => {
    expect(createUsageStore({ getItem: () => 'lots', setItem: () => undefined }).getState().imageryTiles).toBe(0);
    expect(createUsageStore(undefined).getState().imageryTiles).toBe(0);
  });
});
