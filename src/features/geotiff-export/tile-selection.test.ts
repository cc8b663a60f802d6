import { describe, expect, it } from 'vitest';
import type { TileMetadataItem } from '../../../core/wire/model.ts';
import { isPlan, newestTiles, planExport } from './export-plan.ts';
import { provenanceCollection } from './provenance.ts';
import { stacItem } from './stac-item.ts';
import { rankSurveys, selectTiles, type SourceSurvey, type TileSelection } from './tile-selection.ts';
import { outcomesByKey } from './tile-outcomes.ts';
import { tilesOf } from './tile-records.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';

const item = (x: number, y: number, survey: string): TileMetadataItem => ({
  z: 16,
  x,
  y,
  url: `https://imagery.example/tile/v2/${survey}/16/${x}/${y}`,
  extent: null,
  captureId: `${survey}-capture`,
  captureStart: null,
  captureEnd: null,
  publishedDate: null,
  resolution: '7.5cm',
  fileFormat: 'png',
  percentCovered: 100,
});

const survey = (surveyId: string, captured: string, cloudCover: number | null, at: [number, number][]) => ({
  surveyId,
  captureStart: `${captured}T16:00:00Z`,
  captureEnd: `${captured}T18:00:00Z`,
  cloudCover,
  tiles: newestTiles(
    surveyId,
    at.map(([x, y]) => item(x, y, surveyId)),
  ),
});

// What the newcomer met: the newest capture is cloudier (16 %) than an older one (13 %) over the same tiles.
const NEWEST = survey('2026-CLOUDY', '2026-04-18', 16, [
  [13_400, 24_800],
  [13_401, 24_800],
  [13_402, 24_800],
]);
const OLDER = survey('2025-CLEARER', '2025-09-14', 13, [
  [13_400, 24_800],
  [13_401, 24_800],
]);
/** As clear as OLDER, but older still: OLDER wins the tie. */
const OLDEST = survey('2023-CLEARER', '2023-08-06', 13, [
  [13_400, 24_800],
  [13_401, 24_801],
  [13_400, 24_801],
]);
/** Publishes no cloud cover. */
const UNKNOWN = survey('2026-UNKNOWN', '2026-06-01', null, [
  [13_400, 24_801],
  [13_403, 24_800],
]);
const SOURCES = [OLDEST, UNKNOWN, NEWEST, OLDER];

const byTile = (selection: TileSelection) =>
  Object.fromEntries(selectTiles(SOURCES, selection).tiles.map((t) => [zxyKey(t), t.surveyId]));

