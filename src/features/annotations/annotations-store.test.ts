import { describe, expect, it } from 'vitest';
import type { Annotation } from './annotation.ts';
import { MAX_LINKED_NOTES } from './annotation-link.ts';
import { createAnnotationsStore } from './annotations-store.ts';

const note = (id: string): Annotation => ({
  id,
  kind: 'point',
  geometry: { type: 'Point', coordinates: [-104.99, 39.74] },
  title: id,
  note: '',
  imagery: null,
  measured: null,
  created: '2026-11-25T10:00:00.000Z',
  updated: '2026-11-25T10:00:00.000Z',
});
const notes = (n: number, prefix = 'n') => Array.from({ length: n }, (_, i) => note(`${prefix}-${i}`));

describe("a link's notes (issue 33, item 9; issue 34, item 12)", () => {
  it('are offered, not added, and declined leave nothing', () => {
    const store = createAnnotationsStore();
    store.getState().linkNotesOffered(notes(3));
    expect(store.getState().annotations).toEqual([]);
    store.getState().annotationsLoaded([]);
    expect(store.getState().linkOffer).toHaveLength(3);
    store.getState().linkNotesDeclined();
    expect(store.getState()).toMatchObject({ annotations: [], linkOffer: null });
  });

  it('accepted, add the new ones up to the limit, after those kept', () => {
    const store = createAnnotationsStore();
    const kept = note('kept');
    store.getState().linkNotesOffered([kept, ...notes(8_000)]);
    store.getState().annotationsLoaded([kept]);
    store.getState().linkNotesAccepted();
    const { annotations, linkOffer } = store.getState();
    expect(linkOffer).toBeNull();
    expect(annotations).toHaveLength(1 + MAX_LINKED_NOTES);
    expect(annotations[0]).toBe(kept);
    expect(new Set(annotations.map((a) => a.id)).size).toBe(annotations.length);
  });

  it('are no offer at all when every one is already kept (read before or after the link)', () => {
    const kept = notes(2);
    const before = createAnnotationsStore();
    before.getState().linkNotesOffered(kept);
    before.getState().annotationsLoaded(kept);
    expect(before.getState().linkOffer).toBeNull();

    const after = createAnnotationsStore();
    after.getState().annotationsLoaded(kept);
    after.getState().linkNotesOffered([kept[1]]);
    expect(after.getState().linkOffer).toBeNull();
    expect(after.getState().annotations).toEqual(kept);
  });

  it('leave a kept note as the user has it', () => {
    const store = createAnnotationsStore();
    const edited = { ...note('n-0'), title: 'Edited here' };
    store.getState().linkNotesOffered(notes(2));
    store.getState().annotationsLoaded([edited]);
    store.getState().linkNotesAccepted();
    expect(store.getState().annotations.map((a) => a.title)).toEqual(['Edited here', 'n-1']);
  });
});
