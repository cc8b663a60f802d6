import { describe, expect, it } from 'vitest';
import type { Survey } from '../../../core/wire/model.ts';
import { NO_FILTERS, type SurveyFilters } from '../../state/filter-store.ts';
import {
  dateRangeProblem,
  filterChips,
  filterSurveys,
  matchesFilters,
  needsWholeCatalog,
  parseMaxCloud,
} from './survey-filters.ts';

const survey = (id: string, captureStart: string, captureEnd: string, cloudCover: number | null = 0): Survey => ({
  id,
  captureStart,
  captureEnd,
  cloudCover,
  lastUpdated: null,
  spectralRange: null,
});
const filters = (change: Partial<SurveyFilters>): SurveyFilters => ({ ...NO_FILTERS, ...change });

describe('date range', () => {
  // 23:30 on 31 Dec 2022 UTC to 01:00 on 1 Jan 2023 UTC: local time would put it elsewhere in many zones.
  const acrossNewYear = survey('2022Q4-X', '2022-12-31T23:30:00.000Z', '2023-01-01T01:00:00.000Z');

  it('matches when the capture window overlaps the range, in whole UTC days', () => {
    expect(matchesFilters(acrossNewYear, filters({ captureFrom: '2023-01-01' }))).toBe(true);
    expect(matchesFilters(acrossNewYear, filters({ captureTo: '2022-12-31' }))).toBe(true);
    expect(matchesFilters(acrossNewYear, filters({ captureFrom: '2022-12-31', captureTo: '2022-12-31' }))).toBe(true);
    expect(matchesFilters(acrossNewYear, filters({ captureFrom: '2023-01-02' }))).toBe(false);
    expect(matchesFilters(acrossNewYear, filters({ captureTo: '2022-12-30' }))).toBe(false);
  });

  it('counts the whole "to" day and nothing after it', () => {
    const startsAtMidnight = survey('A', '2024-03-02T00:00:00.000Z', '2024-03-02T03:00:00.000Z');
    const lastMinute = survey('B', '2024-03-01T23:59:00.000Z', '2024-03-02T03:00:00.000Z');
    expect(matchesFilters(startsAtMidnight, filters({ captureTo: '2024-03-01' }))).toBe(false);
    expect(matchesFilters(lastMinute, filters({ captureTo: '2024-03-01' }))).toBe(true);
  });

  it('says when "from" is after "to"', () => {
    expect(dateRangeProblem(filters({ captureFrom: '2024-05-01', captureTo: '2024-04-30' }))).toMatch(/after/);
    expect(dateRangeProblem(filters({ captureFrom: '2024-05-01', captureTo: '2024-05-01' }))).toBeNull();
    expect(dateRangeProblem(filters({ captureFrom: '2024-05-01' }))).toBeNull();
  });
});

