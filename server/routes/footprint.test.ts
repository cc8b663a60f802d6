import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'wellknown';
import { expectEnvelope, FIXTURE_SURVEYS, testService, type TestService } from '../test/fixtures.ts';
import { providerProfile, seedProfile } from '../profiles/profile.ts';
import { expectContract } from '../../core/test/contract.ts';

let seed: TestService;
let provider: TestService;
beforeAll(async () => {
  seed = await testService();
  provider = await testService({ profile: 'provider' });
});

describe('GET /tile/v2/{survey_id}/footprint', () => {
  it('returns the footprint as GeoJSON with the survey properties', async () => {
    const response = await seed.get('/tile/v2/2025-P01-CO-DEN/footprint');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectContract(seedProfile.schemas.footprint, body);
    expect(body.footprint).toEqual(FIXTURE_SURVEYS[2].footprint);
    expect(body).toMatchObject({
      survey_id: '2025-P01-CO-DEN',
      id: '2025-P01-CO-DEN',
      capture_date_start: '2025-01-05T17:00:00.000Z',
      capture_date_end: '2025-01-20T22:00:00.000Z',
      cloud_cover: 0,
      spectral_range: 'visible',
      spatial_resolution_class: '7.5cm',
    });
    expect(body.published_date).toBeTypeOf('string');
  });

  it('answers the provider profile with WKT', async () => {
    const body = (await provider.get('/tile/v2/2024Q2-CO-DEN/footprint')).json();
    expectContract(providerProfile.schemas.footprint, body);
    expect(body).toMatchObject({ survey_id: '2024Q2-CO-DEN', status: 200 });
    expect(body.footprint).toMatch(/^POLYGON \(\(/);
    expect(parse(body.footprint)).toEqual(FIXTURE_SURVEYS[0].footprint);
  });

  it('is cacheable: ETag, long max-age, 304 on If-None-Match', async () => {
    const first = await seed.get('/tile/v2/2024Q2-CO-DEN/footprint');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    const again = await seed.get('/tile/v2/2024Q2-CO-DEN/footprint', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await seed.get('/tile/v2/2024Q2-CO-DEN/footprint', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers an unknown id with a 404 envelope', async () => {
    const body = expectEnvelope(await seed.get('/tile/v2/2099Q1-XX-NOPE/footprint'), 404, 'survey_not_found');
    expect(body.message).toContain('2099Q1-XX-NOPE');
  });
});
