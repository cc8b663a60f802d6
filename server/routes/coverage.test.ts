import { beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, testService, wktSquare, type TestService } from '../test/fixtures.ts';
import { providerProfile, seedProfile } from '../profiles/profile.ts';
import { expectContract } from '../../core/test/contract.ts';

let seed: TestService;
let provider: TestService;
beforeAll(async () => {
  seed = await testService();
  provider = await testService({ profile: 'provider' });
});

const ids = async (svc: TestService, wkt: string, extra = '') => {
  const response = await svc.get(`/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wkt)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: string }[]).map((s) => s.id);
};

describe('GET /tile/v2/surveys/coverage', () => {
  it('finds surveys whose footprint really intersects the area, newest first', async () => {
    expect(await ids(seed, wktSquare(-104.99, 39.71, -104.97, 39.73))).toEqual(['2024Q2-CO-DEN', '2023Q3-CO-DEN']);
  });

  it('ignores a survey whose bounding box meets the area but whose footprint does not (L-shape notch)', async () => {
    expect(await ids(seed, wktSquare(-104.91, 39.78, -104.905, 39.79))).toEqual([]);
  });

  it('counts a shared edge as intersecting', async () => {
    expect(await ids(seed, wktSquare(-115.25, 36.12, -115.2, 36.15))).toEqual(['2022Q4-NV-LAS']);
  });

  it('finds a footprint that lies wholly inside the area, and an area wholly inside a footprint', async () => {
    expect(await ids(seed, wktSquare(-115.5, 35.9, -114.9, 36.4))).toEqual(['2022Q4-NV-LAS']);
    expect(await ids(seed, wktSquare(-115.16, 36.14, -115.15, 36.15))).toEqual(['2022Q4-NV-LAS']);
  });

  it('matches either part of a multipolygon, and a multipolygon area', async () => {
    expect(await ids(seed, wktSquare(-104.84, 39.86, -104.83, 39.87))).toEqual(['2025-P01-CO-DEN']);
    const multi =
      'MULTIPOLYGON(((-115.16 36.14, -115.15 36.14, -115.15 36.15, -115.16 36.14)), ((-104.84 39.86, -104.83 ' +
      '39.86, -104.83 39.87, -104.84 39.86)))';
    expect(await ids(seed, multi)).toEqual(['2025-P01-CO-DEN', '2022Q4-NV-LAS']);
  });

  it('leaves out disjoint surveys', async () => {
    expect(await ids(seed, wktSquare(-90, 30, -89.9, 30.1))).toEqual([]);
  });

  it('filters on capture dates with observed_start and observed_end', async () => {
    const area = wktSquare(-105.2, 39.5, -104.7, 40);
    expect(await ids(seed, area)).toEqual(['2025-P01-CO-DEN', '2024Q2-CO-DEN', '2023Q3-CO-DEN']);
    expect(await ids(seed, area, '&observed_start=2024-01-01')).toEqual(['2025-P01-CO-DEN', '2024Q2-CO-DEN']);
    expect(await ids(seed, area, '&observed_end=2024-06-01')).toEqual(['2024Q2-CO-DEN', '2023Q3-CO-DEN']);
    expect(await ids(seed, area, '&observed_start=2024-06-02&observed_end=2024-06-02')).toEqual(['2024Q2-CO-DEN']);
  });

  it('returns metadata and GeoJSON footprints (seed) or WKT footprints (provider)', async () => {
    const area = encodeURIComponent(wktSquare(-115.16, 36.14, -115.15, 36.15));
    const seedAnswer = (await seed.get(`/tile/v2/surveys/coverage?wkt=${area}&zoom=16`)).json();
    expectContract(seedProfile.schemas.coverage, seedAnswer);
    const [s] = seedAnswer;
    expect(s).toMatchObject({
      id: '2022Q4-NV-LAS',
      capture_date_start: '2022-11-01T18:00:00.000Z',
      cloud_cover: 5,
      spectral_range: 'visible',
    });
    expect(s.footprint.type).toBe('Polygon');
    const providerAnswer = (await provider.get(`/tile/v2/surveys/coverage?wkt=${area}`)).json();
    expectContract(providerProfile.schemas.coverage, providerAnswer);
    const [p] = providerAnswer;
    expect(p.footprint).toMatch(/^POLYGON/);
    expect(p.cloud_cover).toBeUndefined();
  });

  it.each([
    ['no wkt', '', 400, 'invalid_parameter'],
    ['malformed WKT', 'wkt=POLYGON((1 2, 3', 400, 'invalid_wkt'],
    ['a point', 'wkt=POINT(1 2)', 400, 'invalid_geometry'],
    ['an unclosed ring', `wkt=${encodeURIComponent('POLYGON((0 0, 1 0, 1 1, 0 1))')}`, 400, 'invalid_geometry'],
    ['lat/lon out of range', `wkt=${encodeURIComponent(wktSquare(100, 95, 101, 96))}`, 400, 'invalid_geometry'],
    ['an area over 696,000 km²', `wkt=${encodeURIComponent(wktSquare(-110, 30, -95, 45))}`, 422, 'area_too_large'],
    ['zoom 13', `wkt=${encodeURIComponent(wktSquare(0, 0, 0.1, 0.1))}&zoom=13`, 422, 'zoom_out_of_range'],
    ['zoom 22', `wkt=${encodeURIComponent(wktSquare(0, 0, 0.1, 0.1))}&zoom=22`, 422, 'zoom_out_of_range'],
    ['a non-integer zoom', `wkt=${encodeURIComponent(wktSquare(0, 0, 0.1, 0.1))}&zoom=high`, 400, 'invalid_parameter'],
    [
      'a malformed date',
      `wkt=${encodeURIComponent(wktSquare(0, 0, 0.1, 0.1))}&observed_start=2024-13-01`,
      400,
      'bad_request',
    ],
    [
      'a date range backwards',
      `wkt=${encodeURIComponent(wktSquare(0, 0, 0.1, 0.1))}&observed_start=2024-02-01&observed_end=2024-01-01`,
      400,
      'bad_request',
    ],
  ])('answers %s with a clear 4xx envelope', async (_name, query, status, code) => {
    const body = expectEnvelope(await seed.get(`/tile/v2/surveys/coverage?${query}`), status, code);
    expect(body.message.length).toBeGreaterThan(10);
  });
});
