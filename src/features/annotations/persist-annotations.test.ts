import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createAnnotationsStore } from './annotations-store.ts';
import type { Annotation } from './annotation.ts';
import { type AnnotationStorage, indexedDbAnnotations } from './annotation-db.ts';
import { persistAnnotations } from './persist-annotations.ts';

const pin = (id: string, title = id): Annotation => ({
  id,
  kind: 'point',
  geometry: { type: 'Point', coordinates: [-104.99, 39.74] },
  title,
  note: '',
  imagery: null,
  measured: null,
  created: `2026-11-25T10:00:0${id.length % 10}.000Z`,
  updated: '2026-11-25T10:00:00.000Z',
});

/** A page's life: a store and its persistence over the same browser storage. */
async function page(storage: AnnotationStorage = indexedDbAnnotations) {
  const store = createAnnotationsStore();
  const persistence = persistAnnotations(store, storage);
  await persistence.ready;
  return { store, persistence, ...store.getState() };
}

describe('persistAnnotations over IndexedDB (idb, fake-indexeddb)', () => {
  it('keeps annotations across a reload: added, edited and deleted', async () => {
    const first = await page();
    first.store.getState().annotationAdded(pin('a'));
    first.store.getState().annotationAdded(pin('bb'));
    first.store.getState().annotationEdited('a', { title: 'Roof', note: 'Re-roofed' });
    first.store.getState().annotationDeleted('bb');
    await first.persistence.settled();

    const second = await page();
    expect(second.store.getState().annotations.map((a) => [a.id, a.title, a.note])).toEqual([
      ['a', 'Roof', 'Re-roofed'],
    ]);
    second.store.getState().annotationDeleted('a');
    await second.persistence.settled();
    expect((await page()).store.getState().annotations).toEqual([]);
  });

  it('loses nothing when a write fails: the user is told, and the next try saves everything', async () => {
    let failing = true;
    const kept: Annotation[] = [];
    const flaky: AnnotationStorage = {
      readAll: async () => [...kept],
      write: async ({ put, remove }) => {
        if (failing) throw new DOMException('The quota was exceeded.', 'QuotaExceededError');
        for (const a of put) kept.splice(kept.findIndex((k) => k.id === a.id) >>> 0, 1, a);
        for (const id of remove) kept.splice(kept.findIndex((k) => k.id === id) >>> 0, 1);
      },
    };
    const { store, persistence } = await page(flaky);
    store.getState().annotationAdded(pin('a'));
    await persistence.settled();
    expect(store.getState().saveProblem).toMatch(/Not saved in this browser \(The quota was exceeded\.\)/);
    expect(store.getState().annotations).toHaveLength(1);

    failing = false;
    await persistence.retry();
    expect(store.getState().saveProblem).toBeNull();
    expect(kept.map((a) => a.id)).toEqual(['a']);
  });

  it('keeps annotations that arrived (from a link) before the stored ones were read', async () => {
    const storage: AnnotationStorage = { readAll: async () => [pin('stored')], write: async () => undefined };
    const store = createAnnotationsStore();
    store.getState().annotationsImported([pin('linked')]);
    await persistAnnotations(store, storage).ready;
    expect(store.getState().annotations.map((a) => a.id)).toEqual(['stored', 'linked']);
  });
});
