/**
 * The service answers the same, byte for byte, whether it holds synthetic surveys compactly (SyntheticSurveys: numbers,
 * each survey made when asked for) or as the objects it used to hold (one object graph per survey, sorted and looked
 * up as strings): list pages in both orders, the legacy list, coverage, footprints, tile metadata, tile ETags, layers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileAt } from '../../core/geo/tile-address.ts';
import { mulberry32 } from '../procedural/noise.ts';
import { testService, type TestService, wktSquare } from '../test/fixtures.ts';
import { Catalog } from './catalog.ts';
import { demoCatalog } from './demo.ts';
import { LiveCatalog } from './live-catalog.ts';
import { SyntheticSurveys, syntheticCatalog } from './synthetic.ts';

const N = 3_000;
const OBSERVED = 'observed_start=2019-06-01&observed_end=2024-01-31';
const DEMO = demoCatalog();
const random = mulberry32(37);

/** Boxes over the synthetic catalog's extent, from a tenth of a degree to five degrees a side. */
const AREAS = Array.from({ length: 12 }, (_, i) => {
  const side = i === 0 ? 5 : 0.1 + random() * 2;
  const w = -124 + random() * (57 - side);
  const s = 25 + random() * (24 - side);
  return wktSquare(w, s, w + side, s + side);
});
const SURVEY_IDS = [
  ...Array.from({ length: 25 }, () => `SYN-${String(1 + Math.floor(random() * N)).padStart(6, '0')}`),
  ...DEMO.slice(0, 5).map((s) => s.id),
];

function urlsOf(prefix: string): string[] {
  const pages = Math.ceil((N + DEMO.length) / 25);
  const urls = [
    ...[1, 2, 17, pages - 1, pages, pages + 1].map((page) => `${prefix}/surveys?page=${page}`),
    ...[1, 2, 3, 4].map((page) => `${prefix}/surveys?page=${page}&page_size=1000`),
    ...AREAS.map((wkt) => `${prefix}/surveys/coverage?wkt=${encodeURIComponent(wkt)}`),
    ...AREAS.slice(0, 4).map((wkt) => `${prefix}/surveys/coverage?wkt=${encodeURIComponent(wkt)}&${OBSERVED}`),
    ...SURVEY_IDS.map((id) => `${prefix}/${id}/footprint`),
    `${prefix}/SYN-999999/footprint`,
  ];
  return urls;
}

/** Tile metadata and tiles at a corner of some synthetic surveys, and the newest imagery there. */
function tileUrls(surveys: ReturnType<typeof syntheticCatalog>): string[] {
  return surveys.flatMap((survey) => {
    const [west, , , north] = survey.bbox;
    const { x, y } = tileAt(west + 1e-4, north - 1e-4, 16);
    const wkt = wktSquare(west, north - 0.01, west + 0.01, north);
    return [
      `/tile/v2/${survey.id}/coverage?zoom=16&wkt=${encodeURIComponent(wkt)}`,
      `/tile/v2/${survey.id}/16/${x}/${y}?metadata=true`,
      `/tile/v2/basemap/16/${x}/${y}?metadata=true`,
    ];
  });
}

/** What a client sees of an answer; the parts that differ from request to request (correlation ids) left out. */
function seen(answer: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  return {
    status: answer.statusCode,
    etag: answer.headers.etag,
    body: answer.statusCode < 400 ? answer.body : JSON.parse(answer.body).error,
  };
}

describe.each(['seed', 'provider'] as const)('a compact catalog, %s profile', (profile) => {
  let compact: TestService;
  let objects: TestService;
  beforeAll(async () => {
    compact = await testService({ profile }, new LiveCatalog(new Catalog(DEMO, new SyntheticSurveys(N))));
    objects = await testService({ profile }, [...DEMO, ...syntheticCatalog(N)]);
  });
  afterAll(async () => {
    await compact.app.close();
    await objects.app.close();
  });

  it('answers the list, coverage and footprints as the surveys held as objects do', async () => {
    for (const url of [...urlsOf('/tile/v2'), ...urlsOf('/tile')]) {
      expect(seen(await compact.get(url)), url).toEqual(seen(await objects.get(url)));
    }
  });

  it('answers tile metadata and tiles as the surveys held as objects do', async () => {
    for (const url of tileUrls(syntheticCatalog(N).slice(0, 8))) {
      expect(seen(await compact.get(url)), url).toEqual(seen(await objects.get(url)));
    }
  });

  it('describes the same layers', async () => {
    const capabilities = async (service: TestService) => {
      const made = await service.inject({
        method: 'POST',
        url: '/tile-keys',
        headers: { authorization: `Bearer ${await service.token()}` },
        payload: { name: 'all', surveys: 'all', expires_in: 3600 },
      });
      const { key } = made.json() as { key: string };
      const wmts = await service.inject({ url: `/wmts/1.0.0/WMTSCapabilities.xml?key=${key}` });
      const basemap = await service.inject({ url: `/tiles/basemap/tilejson.json?key=${key}` });
      return [wmts.body, basemap.body].map((body) => body.replaceAll(key, 'KEY'));
    };
    expect(await capabilities(compact)).toEqual(await capabilities(objects));
  });
});

describe('SyntheticSurveys', () => {
  const rows = new SyntheticSurveys(N);
  const surveys = syntheticCatalog(N);

  it('makes each survey as syntheticCatalog does, and finds it by its id', () => {
    for (let row = 0; row < N; row++) {
      expect(rows.survey(row)).toEqual(surveys[row]);
      expect([...rows.boxes.subarray(4 * row, 4 * row + 4)]).toEqual(surveys[row].bbox);
      expect(rows.rowOf(surveys[row].id)).toBe(row);
    }
    for (const id of ['SYN-000000', 'SYN-003001', 'SYN-00001', 'SYN-0000001', 'syn-000001', 'SYN-00000a'])
      expect(rows.rowOf(id), id).toBe(-1);
  });

  it('is one object while its tiles are asked for, so that what is cached on it is used again', () => {
    const catalog = new Catalog(rows);
    const survey = catalog.get('SYN-000008');
    expect(catalog.get('SYN-000008')).toBe(survey);
    const [west, south, east, north] = rows.boxes.subarray(28, 32);
    expect(catalog.inBox(west, south, east, north)).toContain(survey);
  });

  it('orders its rows as the surveys compare', () => {
    const catalog = new Catalog(surveys);
    expect(Array.from(rows.newestFirst, (row) => surveys[row].id)).toEqual(catalog.list().map((s) => s.id));
    expect(Array.from(rows.updatedFirst, (row) => surveys[row].id)).toEqual(catalog.list('updated').map((s) => s.id));
  });

  it('shares no id with another block unnoticed', () => {
    expect(() => new Catalog([surveys[5]], rows)).toThrow('Duplicate survey id "SYN-000006"');
  });
});
