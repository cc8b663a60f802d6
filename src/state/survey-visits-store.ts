import { createStore, useStore } from 'zustand';

/** When the user last opened each survey on this device, and the visit before that (what "since" defaults to). */
export interface SurveyVisit {
  last: string;
  previous: string | null;
}

export interface SurveyVisitsState {
  visits: Record<string, SurveyVisit>;
  surveyVisited(surveyId: string, at: string): void;
}

/** Survey ids and times only. Versioned: a later shape gets a new key. */
export const SURVEY_VISITS_KEY = 'survey-viewer:survey-visits:v1';
const MAX_REMEMBERED = 500;
/** Opening a survey again within this time is the same visit (a reload, a back-and-forth in the list). */
const SAME_VISIT_MS = 30 * 60_000;

const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

export function readVisits(storage: Pick<Storage, 'getItem'> | undefined): Record<string, SurveyVisit> {
  try {
    const stored = JSON.parse(storage?.getItem(SURVEY_VISITS_KEY) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    const visits: Record<string, SurveyVisit> = {};
    for (const [id, value] of Object.entries(stored)) {
      const { last, previous } = (value ?? {}) as Partial<SurveyVisit>;
      if (isTime(last) && (previous === null || isTime(previous))) visits[id] = { last, previous };
    }
    return visits;
  } catch {
    return {};
  }
}

/** The visits after opening `surveyId` at `at`: the last visit becomes the previous one, unless the same visit. */
export function visitedAt(
  visits: Record<string, SurveyVisit>,
  surveyId: string,
  at: string,
): Record<string, SurveyVisit> {
  const known = visits[surveyId];
  const sameVisit = known && Date.parse(at) - Date.parse(known.last) < SAME_VISIT_MS;
  const visit = known ? { last: at, previous: sameVisit ? known.previous : known.last } : { last: at, previous: null };
  const entries = Object.entries({ ...visits, [surveyId]: visit });
  // The most recent visits are kept when there are too many.
  entries.sort(([, a], [, b]) => b.last.localeCompare(a.last));
  return Object.fromEntries(entries.slice(0, MAX_REMEMBERED));
}

export const surveyVisitsStore = createStore<SurveyVisitsState>()((set, get) => ({
  visits: readVisits(globalThis.localStorage),
  surveyVisited: (surveyId, at) => {
    const visits = visitedAt(get().visits, surveyId, at);
    try {
      globalThis.localStorage?.setItem(SURVEY_VISITS_KEY, JSON.stringify(visits));
    } catch {
      // Not remembered; still used for this page.
    }
    set({ visits });
  },
}));

export const useSurveyVisits = <T>(selector: (state: SurveyVisitsState) => T): T =>
  useStore(surveyVisitsStore, selector);
