import { describe, expect, it } from 'vitest';
import { square } from '../../../core/test/shapes.ts';
import { createSavedAreasStore, nextAreaName, readSavedAreas, SAVED_AREAS_KEY } from './saved-areas-store.ts';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [[SAVED_AREAS_KEY, initial]]);
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const area = (name = 'Downtown') => ({
  name,
  geometry: square(0, 0, 0.1, 0.1),
  wkt: 'POLYGON ((0 0, 0.1 0, 0.1 0.1, 0 0.1, 0 0))',
  snapshot: { A: '2025-01-01T00:00:00Z' },
});
let tick = 0;
const clock = () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++));

describe('the saved areas store', () => {
  it('saves, renames, opens and deletes areas, and keeps them across a reload', () => {
    const storage = memoryStorage();
    const store = createSavedAreasStore(storage, clock);
    store.getState().areaSaved(area('  Downtown   Denver '));
    store.getState().areaSaved(area(''));
    const [first, second] = store.getState().areas;
    expect(first).toMatchObject({ name: 'Downtown Denver', openedAt: null, snapshot: { A: '2025-01-01T00:00:00Z' } });
    expect(second.name).toBe('Area 2');

    store.getState().savedAreaRenamed(first.id, 'Civic centre');
    store.getState().savedAreaRenamed(second.id, '   ');
    store.getState().savedAreaOpened(first.id, { A: '2025-02-01T00:00:00Z', B: null });
    expect(store.getState().areas.map((a) => a.name)).toEqual(['Civic centre', 'Area 2']);
    expect(store.getState().areas[0]).toMatchObject({
      snapshot: { A: '2025-02-01T00:00:00Z', B: null },
      openedAt: expect.any(String),
    });

    const reloaded = createSavedAreasStore(storage, clock).getState().areas;
    expect(reloaded).toEqual(store.getState().areas);

    store.getState().savedAreaDeleted(first.id);
    store.getState().savedAreaDeleted(second.id);
    expect(storage.items.has(SAVED_AREAS_KEY)).toBe(false);
  });

  it('undoes the last delete, back in its place, until something else changes', () => {
    const store = createSavedAreasStore(memoryStorage(), clock);
    for (const name of ['One', 'Two', 'Three']) store.getState().areaSaved(area(name));
    const two = store.getState().areas[1];
    store.getState().savedAreaDeleted(two.id);
    expect(store.getState().deleted?.area.name).toBe('Two');
    store.getState().savedAreaDeleteUndone();
    expect(store.getState().areas.map((a) => a.name)).toEqual(['One', 'Two', 'Three']);
    expect(store.getState().deleted).toBeNull();

    store.getState().savedAreaDeleted(two.id);
    store.getState().savedAreaRenamed(store.getState().areas[0].id, 'First');
    store.getState().savedAreaDeleteUndone();
    expect(store.getState().areas.map((a) => a.name)).toEqual(['First', 'Three']);
  });

  it('takes the first check as the baseline of an area saved before its surveys were known, and only then', () => {
    const store = createSavedAreasStore(memoryStorage(), clock);
    store.getState().areaSaved({ ...area(), snapshot: null });
    const { id } = store.getState().areas[0];
    store.getState().savedAreaBaselined(id, { A: 'x' });
    store.getState().savedAreaBaselined(id, { A: 'y', B: 'z' });
    expect(store.getState().areas[0].snapshot).toEqual({ A: 'x' });
  });

  it.each([
    ['text that is not JSON', '{"areas": ['],
    ['another shape', '[1, 2, 3]'],
    ['areas that is not a list', '{"areas": {}}'],
  ])('starts without areas from storage holding %s, and keeps that text until the user discards it', (_name, text) => {
    const storage = memoryStorage(text);
    expect(readSavedAreas(storage)).toEqual({ areas: [], unreadable: [text] });
    const store = createSavedAreasStore(storage, clock);
    store.getState().areaSaved(area('New'));
    expect(JSON.parse(storage.items.get(SAVED_AREAS_KEY)!).unreadable).toEqual([text]);
    store.getState().unreadableAreasDiscarded();
    expect(JSON.parse(storage.items.get(SAVED_AREAS_KEY)!).unreadable).toBeUndefined();
    expect(
      createSavedAreasStore(storage, clock)
        .getState()
        .areas.map((a) => a.name),
    ).toEqual(['New']);
  });

  it('reads the readable entries of a damaged list and keeps the rest aside, written back as they were', () => {
    const good = {
      id: 'a1',
      name: 'Good',
      geometry: square(0, 0, 1, 1),
      wkt: 'POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))',
      savedAt: '2026-01-01T00:00:00.000Z',
      openedAt: null,
      snapshot: null,
    };
    const damaged = [
      { ...good, id: 'a2', geometry: { type: 'Point', coordinates: [0, 0] } },
      { ...good, id: 'a3', wkt: 'javascript:alert(1)' },
      { ...good, id: 'a4', snapshot: { A: 5 } },
      { ...good, id: 'a5', name: '' },
      { ...good, name: 'Same id again' },
      'not an object',
      { ...good, id: 'a6', openedAt: 'yesterday' },
    ];
    const storage = memoryStorage(JSON.stringify({ areas: [good, ...damaged] }));
    expect(readSavedAreas(storage)).toEqual({ areas: [good], unreadable: damaged });

    const store = createSavedAreasStore(storage, clock);
    store.getState().savedAreaRenamed('a1', 'Renamed');
    expect(readSavedAreas(storage)).toEqual({ areas: [{ ...good, name: 'Renamed' }], unreadable: damaged });
    store.getState().savedAreaDeleted('a1');
    expect(readSavedAreas(storage)).toEqual({ areas: [], unreadable: damaged });
  });

  it('stores names, areas and snapshots only', () => {
    const storage = memoryStorage();
    const store = createSavedAreasStore(storage, clock);
    store.getState().areaSaved({ ...area(), accessToken: 'secret' } as ReturnType<typeof area>);
    const text = storage.items.get(SAVED_AREAS_KEY)!;
    expect(text).not.toContain('secret');
    expect(Object.keys(JSON.parse(text).areas[0]).sort()).toEqual([
      'geometry',
      'id',
      'name',
      'openedAt',
      'savedAt',
      'snapshot',
      'wkt',
    ]);
  });

  it('suggests the next free "Area N"', () => {
    expect(nextAreaName([])).toBe('Area 1');
    expect(nextAreaName([{ name: 'Area 2' }])).toBe('Area 3');
    expect(nextAreaName([{ name: 'Home' }, { name: 'area 2' }])).toBe('Area 3');
  });

  it('keeps working when storage refuses to write', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = createSavedAreasStore(storage, clock);
    store.getState().areaSaved(area());
    expect(store.getState().areas).toHaveLength(1);
  });
});
