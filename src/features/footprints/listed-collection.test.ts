import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { testFootprint, testSurvey } from '../../test/footprint-fixtures.ts';
import { KnownFootprints } from './known-footprints.ts';
import { drawnCollection, listedCollection } from './listed-collection.ts';

const BASE = 'https://service.test';
const survey = (id: string, day: number) => testSurvey(id, 'v1', `2024-01-${String(day).padStart(2, '0')}T00:00:00Z`);
const footprint = testFootprint;
const ids = (built: ReturnType<typeof listedCollection>) => built.collection.features.map((f) => f.properties.id);

describe('listedCollection', () => {
  const [a, b, c, d] = [survey('a', 4), survey('b', 3), survey('c', 2), survey('d', 1)];
  const known = KnownFootprints.fromCache(new QueryClient(), BASE).with([
    ['a', 'v1', footprint('a')],
    ['d', 'v1', footprint('d')],
  ]);

  it('keeps the collection it had when a page adds rows without footprints', () => {
    const first = listedCollection(null, known, [a, b]);
    expect(ids(first)).toEqual(['a']);
    expect(first.collection.features[0].properties.order).toBe(Date.parse(a.captureStart));
    const paged = listedCollection(first, known, [a, b, c]);
    expect(paged.collection).toBe(first.collection);
  });

  it('adds the footprints of the rows a page brings, in list order', () => {
    const first = listedCollection(null, known, [a, b]);
    const paged = listedCollection(first, known, [a, b, c, d]);
    expect(ids(paged)).toEqual(['a', 'd']);
    expect(paged.collection.features[0]).toBe(first.collection.features[0]);
  });

  it('starts again for another list (filters, a new order) or newly known footprints', () => {
    const first = listedCollection(null, known, [a, b, c, d]);
    expect(ids(listedCollection(first, known, [d, c, b, a]))).toEqual(['d', 'a']);
    const more = known.with([['b', 'v1', footprint('b')]]);
    expect(ids(listedCollection(first, more, [a, b, c, d]))).toEqual(['a', 'b', 'd']);
  });
});

describe('drawnCollection', () => {
  const [a, b, c] = [survey('a', 3), survey('b', 2), survey('c', 1)];
  const inView = (s: ReturnType<typeof survey>) => ({ ...s, footprint: footprint(s.id).geometry });
  const known = KnownFootprints.fromCache(new QueryClient(), BASE).with([['a', 'v1', footprint('a')]]);
  const drawnIds = (built: ReturnType<typeof drawnCollection>) => built.collection.features.map((f) => f.properties.id);

  it('adds the surveys in view whose footprint the list does not draw (unlisted: if they pass its filters)', () => {
    const listed = listedCollection(null, known, [a, b]);
    const none = drawnCollection(null, listed.collection, [a, b], [], null);
    expect(none.collection).toBe(listed.collection);
    // b is listed but its row's footprint is not known (not on screen): the view's answer draws it.
    expect(drawnIds(drawnCollection(null, listed.collection, [a, b], [inView(a), inView(b), inView(c)], null))).toEqual(
      ['b', 'c', 'a'],
    );
    expect(
      drawnIds(drawnCollection(null, listed.collection, [a], [inView(b), inView(c)], (s) => s.id !== 'c')),
    ).toEqual(['b', 'a']);
  });

  it('keeps its collection while a page of the list adds no footprint and the view is the same', () => {
    const view = [inView(c)];
    const first = listedCollection(null, known, [a]);
    const before = drawnCollection(null, first.collection, [a], view, null);
    const paged = listedCollection(first, known, [a, b]);
    expect(drawnCollection(before, paged.collection, [a, b], view, null)).toBe(before);
  });
});
