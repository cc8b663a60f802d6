import { bboxPolygon } from '@turf/turf';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { latOfTileY, lonOfTileX } from '../../../core/geo/tile-address.ts';
import { CHANGE_ZOOM, CHANGED_SCORE, ChangeResults, OBSCURED, PAIR_STATUS, type PairScore } from '../change/index.ts';
import { notCheckedReason } from './export-lines.ts';
import {
  changePlan,
  changeStatusOf,
  countByChange,
  filterByChange,
  type LocationChange,
  locationChanges,
} from './location-change.ts';
import type { MetSurvey } from './location-result.ts';
import type { PortfolioLocation } from './location.ts';
import { portfolioCsv, portfolioGeoJson } from './portfolio-export.ts';
import { portfolioRows, sortRows } from './portfolio-rows.ts';
import type { Portfolio } from './portfolio.ts';

const survey = (id: string, day: string): MetSurvey => ({
  id,
  captureStart: `${day}T10:00:00Z`,
  captureEnd: `${day}T16:00:00Z`,
});
const WINTER = survey('2024-P1-CO-DEN', '2024-01-20');
const SUMMER = survey('2024-P3-CO-DEN', '2024-07-20');
const AUTUMN = survey('2024-P4-CO-DEN', '2024-10-20');

/** A point a quarter of a tile into tile (x, y) at the engine's zoom: the tiles around it share that tile's corner. */
const near = (x: number, y: number): [number, number] => [
  lonOfTileX(x + 0.25, CHANGE_ZOOM),
  latOfTileY(y + 0.25, CHANGE_ZOOM),
];
const location = (id: number, label: string, position: [number, number], area: PortfolioLocation['area'] = null) => ({
  id,
  line: id + 2,
  label,
  position,
  area,
  values: [label],
});
/** A polygon over 3 × 1 tiles at the engine's zoom (inset from their edges). */
const threeTiles = (x: number, y: number): PortfolioLocation['area'] =>
  bboxPolygon([
    lonOfTileX(x + 0.1, CHANGE_ZOOM),
    latOfTileY(y + 0.9, CHANGE_ZOOM),
    lonOfTileX(x + 2.9, CHANGE_ZOOM),
    latOfTileY(y + 0.1, CHANGE_ZOOM),
  ]).geometry;

const LOCATIONS: PortfolioLocation[] = [
  location(0, 'Depot', near(27_000, 50_000)),
  location(1, 'Yard', near(27_100, 50_100), threeTiles(27_100, 50_100)),
  location(2, 'Cloudy', near(27_200, 50_200)),
  location(3, 'Only before', near(27_300, 50_300)),
  location(4, 'Not checked', near(27_400, 50_400)),
];
const portfolio: Portfolio = {
  fileName: 'sites.csv',
  source: 'features',
  columns: ['site'],
  locations: LOCATIONS,
  problems: [],
  radiusM: 25,
  eventDate: '2024-06-01',
  maxCloudCover: null,
};
const results = new Map(
  [0, 1, 2].map((id) => [id, { id, surveyIds: [WINTER.id, SUMMER.id, AUTUMN.id], percentCovered: 100 }]),
);
results.set(3, { id: 3, surveyIds: [WINTER.id], percentCovered: 100 });
const surveys = new Map([WINTER, SUMMER, AUTUMN].map((s) => [s.id, s]));
const rows = portfolioRows(LOCATIONS, results, surveys, portfolio);

/** A tile's score: `changed` cells changed, `obscured` under cloud. */
function score(changed: number, obscured = 0): PairScore {
  const cells = new Uint8Array(256);
  const reasons = new Uint8Array(256);
  for (let c = 0; c < changed; c++) cells[c] = 255;
  for (let c = 0; c < obscured; c++) reasons[255 - c] = OBSCURED.cloud;
  return { cells, obscured: reasons, changedCells: changed, obscuredCells: obscured };
}

/** A row's change columns where it has no score: all blank. */
const NO_CHANGE = {
  change_score: '',
  changed_share: '',
  obscured_share: '',
  different_seasons: '',
  change_tiles: '',
  change_service_status: '',
  change_correlation_id: '',
};

