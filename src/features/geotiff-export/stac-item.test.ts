import { describe, expect, it } from 'vitest';
import type { TileMetadataItem } from '../../../core/wire/model.ts';
import { chooseTiles, defaultZoomFor, isPlan, newestTiles, planExport, type ExportPlan } from './export-plan.ts';
import { tilesOf, type PlannedTile } from './tile-records.ts';
import { outcomesByKey } from './tile-outcomes.ts';
import { provenanceCollection } from './provenance.ts';
import { stacItem } from './stac-item.ts';
import type { TileChoice } from './tile-selection.ts';
import { PROJECTION_SCHEMA, RASTER_SCHEMA, STAC_ITEM_SCHEMA, stacValidator } from '../../test/stac-schemas/validate.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';

const item = (z: number, x: number, y: number, capture: string, extra: Partial<TileMetadataItem> = {}) =>
  ({
    z,
    x,
    y,
    url: `https://imagery.example/tile/v2/S/${capture}/${z}/${x}/${y}?api_key=secret-key`,
    extent: null,
    captureId: capture,
    captureStart: `${capture}T10:00:00.000Z`,
    captureEnd: `${capture}T11:00:00.000Z`,
    publishedDate: null,
    resolution: '7.5cm',
    fileFormat: 'png',
    percentCovered: 100,
    ...extra,
  }) satisfies TileMetadataItem;

const AREA = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-105.1, 39.7],
      [-105.09, 39.7],
      [-105.09, 39.71],
      [-105.1, 39.7],
    ],
  ],
};

/** Tiles chosen in priority order, as the newest-first rule does, with no cloud limit. */
const newest = (tiles: PlannedTile[]): TileChoice => ({
  selection: { rule: 'newest', maxCloudCover: null },
  tiles,
  overCloudLimit: [],
  surveys: [],
  leftOut: [],
});

const listed = (surveyId: string, items: TileMetadataItem[]) => ({ surveyId, tiles: newestTiles(surveyId, items) });

describe('choosing tiles', () => {
  it('takes each position from the first source listing it, with its newest capture there', () => {
    const tiles = chooseTiles([
      listed('NEW', [item(16, 1, 1, '2025-03-01'), item(16, 1, 1, '2025-04-01'), item(16, 2, 1, '2025-03-01')]),
      listed('OLD', [item(16, 1, 1, '2020-01-01'), item(16, 3, 1, '2020-01-01')]),
    ]);
    expect(tiles.map((t) => [zxyKey(t), t.surveyId, t.captureId])).toEqual([
      ['16/1/1', 'NEW', '2025-04-01'],
      ['16/2/1', 'NEW', '2025-03-01'],
      ['16/3/1', 'OLD', '2020-01-01'],
    ]);
  });

  it('refuses empty and over-cap exports with the reason', () => {
    expect(planExport(16, newest([]))).toEqual({ kind: 'empty', overCloudLimit: 0 });
    const many = chooseTiles([
      listed(
        'S',
        Array.from({ length: 10_001 }, (_, i) => item(21, i, 0, 'c')),
      ),
    ]);
    expect(planExport(21, newest(many))).toEqual({ kind: 'tooManyTiles', count: 10_001 });
    const far = chooseTiles([listed('S', [item(21, 0, 0, 'c'), item(21, 2000, 2000, 'c')])]);
    expect(planExport(21, newest(far))).toMatchObject({ kind: 'gridTooLarge' });
  });

  it('orders tiles so that 2 × 2 blocks complete early (Z-order over the grid)', () => {
    const tiles = chooseTiles([
      listed(
        'S',
        [0, 1, 2, 3].flatMap((y) => [0, 1, 2, 3].map((x) => item(16, 100 + x, 200 + y, 'c'))),
      ),
    ]);
    const plan = planExport(16, newest(tiles)) as ExportPlan;
    expect([...tilesOf(plan.tiles)].slice(0, 4).map((t) => [t.x - 100, t.y - 200])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]);
    expect(plan.levels.map((l) => l.tilesAcross)).toEqual([4, 2, 1]);
  });
});

