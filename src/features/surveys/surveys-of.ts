import type { InfiniteData } from '@tanstack/react-query';
import type { Survey, SurveyPage } from '../../../core/wire/model.ts';

const NO_SURVEYS: Survey[] = [];
// Derived once per answer and shared by every reader of the list (the rows, the map's footprints, the selected
// survey's panel…), rather than again by each on every page.
const flattened = new WeakMap<InfiniteData<SurveyPage>, Survey[]>();

/** The surveys of every page read so far, in order. */
export function surveysOf(data: InfiniteData<SurveyPage> | undefined): Survey[] {
  if (!data) return NO_SURVEYS;
  const read = flattened.get(data) ?? data.pages.flatMap((page) => page.surveys);
  flattened.set(data, read);
  return read;
}

/** What `pickSurveys` answers for no ids: always the same array, so a reader asking for none never sees a change. */
export const NO_PICKS: (Survey | null)[] = [];

/** The surveys with these ids among the pages read so far (null for each not yet), in the order of the ids. */
export function pickSurveys(data: InfiniteData<SurveyPage> | undefined, ids: readonly string[]): (Survey | null)[] {
  if (ids.length === 0) return NO_PICKS;
  const read = surveysOf(data);
  return ids.map((id) => read.find((survey) => survey.id === id) ?? null);
}