describe('cloud cover and id', () => {
  it('keeps surveys at or under the maximum; an unknown cloud cover never passes', () => {
    expect(
      matchesFilters(survey('A', '2024-01-01T00:00:00Z', '2024-01-01T01:00:00Z', 10), filters({ maxCloud: 10 })),
    ).toBe(true);
    expect(
      matchesFilters(survey('A', '2024-01-01T00:00:00Z', '2024-01-01T01:00:00Z', 10.1), filters({ maxCloud: 10 })),
    ).toBe(false);
    expect(
      matchesFilters(survey('A', '2024-01-01T00:00:00Z', '2024-01-01T01:00:00Z', null), filters({ maxCloud: 100 })),
    ).toBe(false);
    expect(matchesFilters(survey('A', '2024-01-01T00:00:00Z', '2024-01-01T01:00:00Z', null), NO_FILTERS)).toBe(true);
  });

  it('finds a case-insensitive, trimmed substring of the id', () => {
    const s = survey('2023-P1-SC-COLA', '2023-07-07T17:36:00Z', '2023-07-08T00:17:00Z');
    expect(matchesFilters(s, filters({ idQuery: '  sc-cola ' }))).toBe(true);
    expect(matchesFilters(s, filters({ idQuery: 'TX' }))).toBe(false);
  });

  it('finds a survey by the places its id stands for, at the start of a word', () => {
    const s = survey('2025-P01-CO-DEN', '2025-07-07T17:36:00Z', '2025-07-08T00:17:00Z');
    const placesOf = (id: string) => (id === s.id ? ['Colorado', 'Denver'] : []);
    expect(matchesFilters(s, filters({ idQuery: 'Denver' }), placesOf)).toBe(true);
    expect(matchesFilters(s, filters({ idQuery: 'colorado' }), placesOf)).toBe(true);
    expect(matchesFilters(s, filters({ idQuery: 'enver' }), placesOf)).toBe(false);
    expect(matchesFilters(s, filters({ idQuery: 'Denver' }))).toBe(false);
  });

  it('reads a typed maximum cloud cover', () => {
    expect(parseMaxCloud('')).toEqual({ ok: true, maxCloud: null });
    expect(parseMaxCloud(' 12.5 % ')).toEqual({ ok: true, maxCloud: 12.5 });
    expect(parseMaxCloud('0')).toEqual({ ok: true, maxCloud: 0 });
    for (const bad of ['101', '-1', 'ten', '1e2', '5,5']) expect(parseMaxCloud(bad)).toMatchObject({ ok: false });
  });
});

describe('filtering and ordering', () => {
  // The service's order: newest capture end first.
  const page = [
    survey('C', '2025-03-01T10:00:00Z', '2025-03-05T10:00:00Z', 20),
    survey('B', '2024-06-01T10:00:00Z', '2024-06-01T12:00:00Z', null),
    survey('D', '2024-01-01T10:00:00Z', '2024-01-02T10:00:00Z', 0),
    survey('A', '2023-02-01T10:00:00Z', '2023-02-01T12:00:00Z', 5),
  ];
  const ids = (list: Survey[]) => list.map((s) => s.id);

  it('keeps the service order for newest first', () => {
    expect(ids(filterSurveys(page, NO_FILTERS))).toEqual(['C', 'B', 'D', 'A']);
    expect(needsWholeCatalog(NO_FILTERS)).toBe(false);
  });

  it('orders oldest first and least cloud first (unknown last, ties newest first)', () => {
    expect(ids(filterSurveys(page, filters({ sort: 'oldest' })))).toEqual(['A', 'D', 'B', 'C']);
    const tie = [survey('E', '2025-01-01T00:00:00Z', '2025-01-01T01:00:00Z', 5), ...page];
    expect(ids(filterSurveys(tie, filters({ sort: 'least-cloud' })))).toEqual(['D', 'E', 'A', 'C', 'B']);
    expect(needsWholeCatalog(filters({ sort: 'oldest' }))).toBe(true);
  });

  it('lists a survey seen on two pages once', () => {
    expect(ids(filterSurveys([...page, page[3]], filters({ idQuery: 'a' })))).toEqual(['A']);
  });

  it('combines filters', () => {
    expect(ids(filterSurveys(page, filters({ captureFrom: '2024-01-02', maxCloud: 25, sort: 'oldest' })))).toEqual([
      'D',
      'C',
    ]);
  });
});

describe('chips', () => {
  it('shows one chip per active filter and none for the default sort', () => {
    expect(filterChips(NO_FILTERS)).toEqual([]);
    const chips = filterChips({
      captureFrom: '2022-01-01',
      captureTo: '2022-12-31',
      maxCloud: 0,
      idQuery: ' COLA ',
      sort: 'oldest',
    });
    expect(chips.map((c) => c.label)).toEqual([
      'Id or place “COLA”',
      'Captured 2022-01-01 – 2022-12-31',
      'Cloud ≤ 0%',
      'Oldest first',
    ]);
    expect(chips[1].removal).toEqual({ captureFrom: '', captureTo: '' });
    expect(chips[3].removal).toEqual({ sort: 'newest' });
    expect(filterChips({ ...NO_FILTERS, captureTo: '2022-12-31' }).map((c) => c.label)).toEqual([
      'Captured until 2022-12-31',
    ]);
  });
});