describe('the best available rules', () => {
  it('newest: at each tile the newest survey there, however cloudy (the service basemap’s pick)', () => {
    expect(byTile({ rule: 'newest', maxCloudCover: null })).toEqual({
      '16/13400/24800': '2026-CLOUDY',
      '16/13400/24801': '2026-UNKNOWN',
      '16/13401/24800': '2026-CLOUDY',
      '16/13402/24800': '2026-CLOUDY',
      '16/13403/24800': '2026-UNKNOWN',
      '16/13401/24801': '2023-CLEARER',
    });
  });

  it('least cloud: at each tile the least cloudy survey there, the newest of equals, unknown cloud last', () => {
    expect(byTile({ rule: 'least-cloud', maxCloudCover: null })).toEqual({
      // The older, clearer capture instead of the newest, cloudier one; of the two at 13 %, the newer.
      '16/13400/24800': '2025-CLEARER',
      '16/13401/24800': '2025-CLEARER',
      // Only the cloudy newest has this one: it is still used (there is no limit).
      '16/13402/24800': '2026-CLOUDY',
      '16/13401/24801': '2023-CLEARER',
      // A survey without a cloud figure comes after every survey that has one…
      '16/13400/24801': '2023-CLEARER',
      // …and is used where it is the only one.
      '16/13403/24800': '2026-UNKNOWN',
    });
  });

  it('lists the surveys used in the rule’s order, with their cloud cover and tile count', () => {
    const { surveys, leftOut } = selectTiles(SOURCES, { rule: 'least-cloud', maxCloudCover: null });
    expect(surveys.map((s) => [s.surveyId, s.cloudCover, s.tiles])).toEqual([
      ['2025-CLEARER', 13, 2],
      ['2023-CLEARER', 13, 2],
      ['2026-CLOUDY', 16, 1],
      ['2026-UNKNOWN', null, 1],
    ]);
    expect(surveys[0].captureStart).toBe('2025-09-14T16:00:00Z');
    expect(leftOut).toEqual([]);
  });

  it('a cloud limit keeps cloudier surveys, and those without a cloud figure, out under either rule', () => {
    for (const rule of ['newest', 'least-cloud'] as const) {
      const choice = selectTiles(SOURCES, { rule, maxCloudCover: 15 });
      expect(new Set(choice.tiles.map((t) => t.surveyId))).toEqual(new Set(['2025-CLEARER', '2023-CLEARER']));
      expect(choice.tiles.map(zxyKey).sort()).toEqual([
        '16/13400/24800',
        '16/13400/24801',
        '16/13401/24800',
        '16/13401/24801',
      ]);
      // The tiles only the cloudy or unknown surveys have are left empty, and counted, with what was kept out.
      expect(choice.overCloudLimit.map((t) => [zxyKey(t), t.surveyId]).sort()).toEqual([
        ['16/13402/24800', '2026-CLOUDY'],
        ['16/13403/24800', '2026-UNKNOWN'],
      ]);
      expect(choice.leftOut.map((s) => [s.surveyId, s.tiles]).sort()).toEqual([
        ['2026-CLOUDY', 3],
        ['2026-UNKNOWN', 2],
      ]);
    }
    // The limit is inclusive, as the survey list's filter.
    expect(rankSurveys(SOURCES, { rule: 'newest', maxCloudCover: 16 }).used.map((s) => s.surveyId)).toEqual([
      '2026-CLOUDY',
      '2025-CLEARER',
      '2023-CLEARER',
    ]);
  });

  it('orders newest by the capture window, the newest of equals by id', () => {
    const a: SourceSurvey = { surveyId: 'A', captureStart: '2025-01-01', captureEnd: '2025-03-01', cloudCover: 5 };
    const b: SourceSurvey = { surveyId: 'B', captureStart: '2025-02-01', captureEnd: '2025-02-02', cloudCover: 5 };
    const c: SourceSurvey = { ...b, surveyId: 'C' };
    expect(rankSurveys([c, b, a], { rule: 'newest', maxCloudCover: null }).used.map((s) => s.surveyId)).toEqual([
      'A',
      'B',
      'C',
    ]);
  });
});

describe('the plan and its files under a rule and a limit', () => {
  const selection: TileSelection = { rule: 'least-cloud', maxCloudCover: 15 };
  const plan = planExport(16, selectTiles(SOURCES, selection));
  if (!isPlan(plan)) throw new Error('no plan');

  it('spans the tiles the limit leaves empty, but fetches only the others', () => {
    expect(plan.tiles).toHaveLength(4);
    expect([plan.x0, plan.y0]).toEqual([13_400, 24_800]);
    expect(plan.levels[0].tilesAcross).toBe(4);
    expect(plan.selection).toEqual(selection);
  });

  it('refuses, with the count, when only surveys over the limit have imagery', () => {
    expect(planExport(16, selectTiles([NEWEST], { rule: 'newest', maxCloudCover: 10 }))).toEqual({
      kind: 'empty',
      overCloudLimit: 3,
    });
  });

  it('records the rule, the limit and each tile’s cloud cover in the provenance and the STAC Item', () => {
    const outcomes = outcomesByKey(
      plan.tiles,
      new Map([...tilesOf(plan.tiles)].map((t) => [zxyKey(t), { status: 'exported' as const }])),
    );
    const provenance = provenanceCollection(plan, outcomes);
    expect(provenance).toMatchObject({ selection_rule: 'least-cloud', max_cloud_cover: 15 });
    expect(provenance.features).toHaveLength(6);
    const status = Object.fromEntries(
      provenance.features.map((f) => [zxyKey(f.properties), [f.properties.status, f.properties.cloud_cover]]),
    );
    expect(status['16/13400/24800']).toEqual(['exported', 13]);
    expect(status['16/13402/24800']).toEqual(['over_cloud_limit', 16]);
    expect(status['16/13403/24800']).toEqual(['over_cloud_limit', null]);

    const area = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [-106, 39],
          [-105, 39],
          [-105, 40],
          [-106, 39],
        ],
      ],
    };
    const stac = stacItem({
      name: 'n',
      area,
      plan,
      compression: 'jpeg',
      exported: tilesOf(plan.tiles),
      created: new Date(),
    });
    expect(stac.properties).toMatchObject({
      'survey_viewer:selection_rule': 'least-cloud',
      'survey_viewer:max_cloud_cover': 15,
    });
    expect(stac.properties.description).toContain('least cloud cover');
    expect(stac.properties.description).toContain('no survey over 15 % cloud cover');
  });
});
