import { beforeAll, describe, expect, it } from 'vitest';
import { pointToTile } from '@mapbox/tilebelt';
import { expectEnvelope, testService, wktSquare, type TestService } from '../test/fixtures.ts';
import { legacyProfile } from '../profiles/profile.ts';
import { expectContract } from '../../core/test/contract.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await testService();
});

function expectDeprecated(headers: Record<string, unknown>, successor: string) {
  expect(headers.deprecation).toMatch(/^@\d+$/);
  expect(headers.sunset).toMatch(/GMT$/);
  expect(headers.link).toBe(`<${successor}>; rel="successor-version"`);
  expect(headers.warning).toMatch(/^299 - "Deprecated API/);
}

describe('legacy unversioned routes', () => {
  it('list all surveys in one array with WKT footprints, legacy timestamps and deprecation headers', async () => {
    const response = await svc.get('/tile/surveys?page_size=2');
    expect(response.statusCode).toBe(200);
    expectDeprecated(response.headers, '/tile/v2/surveys');
    expectContract(legacyProfile('seed').schemas.allSurveys, response.json());
    const all = response.json();
    const total = (await svc.get('/tile/v2/surveys')).json().total_results;
    expect(all).toHaveLength(total);
    expect(all[0].capture_date_start).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    expect(all[0].footprint).toMatch(/^(MULTI)?POLYGON /);
  });

  it('give footprints as WKT', async () => {
    const response = await svc.get('/tile/2022Q4-NV-LAS/footprint');
    expectDeprecated(response.headers, '/tile/v2/2022Q4-NV-LAS/footprint');
    expect(response.json().footprint).toMatch(/^POLYGON/);
    expectContract(legacyProfile('seed').schemas.footprint, response.json());
  });

  it('answer coverage, tile metadata and tiles', async () => {
    const area = encodeURIComponent(wktSquare(-115.16, 36.14, -115.14, 36.16));
    const coverage = await svc.get(`/tile/surveys/coverage?wkt=${area}`);
    expectDeprecated(coverage.headers, '/tile/v2/surveys/coverage');
    expectContract(legacyProfile('seed').schemas.coverage, coverage.json());
    expect(coverage.json()[0]).toMatchObject({ id: '2022Q4-NV-LAS', capture_date_end: '2022-11-02 18:30:00 UTC' });
    const tiles = await svc.get(`/tile/2022Q4-NV-LAS/coverage?zoom=15&wkt=${area}`);
    expectContract(legacyProfile('seed').schemas.tileMetadata, tiles.json());
    // Legacy static_url values name the capture, as the provider's do.
    expect(tiles.json()[0].static_url).toMatch(
      /\/tile\/2022Q4-NV-LAS\/\d{8}T\d{6}_\d{8}T\d{6}_\d{8}T\d{6}_[0-3]{14}\/15\/\d+\/\d+$/,
    );
    const byCapture = await svc.get(new URL(tiles.json()[0].static_url).pathname);
    expect(byCapture.statusCode).toBe(200);
    expectDeprecated(byCapture.headers, new URL(tiles.json()[0].static_url).pathname.replace('/tile/', '/tile/v2/'));
    const [x, y] = pointToTile(-115.15, 36.15, 16);
    const tile = await svc.get(`/tile/2022Q4-NV-LAS/16/${x}/${y}`);
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    expectDeprecated(tile.headers, `/tile/v2/2022Q4-NV-LAS/16/${x}/${y}`);
  });

  it('still require credentials and say they are deprecated', async () => {
    const response = await svc.inject({ method: 'GET', url: '/tile/surveys' });
    expectEnvelope(response, 401);
    expect(response.headers.deprecation).toBeDefined();
  });
});
