import { createStore, useStore } from 'zustand';

/** When the user's current visit of a survey on this device began, and when the one before it began. */
export interface SurveyVisit {
  /** The visit's first opening: openings within SAME_VISIT_MINUTES of it are the same visit and do not move it. */
  started: string;
  /** When the previous visit began: what "Updated since…" defaults to. */
  previous: string | null;
}

export interface SurveyVisitsState {
  visits: Record<string, SurveyVisit>;
  surveyVisited(surveyId: string, at: string): void;
}

/** Survey ids and times only. Versioned: a later shape gets a new key. */
export const SURVEY_VISITS_KEY = 'survey-viewer:survey-visits:v2';
/** v1 kept each survey's latest opening as `last` (moved by every opening); read once into `started`. */
const V1_KEY = 'survey-viewer:survey-visits:v1';
const MAX_REMEMBERED = 500;
/** A visit lasts this long from its first opening (a reload, a back-and-forth in the list); the UI says so. */
export const SAME_VISIT_MINUTES = 30;
const SAME_VISIT_MS = SAME_VISIT_MINUTES * 60_000;

const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

function parseVisits(text: string | null, startedField: 'started' | 'last'): Record<string, SurveyVisit> | null {
  const stored = JSON.parse(text ?? 'null') as unknown;
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  const visits: Record<string, SurveyVisit> = {};
  for (const [id, value] of Object.entries(stored)) {
    const entry = (value ?? {}) as Record<string, unknown>;
    const started = entry[startedField];
    const previous = entry.previous;
    if (isTime(started) && (previous === null || isTime(previous))) visits[id] = { started, previous };
  }
  return visits;
}

export function readVisits(storage: Pick<Storage, 'getItem'> | undefined): Record<string, SurveyVisit> {
  try {
    return (
      parseVisits(storage?.getItem(SURVEY_VISITS_KEY) ?? null, 'started') ??
      parseVisits(storage?.getItem(V1_KEY) ?? null, 'last') ??
      {}
    );
  } catch {
    return {};
  }
}

/**
 * The visits after opening `surveyId` at `at`. An opening within SAME_VISIT_MINUTES of the visit's first opening is
 * that visit; a later one starts a new visit, and the one it ends becomes the previous visit.
 */
export function visitedAt(
  visits: Record<string, SurveyVisit>,
  surveyId: string,
  at: string,
): Record<string, SurveyVisit> {
  const known = visits[surveyId];
  if (known && Date.parse(at) - Date.parse(known.started) < SAME_VISIT_MS) return visits;
  const visit = { started: at, previous: known?.started ?? null };
  const entries = Object.entries({ ...visits, [surveyId]: visit });
  // The most recent visits are kept when there are too many.
  entries.sort(([, a], [, b]) => b.started.localeCompare(a.started));
  return Object.fromEntries(entries.slice(0, MAX_REMEMBERED));
}

export const surveyVisitsStore = createStore<SurveyVisitsState>()((set, get) => ({
  visits: readVisits(globalThis.localStorage),
  surveyVisited: (surveyId, at) => {
    const visits = visitedAt(get().visits, surveyId, at);
    if (visits === get().visits) return;
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
