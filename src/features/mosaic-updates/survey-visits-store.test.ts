import { afterEach, describe, expect, it, vi } from 'vitest';
import { readVisits, SURVEY_VISITS_KEY, visitedAt } from './survey-visits-store.ts';

describe('survey visits', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('anchors a visit at its first opening: steady reopening never stretches it past half an hour', () => {
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 10, 0) + minutes * 60_000).toISOString();
    let visits = visitedAt({}, 'S', at(0));
    expect(visits.S).toEqual({ started: at(0), previous: null });
    // Reloads every ten minutes: the same visit up to half an hour after its first opening…
    for (const minutes of [10, 20, 29]) {
      const before = visits;
      visits = visitedAt(visits, 'S', at(minutes));
      expect(visits).toBe(before);
    }
    // …then a second visit, whose previous one is the first.
    visits = visitedAt(visits, 'S', at(31));
    expect(visits.S).toEqual({ started: at(31), previous: at(0) });
    // The next day is a third.
    visits = visitedAt(visits, 'S', at(24 * 60 + 5));
    expect(visits.S).toEqual({ started: at(24 * 60 + 5), previous: at(31) });
    expect(visitedAt(visits, 'T', at(0)).T).toEqual({ started: at(0), previous: null });
  });

  it('reads the visits back, and the v1 shape (its latest opening as the visit)', () => {
    const visits = { S: { started: '2025-02-01T09:00:00.000Z', previous: '2025-01-01T10:10:00.000Z' } };
    const storage = (values: Record<string, unknown>) => ({
      getItem: (key: string) => (key in values ? JSON.stringify(values[key]) : null),
    });
    expect(readVisits(storage({ [SURVEY_VISITS_KEY]: { ...visits, X: 3 } }))).toEqual(visits);
    const v1 = { S: { last: '2025-02-01T09:00:00.000Z', previous: '2025-01-01T10:10:00.000Z' } };
    expect(readVisits(storage({ 'survey-viewer:survey-visits:v1': v1 }))).toEqual(visits);
    expect(readVisits(storage({ [SURVEY_VISITS_KEY]: 'broken' }))).toEqual({});
  });

  it('across reloads with a fake clock: each page load reads the visits the last one stored', async () => {
    vi.useFakeTimers();
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    });
    const openedAfter = async (minutes: number) => {
      vi.setSystemTime(Date.UTC(2025, 5, 2, 8, 0) + minutes * 60_000);
      vi.resetModules();
      const { surveyVisitsStore } = await import('./survey-visits-store.ts');
      surveyVisitsStore.getState().surveyVisited('S', new Date().toISOString());
      return surveyVisitsStore.getState().visits.S;
    };
    expect(await openedAfter(0)).toEqual({ started: '2025-06-02T08:00:00.000Z', previous: null });
    for (const minutes of [5, 12, 19, 26]) expect((await openedAfter(minutes)).previous).toBeNull();
    expect(await openedAfter(33)).toEqual({
      started: '2025-06-02T08:33:00.000Z',
      previous: '2025-06-02T08:00:00.000Z',
    });
    expect((await openedAfter(3 * 24 * 60)).previous).toBe('2025-06-02T08:33:00.000Z');
  });
});
