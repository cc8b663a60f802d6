import { type Survey, withinCloudLimit } from '../../../core/wire/model.ts';
import { NO_FILTERS, type SurveyFilters, type SurveySort } from '../../state/filter-store.ts';
import { placesMatch } from '../places/index.ts';

const DAY_MS = 86_400_000;

/** Midnight UTC starting a YYYY-MM-DD day, or null for an open end or a malformed date. */
function utcDayStart(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) ? null : t;
}

/** Why the date range can match nothing, or null when it is fine. */
export function dateRangeProblem(filters: SurveyFilters): string | null {
  const from = utcDayStart(filters.captureFrom);
  const to = utcDayStart(filters.captureTo);
  if (from !== null && to !== null && from > to)
    return 'The “from” date is after the “to” date, so no survey can match.';
  return null;
}

/** The place names a survey id stands for (e.g. "Colorado", "Denver"), when they can be read. */
export type PlaceNamesOf = (surveyId: string) => readonly string[];

/**
 * Whether a survey passes every filter. Dates are whole UTC days; a survey matches a date range when its
 * capture window overlaps it. A survey without a published cloud cover never passes a maximum-cloud filter. The search
 * text matches within the id, or at the start of a word of the places the id stands for.
 */
export function matchesFilters(survey: Survey, filters: SurveyFilters, placesOf?: PlaceNamesOf): boolean {
  const from = utcDayStart(filters.captureFrom);
  const to = utcDayStart(filters.captureTo);
  if (from !== null && Date.parse(survey.captureEnd) < from) return false;
  if (to !== null && Date.parse(survey.captureStart) >= to + DAY_MS) return false;
  if (!withinCloudLimit(survey.cloudCover, filters.maxCloud)) return false;
  const query = filters.idQuery.trim().toLowerCase();
  return (
    query === '' || survey.id.toLowerCase().includes(query) || (!!placesOf && placesMatch(placesOf(survey.id), query))
  );
}

type Compare = (a: Survey, b: Survey) => number;

const byCaptureEnd: Compare = (a, b) => Date.parse(a.captureEnd) - Date.parse(b.captureEnd);
const byCaptureStart: Compare = (a, b) => Date.parse(a.captureStart) - Date.parse(b.captureStart);
const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Orders other than the service's own (newest first). Ties keep the service's order (the sort is stable). */
const COMPARE: Record<Exclude<SurveySort, 'newest'>, Compare> = {
  // The service's order reversed: earliest capture end first.
  oldest: (a, b) => byCaptureEnd(a, b) || byCaptureStart(a, b) || byId(a, b),
  // Unknown cloud cover last.
  'least-cloud': (a, b) => (a.cloudCover ?? Infinity) - (b.cloudCover ?? Infinity) || 0,
};

/** Whether the order can only be known once the whole catalog has been read (the service lists newest first). */
export const needsWholeCatalog = (filters: SurveyFilters): boolean => filters.sort !== 'newest';

/**
 * The matching surveys in the chosen order, from catalog pages in the service's order.
 * A survey that appears twice (the catalog shifted between pages) is listed once.
 */
export function filterSurveys(surveys: readonly Survey[], filters: SurveyFilters, placesOf?: PlaceNamesOf): Survey[] {
  const seen = new Set<string>();
  const matches = surveys.filter((survey) => {
    if (seen.has(survey.id)) return false;
    seen.add(survey.id);
    return matchesFilters(survey, filters, placesOf);
  });
  return filters.sort === 'newest' ? matches : matches.sort(COMPARE[filters.sort]);
}

export const SORT_LABELS: Record<SurveySort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'least-cloud': 'Least cloud first',
};

/** One active filter, as a removable chip: its label and what removing it changes. */
export interface FilterChip {
  id: string;
  label: string;
  removal: Partial<SurveyFilters>;
}

/**
 * The active filters in reading order (a date range is one chip); the default sort is not a filter and gets no chip.
 */
export function filterChips(filters: SurveyFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const query = filters.idQuery.trim();
  if (query) chips.push({ id: 'id', label: `Id or place “${query}”`, removal: { idQuery: NO_FILTERS.idQuery } });
  const { captureFrom: from, captureTo: to } = filters;
  if (from || to) {
    const label = from && to ? `Captured ${from} – ${to}` : from ? `Captured from ${from}` : `Captured until ${to}`;
    chips.push({
      id: 'dates',
      label,
      removal: { captureFrom: NO_FILTERS.captureFrom, captureTo: NO_FILTERS.captureTo },
    });
  }
  if (filters.maxCloud !== null)
    chips.push({ id: 'cloud', label: `Cloud ≤ ${filters.maxCloud}%`, removal: { maxCloud: NO_FILTERS.maxCloud } });
  if (filters.sort !== NO_FILTERS.sort)
    chips.push({ id: 'sort', label: SORT_LABELS[filters.sort], removal: { sort: NO_FILTERS.sort } });
  return chips;
}

export type MaxCloudInput = { ok: true; maxCloud: number | null } | { ok: false; problem: string };

/** What the user typed as a maximum cloud cover: "" for no limit, "10" or "10%" for a limit. */
export function parseMaxCloud(text: string): MaxCloudInput {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (trimmed === '') return { ok: true, maxCloud: null };
  const value = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(value >= 0 && value <= 100))
    return { ok: false, problem: 'Enter a cloud cover from 0 to 100 %, or leave it empty for no limit.' };
  return { ok: true, maxCloud: value };
}
