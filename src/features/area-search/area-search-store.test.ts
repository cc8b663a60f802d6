import { describe, expect, it } from 'vitest';
import { square } from '../../../core/test/shapes.ts';
import { readStoredAreaSearch, storeAreaSearch } from './area-search-storage.ts';
import { areaSearchStore, dateRangeProblem, type ActiveArea } from './area-search-store.ts';

const area = (tooLarge = false): ActiveArea => ({
  geometry: square(0, 0, 0.1, 0.1),
  wkt: 'POLYGON ((0 0, 0.1 0, 0.1 0.1, 0 0.1, 0 0))',
  km2: 123,
  vertexCount: 5,
  tooLarge,
  hasHoles: false,
  origin: 'drawn',
  notes: [],
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the area search store', () => {
  it('makes a search of the area and dates, none while the range is backwards or the area too large', () => {
    const store = areaSearchStore.getState();
    store.areaAccepted(area());
    store.dateRangeChanged({ observedStart: '2025-01-01' });
    expect(areaSearchStore.getState().search).toEqual({
      wkt: area().wkt,
      observedStart: '2025-01-01',
      observedEnd: '',
    });
    store.dateRangeChanged({ observedEnd: '2024-12-31' });
    expect(areaSearchStore.getState().search).toBeNull();
    store.dateRangeChanged({ observedStart: '', observedEnd: '' });
    expect(areaSearchStore.getState().search?.wkt).toBe(area().wkt);
    store.areaAccepted(area(true));
    expect(areaSearchStore.getState().search).toBeNull();
    store.areaDeleted();
    expect(areaSearchStore.getState()).toMatchObject({ area: null, search: null });
  });

  it('keeps the area on a refusal and asks the map to show it again', () => {
    const store = areaSearchStore.getState();
    store.areaAccepted(area());
    const { area: kept, areaRevision } = areaSearchStore.getState();
    store.areaRefused('The outline crosses itself.');
    expect(areaSearchStore.getState()).toMatchObject({
      area: kept,
      refusal: 'The outline crosses itself.',
      areaRevision: areaRevision + 1,
    });
  });

  it('forgets the chosen tile when the zoom or the area changes', () => {
    const store = areaSearchStore.getState();
    store.tileClicked('16/1/2');
    store.tileZoomChosen(17);
    expect(areaSearchStore.getState().selectedTileKey).toBeNull();
    store.tileClicked('17/1/2');
    store.areaAccepted(area());
    expect(areaSearchStore.getState().selectedTileKey).toBeNull();
  });

  it('says when a date range is backwards', () => {
    expect(dateRangeProblem('2025-02-01', '2025-01-01')).toMatch(/after the end/);
    expect(dateRangeProblem('2025-01-01', '2025-01-01')).toBeNull();
    expect(dateRangeProblem('', '2025-01-01')).toBeNull();
  });
});

describe('stored area search', () => {
  it('keeps the area and the date range, and nothing when there is neither', () => {
    const storage = memoryStorage();
    storeAreaSearch({ area: square(1, 2, 3, 4), observedStart: '2025-01-01', observedEnd: '' }, storage);
    expect(readStoredAreaSearch(storage)).toEqual({
      area: square(1, 2, 3, 4),
      observedStart: '2025-01-01',
      observedEnd: '',
    });
    expect([...storage.items.values()].join()).not.toMatch(/token|key|secret/i);
    storeAreaSearch({ area: null, observedStart: '', observedEnd: '' }, storage);
    expect(storage.items.size).toBe(0);
    expect(readStoredAreaSearch(storage)).toBeNull();
  });

  it('ignores what it cannot use', () => {
    const storage = memoryStorage();
    storage.setItem('survey-viewer:area-search:v1', '{not json');
    expect(readStoredAreaSearch(storage)).toBeNull();
    storage.setItem(
      'survey-viewer:area-search:v1',
      JSON.stringify({ area: { type: 'Point', coordinates: [1, 2] }, observedStart: 'May', observedEnd: '2025-01-01' }),
    );
    expect(readStoredAreaSearch(storage)).toEqual({ area: null, observedStart: '', observedEnd: '2025-01-01' });
  });
});
