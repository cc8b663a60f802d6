import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testFootprint } from '../test/footprint-fixtures.ts';
import {
  flushStoredFootprints,
  MAX_STORED_FOOTPRINTS,
  readStoredFootprint,
  storeFootprint,
} from './footprint-storage.ts';

/** A Storage with a quota in characters, like a browser's. */
class QuotaStorage {
  private readonly items = new Map<string, string>();
  constructor(private readonly quota: number) {}
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const used = [...this.items].reduce((sum, [k, v]) => sum + (k === key ? 0 : k.length + v.length), 0);
    if (used + key.length + value.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const footprint = testFootprint;
const BASE = 'https://service.test';

describe('footprint storage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('writes in batches and answers from the queue before the write', () => {
    const storage = new QuotaStorage(1e9);
    vi.stubGlobal('localStorage', storage);
    storeFootprint(BASE, 'v1', footprint('a'));
    expect(storage.length).toBe(0);
    expect(readStoredFootprint(BASE, 'a', 'v1')).toEqual(footprint('a'));
    vi.runAllTimers();
    expect(storage.length).toBe(2); // the footprint and the index
    expect(readStoredFootprint(BASE, 'a', 'v1')).toEqual(footprint('a'));
    expect(readStoredFootprint(BASE, 'a', 'v2')).toBeUndefined();
  });

  it('when the quota is reached, drops the least recently stored and keeps the newest', () => {
    const storage = new QuotaStorage(20_000);
    vi.stubGlobal('localStorage', storage);
    for (let i = 0; i < 200; i++) {
      storeFootprint(BASE, 'v1', footprint(`s${i}`));
      if (i % 25 === 24) flushStoredFootprints();
    }
    flushStoredFootprints();
    expect(readStoredFootprint(BASE, 's199', 'v1')).toEqual(footprint('s199'));
    expect(readStoredFootprint(BASE, 's0', 'v1')).toBeUndefined();
    const index = JSON.parse(storage.getItem('survey-viewer:footprint-index:v1')!) as string[];
    expect(index.length).toBeGreaterThan(10);
    for (const key of index) expect(storage.getItem(key)).not.toBeNull();
  });

  it('keeps at most the cap', () => {
    const storage = new QuotaStorage(1e9);
    vi.stubGlobal('localStorage', storage);
    for (let i = 0; i < MAX_STORED_FOOTPRINTS + 50; i++) storeFootprint(BASE, 'v1', footprint(`s${i}`));
    flushStoredFootprints();
    expect(storage.length).toBe(MAX_STORED_FOOTPRINTS + 1);
    expect(readStoredFootprint(BASE, 's49', 'v1')).toBeUndefined();
    expect(readStoredFootprint(BASE, 's50', 'v1')).toEqual(footprint('s50'));
  });
});
