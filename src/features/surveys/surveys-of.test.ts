import { type InfiniteData, InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Survey, SurveyPage } from '../../../core/wire/model.ts';
import { NO_PICKS, pickSurveys } from './surveys-of.ts';

const survey = (id: string): Survey => ({
  id,
  captureStart: '2024-01-01T00:00:00Z',
  captureEnd: '2024-01-02T00:00:00Z',
  lastUpdated: null,
  cloudCover: null,
  spectralRange: null,
});
const page = (n: number, ids: string[]): SurveyPage => ({
  surveys: ids.map(survey),
  page: n,
  hasNext: true,
  pageSize: ids.length,
  totalPages: null,
  totalResults: null,
});
const pages = (...list: SurveyPage[]): InfiniteData<SurveyPage> => ({
  pages: list,
  pageParams: list.map((p) => p.page),
});

describe('pickSurveys', () => {
  it('finds the surveys asked for on any page read, null for those not yet read', () => {
    const data = pages(page(1, ['a', 'b']), page(2, ['c']));
    expect(pickSurveys(data, ['c', 'x', 'a']).map((s) => s?.id ?? null)).toEqual(['c', null, 'a']);
    expect(pickSurveys(undefined, ['a'])).toEqual([null]);
  });

  it('answers one unchanging array when asked for none', () => {
    expect(pickSurveys(pages(page(1, ['a'])), [])).toBe(NO_PICKS);
    expect(pickSurveys(undefined, [])).toBe(NO_PICKS);
  });

  // What keeps the selected survey's readers still while the list pages on: the selected answer stays the same
  // object, so a component that reads only it (react-query tracks what a component reads) is not rendered again.
  it('gives an observer the same answer for a page that adds none of its surveys', () => {
    const client = new QueryClient();
    const key = ['surveys'];
    const first = page(1, ['a', 'b']);
    client.setQueryData(key, pages(first));
    const observe = (ids: string[]) =>
      new InfiniteQueryObserver(client, {
        queryKey: key,
        queryFn: () => first,
        initialPageParam: 1,
        getNextPageParam: () => undefined,
        enabled: false,
        select: (data: InfiniteData<SurveyPage>) => pickSurveys(data, ids),
      });
    const none = observe([]);
    const selected = observe(['b']);
    // Subscribed, as a component's observer is (the answers then follow the cache).
    none.subscribe(() => {});
    selected.subscribe(() => {});
    const before = [none.getCurrentResult().data, selected.getCurrentResult().data];

    client.setQueryData<InfiniteData<SurveyPage>>(key, (data) => pages(...data!.pages, page(2, ['c', 'd'])));

    expect(none.getCurrentResult().data).toBe(before[0]);
    expect(selected.getCurrentResult().data).toBe(before[1]);
    expect(selected.getCurrentResult().data?.[0]?.id).toBe('b');
  });
});
