import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { linkFromHash } from '../../links/link-state.ts';
import { summariseCaptures, type MetSurvey } from './location-result.ts';
import type { PortfolioLocation } from './location.ts';
import { portfolioCsv, portfolioGeoJson } from './portfolio-export.ts';
import { portfolioRows, rankOf, sortRows } from './portfolio-rows.ts';
import type { Portfolio } from './portfolio.ts';

const survey = (id: string, start: string, end: string, cloudCover?: number | null): MetSurvey => ({
  id,
  captureStart: `${start}T10:00:00Z`,
  captureEnd: `${end}T16:00:00Z`,
  cloudCover,
});
const OLD = survey('2023Q2-CO-DEN', '2023-05-01', '2023-05-03', 0);
const SPAN = survey('2024Q3-CO-DEN', '2024-08-30', '2024-09-02', 12.5);
const NEW = survey('2025Q1-CO-DEN', '2025-02-10', '2025-02-11', 38.7);
/** As the provider's catalog answers: no cloud figure. */
const UNKNOWN = survey('2024-P3-CO-DEN', '2024-06-01', '2024-06-01');

const around = (eventDate: string | null, maxCloudCover: number | null = null) => ({ eventDate, maxCloudCover });

describe('captures against an event date', () => {
  it('takes the latest capture ended before the event and the first started on or after it', () => {
    expect(summariseCaptures([NEW, OLD, SPAN], around('2024-09-01'))).toEqual({
      latest: NEW,
      before: OLD,
      after: NEW,
      cloudy: 0,
    });
    expect(summariseCaptures([NEW, OLD, SPAN], around('2024-08-30'))).toEqual({
      latest: NEW,
      before: OLD,
      after: SPAN,
      cloudy: 0,
    });
    expect(summariseCaptures([OLD], around(null))).toEqual({ latest: OLD, before: null, after: null, cloudy: 0 });
  });

  it('takes the latest by its start, the date every view shows a capture by', () => {
    const LONG = survey('2024Q4-CO-DEN', '2024-10-01', '2024-12-20');
    const SHORT = survey('2024-P4-CO-DEN', '2024-11-05', '2024-11-06');
    expect(summariseCaptures([LONG, SHORT], around(null)).latest).toBe(SHORT);
    expect(summariseCaptures([SHORT, LONG], around(null)).latest).toBe(SHORT);
  });

  it('never chooses a survey over the cloud limit or without a cloud figure, but counts it', () => {
    expect(summariseCaptures([NEW, OLD, SPAN], around('2024-08-30', 20))).toEqual({
      latest: SPAN,
      before: OLD,
      after: SPAN,
      cloudy: 1,
    });
    // The limit is inclusive.
    expect(summariseCaptures([NEW, SPAN], around(null, 12.5))).toMatchObject({ latest: SPAN, cloudy: 1 });
    // Nothing says a survey without a cloud figure is clear: as in the survey list's filter, it never passes a limit.
    expect(summariseCaptures([OLD, UNKNOWN], around('2024-01-01', 0))).toEqual({
      latest: OLD,
      before: OLD,
      after: null,
      cloudy: 1,
    });
    expect(summariseCaptures([UNKNOWN], around(null))).toMatchObject({ latest: UNKNOWN, cloudy: 0 });
    expect(summariseCaptures([NEW], around(null, 10))).toEqual({ latest: null, before: null, after: null, cloudy: 1 });
  });
});

const location = (id: number, label: string): PortfolioLocation => ({
  id,
  line: id + 2,
  label,
  position: [-104.99 + id / 100, 39.74],
  area: null,
  values: [label, 'x,"quoted"'],
});
const portfolio: Portfolio = {
  fileName: 'sites.csv',
  source: 'table',
  columns: ['name', 'note'],
  locations: [location(0, 'A'), location(1, 'B'), location(2, 'C')],
  problems: [],
  radiusM: 25,
  eventDate: '2024-09-01',
  maxCloudCover: null,
};
const results = new Map([
  [0, { id: 0, surveyIds: [OLD.id, NEW.id], percentCovered: 100 }],
  [1, { id: 1, surveyIds: [], percentCovered: 0 }],
]);
const surveys = new Map([OLD, SPAN, NEW].map((s) => [s.id, s]));
const exporting = (appUrl: string) => ({
  appUrl,
  refused: [],
  notChecked: 'the check was paused before this location',
});