describe('change scores of a portfolio', () => {
  const plan = changePlan(rows, portfolio.radiusM);

  it('compares the 2 × 2 tiles around a point and the tiles inside a polygon, before against after', () => {
    expect(plan.locations).toEqual([
      { id: 0, first: 0, count: 4 },
      { id: 1, first: 4, count: 3 },
      { id: 2, first: 7, count: 4 },
    ]);
    expect(plan.pairs.slice(0, 4).map(({ z, x, y }) => [z, x, y])).toEqual([
      [CHANGE_ZOOM, 26_999, 49_999],
      [CHANGE_ZOOM, 27_000, 49_999],
      [CHANGE_ZOOM, 26_999, 50_000],
      [CHANGE_ZOOM, 27_000, 50_000],
    ]);
    expect(plan.pairs.slice(4, 7).map(({ x, y }) => [x, y])).toEqual([
      [27_100, 50_100],
      [27_101, 50_100],
      [27_102, 50_100],
    ]);
    // The capture before the event dated by its end, the one after by its start; each its survey's newest there.
    expect(plan.pairs[0].before).toEqual({ surveyId: WINTER.id, captureId: null, date: WINTER.captureEnd });
    expect(plan.pairs[0].after).toEqual({ surveyId: SUMMER.id, captureId: null, date: SUMMER.captureStart });
    expect(plan.overCap).toEqual([]);
  });

  it('names a plan by what it compares: another event date, another key', () => {
    expect(changePlan(rows, portfolio.radiusM).key).toBe(plan.key);
    const later = portfolioRows(LOCATIONS, results, surveys, { ...portfolio, eventDate: '2024-09-01' });
    expect(changePlan(later, portfolio.radiusM).key).not.toBe(plan.key);
  });

  it('leaves the locations past the tile cap for another run, saying which', () => {
    const capped = changePlan(rows, portfolio.radiusM, 8);
    expect(capped.locations.map((l) => l.id)).toEqual([0, 1]);
    expect(capped.overCap).toEqual([2]);
    expect(capped.pairs).toHaveLength(7);
  });

  const engine = new ChangeResults(plan.pairs.length);
  // Depot: 30 cells changed on one tile; Yard: nothing; Cloudy: most of every tile under cloud.
  engine.record(0, PAIR_STATUS.scored, score(30));
  for (const i of [1, 2, 3, 4, 5]) engine.record(i, PAIR_STATUS.scored, score(0));
  engine.record(6, PAIR_STATUS.identical);
  for (const i of [7, 8, 9, 10]) engine.record(i, PAIR_STATUS.scored, score(0, 200));
  const changes = locationChanges(plan, engine);

  it('scores each location from its tiles together, with the parts that explain it', () => {
    const depot = changes.get(0) as LocationChange;
    expect(depot).toMatchObject({
      verdict: 'changed',
      changedShare: 30 / 1024,
      obscuredShare: 0,
      differentSeasons: true,
      beforeId: WINTER.id,
      afterId: SUMMER.id,
      tiles: 4,
    });
    expect(depot.score).toBeGreaterThan(CHANGED_SCORE);
    expect(changes.get(1)).toMatchObject({ verdict: 'unchanged', score: 0, tiles: 3 });
    expect(changes.get(2)).toMatchObject({ verdict: 'obscured', obscuredShare: 200 / 256 });
  });

  it('says a location failed only when none of its tiles could be compared, with why', () => {
    const failing = new ChangeResults(plan.pairs.length);
    const failure = { status: 503, message: 'Try later.', correlationId: 'c-503' };
    for (let i = 0; i < 4; i++) failing.record(i, PAIR_STATUS.failed, undefined, failure);
    // One tile of Yard's failed, the others scored: Yard is scored from those.
    failing.record(4, PAIR_STATUS.failed, undefined, failure);
    for (const i of [5, 6]) failing.record(i, PAIR_STATUS.scored, score(0));
    const failed = locationChanges(plan, failing);
    expect(failed.get(0)).toMatchObject({ verdict: 'failed', failure });
    expect(failed.get(1)).toMatchObject({ verdict: 'unchanged' });
    expect(failed.get(1)?.failure).toBeUndefined();
    // Exported with the service's answer; every row kept.
    const context = { appUrl: 'https://viewer.example/', refused: [], notChecked: '', changes: failed };
    const csv = Papa.parse<Record<string, string>>(portfolioCsv(portfolio, rows, context), { header: true }).data;
    expect(csv.filter((r) => r.line)).toHaveLength(LOCATIONS.length);
    expect(csv[0]).toMatchObject({
      status: 'checked',
      change: 'failed',
      change_score: '',
      change_reason: 'Try later.',
      change_service_status: '503',
      change_correlation_id: 'c-503',
    });
    expect(csv[1]).toMatchObject({ change: 'unchanged', change_service_status: '', change_correlation_id: '' });
    const { features } = portfolioGeoJson(portfolio, rows, context);
    expect(features[0].properties).toMatchObject({ change_service_status: 503, change_correlation_id: 'c-503' });
    expect(features[1].properties).toMatchObject({ change_service_status: null, change_correlation_id: null });
  });

  it('filters, counts and sorts the rows by their change; a row pairing other captures now has no score', () => {
    expect(rows.map((row) => changeStatusOf(row, changes))).toEqual([
      'changed',
      'unchanged',
      'obscured',
      'no pair',
      'not scored',
    ]);
    expect(filterByChange(rows, 'no pair', changes).map((r) => r.location.label)).toEqual(['Only before']);
    expect(filterByChange(rows, 'all', changes)).toBe(rows);
    expect(countByChange(rows, changes)).toMatchObject({ changed: 1, unchanged: 1, obscured: 1, 'no pair': 1 });
    const scoreOf = (row: (typeof rows)[number]) => changes.get(row.location.id)?.score ?? null;
    // Most changed first; rows without a score last, whichever the direction.
    const ids = (descending: boolean) =>
      sortRows(rows, { key: 'change', descending }, scoreOf).map((r) => r.location.id);
    expect(ids(true)[0]).toBe(0);
    expect(ids(false).slice(2)).toEqual([0, 3, 4]);
    const later = portfolioRows(LOCATIONS, results, surveys, { ...portfolio, eventDate: '2024-09-01' });
    expect(changeStatusOf(later[0], changes)).toBe('not scored');
  });

  it('exports every row with its change: status, score, parts and the two captures it compared', () => {
    const context = { appUrl: 'https://viewer.example/', refused: [], notChecked: notCheckedReason('idle', null) };
    const csv = Papa.parse<Record<string, string>>(portfolioCsv(portfolio, rows, { ...context, changes }), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(csv).toHaveLength(LOCATIONS.length);
    expect(csv[0]).toMatchObject({
      site: 'Depot',
      change: 'changed',
      changed_share: String(Math.round((30 / 1024) * 10_000) / 10_000),
      obscured_share: '0',
      different_seasons: 'true',
      change_tiles: '4',
      before_survey: WINTER.id,
      before_capture: '2024-01-20',
      after_survey: SUMMER.id,
      after_capture: '2024-07-20',
      change_reason: '',
    });
    expect(Number(csv[0].change_score)).toBeGreaterThan(CHANGED_SCORE);
    expect(csv[2]).toMatchObject({ change: 'obscured', obscured_share: String(Math.round((200 / 256) * 1e4) / 1e4) });
    expect(csv[3]).toMatchObject({ change: 'no pair', change_score: '', change_reason: 'no capture after the event' });
    expect(csv[4]).toMatchObject({ status: 'not checked', change: '', change_reason: '', ...NO_CHANGE });
    const { features } = portfolioGeoJson(portfolio, rows, { ...context, changes });
    expect(features[0].properties).toMatchObject({ change: 'changed', different_seasons: true, change_tiles: 4 });
    expect(features[3].properties).toMatchObject({ change: 'no pair', change_score: null });
  });

  it('exports which capture a location lacks, its change columns blank', () => {
    // Yard: only a capture after the event; Cloudy: none at all.
    const answers = new Map(results);
    answers.set(1, { id: 1, surveyIds: [SUMMER.id], percentCovered: 100 });
    answers.set(2, { id: 2, surveyIds: [], percentCovered: 0 });
    const lacking = portfolioRows(LOCATIONS, answers, surveys, portfolio);
    const context = { appUrl: 'https://viewer.example/', refused: [], notChecked: notCheckedReason('idle', null) };
    const csv = Papa.parse<Record<string, string>>(portfolioCsv(portfolio, lacking, { ...context, changes }), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(csv.slice(1, 4).map((row) => [row.site, row.change, row.change_reason])).toEqual([
      ['Yard', 'no pair', 'no capture before the event'],
      ['Cloudy', 'no pair', 'no capture before or after the event'],
      ['Only before', 'no pair', 'no capture after the event'],
    ]);
    for (const row of csv.slice(1)) expect(row, row.site).toMatchObject(NO_CHANGE);
  });
});