describe('provenance and the STAC Item', () => {
  const tiles = chooseTiles([
    listed('NEW', [item(16, 13_400, 24_800, '2025-03-01')]),
    listed('OLD', [item(16, 13_401, 24_800, '2020-01-01'), item(16, 13_400, 24_801, '2020-01-01')]),
  ]);
  const plan = planExport(16, newest(tiles));
  if (!isPlan(plan)) throw new Error('no plan');
  const byKey = new Map([
    ['16/13400/24800', { status: 'exported' as const }],
    ['16/13401/24800', { status: 'exported' as const }],
    [
      '16/13400/24801',
      { status: 'failed' as const, httpStatus: 503, code: 'unavailable', message: 'Try later', correlationId: 'c-1' },
    ],
  ]);
  const outcomes = outcomesByKey(plan.tiles, byKey);

  it('names the survey and capture of each tile, marks the failed one, and carries no credential', () => {
    const collection = provenanceCollection(plan, outcomes);
    expect(collection.features).toHaveLength(3);
    const byKey = new Map(collection.features.map((f) => [zxyKey(f.properties), f.properties]));
    expect(byKey.get('16/13400/24800')).toMatchObject({
      survey_id: 'NEW',
      mosaic_stac_id: '2025-03-01',
      capture_date_start: '2025-03-01T10:00:00.000Z',
      status: 'exported',
    });
    expect(byKey.get('16/13400/24801')).toMatchObject({
      survey_id: 'OLD',
      status: 'failed',
      error: { status: 503, correlation_id: 'c-1' },
    });
    expect(JSON.stringify(collection)).not.toContain('secret-key');
    expect(JSON.stringify(collection)).not.toContain('api_key');
  });

  it('is a STAC 1.0.0 Item that validates against the core, projection and raster schemas', () => {
    const exported = [...tilesOf(plan.tiles)].filter((t) => byKey.get(zxyKey(t))?.status === 'exported');
    const created = new Date('2026-01-02T03:04:05Z');
    const stac = stacItem({ name: 'area-z16', area: AREA, plan, compression: 'jpeg', exported, created });
    const validate = stacValidator();
    expect(validate(STAC_ITEM_SCHEMA, stac)).toEqual([]);
    expect(validate(PROJECTION_SCHEMA, stac)).toEqual([]);
    expect(validate(RASTER_SCHEMA, stac)).toEqual([]);
    expect(stac.properties).toMatchObject({
      'proj:epsg': 3857,
      'proj:shape': [512, 512],
      start_datetime: '2020-01-01T10:00:00.000Z',
      end_datetime: '2025-03-01T11:00:00.000Z',
      'survey_viewer:surveys': ['NEW', 'OLD'],
    });
    expect(stac.properties.gsd).toBeCloseTo(2.39 * Math.cos((39.7 * Math.PI) / 180), 1);
    // The bands the file has: JPEG's three (its mask says where there is no data), or RGBA when lossless.
    expect(stac.assets.image['raster:bands'].map((b) => b.name)).toEqual(['red', 'green', 'blue']);
    const lossless = stacItem({ name: 'area-z16', area: AREA, plan, compression: 'deflate', exported, created });
    expect(lossless.assets.image['raster:bands'].map((b) => b.name)).toEqual(['red', 'green', 'blue', 'alpha']);
    expect(validate(RASTER_SCHEMA, lossless)).toEqual([]);
    // And a broken one does not validate: the schemas are really applied.
    expect(validate(STAC_ITEM_SCHEMA, { ...stac, properties: {} })).not.toEqual([]);
    expect(
      validate(PROJECTION_SCHEMA, {
        ...stac,
        properties: { ...stac.properties, 'proj:epsg': 'web mercator' },
      }),
    ).not.toEqual([]);
  });
});

describe('the default zoom', () => {
  it('is the finest zoom whose pixels are not finer than the resolution class', () => {
    // At 39.7° N: z20 pixels are 0.115 m, z21 0.057 m.
    expect(defaultZoomFor('7.5cm', 39.7)).toBe(20);
    expect(defaultZoomFor('10.0cm', 39.7)).toBe(20);
    expect(defaultZoomFor('30cm', 39.7)).toBe(18);
    expect(defaultZoomFor('0.5 m', 0)).toBe(18);
    expect(defaultZoomFor('1cm', 0)).toBe(21);
    expect(defaultZoomFor('50m', 0)).toBe(14);
    expect(defaultZoomFor(null, 0)).toBeNull();
    expect(defaultZoomFor('high', 0)).toBeNull();
  });
});