describe('results table and exports', () => {
  const rows = portfolioRows(portfolio.locations, results, surveys, portfolio);

  it('sorts by a column with unanswered rows last, either way', () => {
    expect(sortRows(rows, { key: 'surveys', descending: true }).map((r) => r.location.label)).toEqual(['A', 'B', 'C']);
    expect(sortRows(rows, { key: 'surveys', descending: false }).map((r) => r.location.label)).toEqual(['B', 'A', 'C']);
    expect(sortRows(rows, { key: 'before', descending: false }).map((r) => r.location.label)).toEqual(['A', 'B', 'C']);
  });

  it('ranks colours by the age of the latest imagery, then none, then not checked', () => {
    const now = Date.parse('2025-03-01T00:00:00Z');
    expect(rows.map((r) => rankOf(r, now))).toEqual([0, 4, 5]);
  });

  it('reads the answers again under a cloud limit: the export names the clearer capture and the limit', () => {
    const limited = { ...portfolio, maxCloudCover: 20 };
    const clear = portfolioRows(limited.locations, results, surveys, limited);
    expect(clear[0].captures).toMatchObject({ latest: OLD, before: OLD, after: null, cloudy: 1 });
    // Its latest is over two years old now: the map's colour says so.
    expect(rankOf(clear[0], Date.parse('2025-06-01T00:00:00Z'))).toBe(3);
    const [a] = Papa.parse<Record<string, string>>(
      portfolioCsv(limited, clear, exporting('https://v.example/')).trim(),
      {
        header: true,
      },
    ).data;
    expect(a).toMatchObject({ survey_count: '2', latest_survey: OLD.id, latest_cloud_cover: '0', after_survey: '' });
    expect(portfolioGeoJson(limited, clear, exporting('https://v.example/')).features[0].properties).toMatchObject({
      max_cloud_cover: 20,
      latest_survey: OLD.id,
    });
  });

  it('exports CSV: the input columns, the answers and a credential-free link to the before/after view', () => {
    const csv = portfolioCsv(portfolio, rows, exporting('https://viewer.example/app/'));
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
    expect(parsed.meta.fields?.slice(0, 4)).toEqual(['name', 'note', 'line', 'status']);
    const [a, b, c] = parsed.data;
    expect(a).toMatchObject({
      name: 'A',
      note: 'x,"quoted"',
      survey_ids: `${OLD.id};${NEW.id}`,
      before_survey: OLD.id,
      before_capture: '2023-05-03',
      after_survey: NEW.id,
      after_capture: '2025-02-10',
      latest_cloud_cover: '38.7',
      percent_covered: '100',
    });
    const link = new URL(a.link);
    expect(link.origin + link.pathname).toBe('https://viewer.example/app/');
    expect(linkFromHash(link.hash)?.compare).toMatchObject({ a: OLD.id, b: NEW.id, mode: 'swipe' });
    expect(linkFromHash(link.hash)?.view?.zoom).toBe(18);
    expect(b).toMatchObject({ status: 'checked', reason: '', survey_count: '0', latest_survey: '' });
    expect(c).toMatchObject({ status: 'not checked', reason: 'the check was paused before this location' });
    expect(c).toMatchObject({ survey_ids: '' });
  });

  it('exports GeoJSON with each location as a point and its answers as properties', () => {
    const geojson = portfolioGeoJson(portfolio, rows, exporting('https://viewer.example/'));
    expect(geojson.features[0]).toMatchObject({
      geometry: { type: 'Point', coordinates: [-104.99, 39.74] },
      properties: { name: 'A', buffer_m: 25, survey_ids: [OLD.id, NEW.id], after_survey: NEW.id },
    });
    expect(geojson.features[0].properties).toMatchObject({ latest_cloud_cover: 38.7, max_cloud_cover: null });
    expect(geojson.features[2].properties).toMatchObject({
      status: 'not checked',
      survey_count: null,
      percent_covered: null,
      latest_survey: null,
      survey_ids: [],
    });
  });
});
