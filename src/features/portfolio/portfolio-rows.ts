import {
  type CaptureRules,
  type CaptureSummary,
  type LocationResult,
  type MetSurvey,
  summariseCaptures,
} from './location-result.ts';
import type { PortfolioLocation } from './location.ts';

/** One line of the results: the location, its answer (null until checked) and its captures read against the event. */
export interface PortfolioRow {
  location: PortfolioLocation;
  result: LocationResult | null;
  captures: CaptureSummary;
}

export type SortKey = 'location' | 'surveys' | 'latest' | 'before' | 'after' | 'change' | 'covered';
export interface RowOrder {
  key: SortKey;
  descending: boolean;
}

const NONE: CaptureSummary = { latest: null, before: null, after: null, cloudy: 0 };

export function portfolioRows(
  locations: readonly PortfolioLocation[],
  results: ReadonlyMap<number, LocationResult>,
  surveys: ReadonlyMap<string, MetSurvey>,
  rules: CaptureRules,
): PortfolioRow[] {
  return locations.map((location) => {
    const result = results.get(location.id) ?? null;
    if (!result) return { location, result, captures: NONE };
    const met = result.surveyIds.map((id) => surveys.get(id)).filter((s): s is MetSurvey => s !== undefined);
    return { location, result, captures: summariseCaptures(met, rules) };
  });
}

/** A row's change score (0–1), or null without one. */
export type ScoreOf = (row: PortfolioRow) => number | null;

/** What a column sorts by; rows without a value go last whichever the direction. */
function sortValue(row: PortfolioRow, key: SortKey, scoreOf: ScoreOf): string | number | null {
  switch (key) {
    case 'location':
      return row.location.id;
    case 'surveys':
      return row.result ? row.result.surveyIds.length : null;
    case 'latest':
      return row.captures.latest?.captureStart ?? null;
    case 'before': {
      // Locations with both sides (ready to compare) sort apart from those with only one.
      const { before, after } = row.captures;
      return before || after
        ? `${before && after ? 1 : 0}|${before?.captureEnd ?? ''}|${after?.captureStart ?? ''}`
        : null;
    }
    case 'after':
      return row.captures.after?.captureStart ?? null;
    case 'change':
      return scoreOf(row);
    case 'covered':
      return row.result ? row.result.percentCovered : null;
  }
}

export function sortRows(
  rows: readonly PortfolioRow[],
  { key, descending }: RowOrder,
  scoreOf: ScoreOf = () => null,
): readonly PortfolioRow[] {
  // File order is the rows' own.
  if (key === 'location' && !descending) return rows;
  const keyed = rows.map((row) => ({ row, value: sortValue(row, key, scoreOf) }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null)
      return a.value === b.value ? a.row.location.id - b.row.location.id : a.value === null ? 1 : -1;
    const order = a.value < b.value ? -1 : a.value > b.value ? 1 : a.row.location.id - b.row.location.id;
    return descending ? -order : order;
  });
  return keyed.map((k) => k.row);
}

/** Age buckets of the latest imagery, for the map's colours and its legend. */
export const AGE_BUCKETS = [
  { label: 'under 3 months', maxDays: 91, colour: '#1a9850' },
  { label: '3–12 months', maxDays: 365, colour: '#a6d96a' },
  { label: '1–2 years', maxDays: 730, colour: '#fdae61' },
  { label: 'over 2 years', maxDays: Infinity, colour: '#d73027' },
] as const;
export const NO_IMAGERY_COLOUR = '#9a9a9a';
const UNCHECKED_COLOUR = '#4f8cff';

/** The map's colour of each rank: the age buckets newest first, then no imagery, then not checked yet. */
export const RANK_COLOURS: readonly string[] = [
  ...AGE_BUCKETS.map((b) => b.colour),
  NO_IMAGERY_COLOUR,
  UNCHECKED_COLOUR,
];

/** A row's rank among RANK_COLOURS. */
export function rankOf(row: PortfolioRow, now: number): number {
  if (!row.result) return AGE_BUCKETS.length + 1;
  const age = ageInDays(row.captures.latest, now);
  if (age === null) return AGE_BUCKETS.length;
  return AGE_BUCKETS.findIndex((b) => age < b.maxDays);
}

/** Days since the latest capture started (the date the table shows), or null without one. */
const ageInDays = (latest: MetSurvey | null, now: number): number | null =>
  latest ? Math.max(0, Math.floor((now - Date.parse(latest.captureStart)) / 86_400_000)) : null;
