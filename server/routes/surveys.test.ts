import { beforeAll, describe, expect, it } from 'vitest';
import { extentOf } from '../../core/geo/geometry.ts';
import type { Survey } from '../catalog/survey.ts';
import { expectEnvelope, square, testService, type TestService } from '../test/fixtures.ts';
import { providerProfile, seedProfile } from '../profiles/profile.ts';
import { expectContract } from '../../core/test/contract.ts';

/** 60 surveys, one a day, so ordering and paging are easy to check. */
const many: Survey[] = Array.from({ length: 60 }, (_, i) => {
  const day = new Date(Date.UTC(2024, 0, 1 + i)).toISOString();
  const footprint = square(-100 + i * 0.01, 40, -99.995 + i * 0.01, 40.005);
  return {
    id: `2024Q1-KS-S${String(i).padStart(3, '0')}`,
    captureStart: day,
    captureEnd: day,
    publishedDate: day,
    lastUpdated: day,
    cloudCover: i % 40,
    spectralRange: 'visible',
    resolutionClass: '7.5cm',
    footprint,
    bbox: extentOf(footprint),
    seed: i,
  };
});

let seed: TestService;
let provider: TestService;
beforeAll(async () => {
  seed = await testService({}, many);
  provider = await testService({ profile: 'provider' }, many);
});

describe('GET /tile/v2/surveys', () => {
  it('defaults to page 1 of 25, newest first, with paging controls', async () => {
    const response = await seed.get('/tile/v2/surveys');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectContract(seedProfile.schemas.surveyPage, body);
    expect(body).toMatchObject({ page: 1, page_size: 25, has_next: true, total_pages: 3, total_results: 60 });
    expect(body.results).toHaveLength(25);
    const ends = body.results.map((s: { capture_date_end: string }) => s.capture_date_end);
    expect(ends).toEqual([...ends].sort().reverse());
    expect(body.results[0].id).toBe('2024Q1-KS-S059');
  });

  it('gives each survey the seed fields, with cloud cover and links', async () => {
    const first = (await seed.get('/tile/v2/surveys?page_size=1')).json().results[0];
    expect(Object.keys(first).sort()).toEqual([
      'capture_date_end',
      'capture_date_start',
      'cloud_cover',
      'id',
      'last_updated',
      'links',
      'spectral_range',
    ]);
    expect(first.capture_date_start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(first.links.map((l: { rel: string }) => l.rel)).toEqual(['footprint', 'coverage', 'tiles']);
    expect(first.links[0].href).toBe(`http://localhost:80/tile/v2/${first.id}/footprint`);
  });

  it('pages to the end and past it', async () => {
    const last = (await seed.get('/tile/v2/surveys?page=3')).json();
    expect(last.results).toHaveLength(10);
    expect(last.has_next).toBe(false);
    const past = (await seed.get('/tile/v2/surveys?page=4')).json();
    expect(past).toMatchObject({ results: [], has_next: false, page: 4, total_results: 60 });
    const exact = (await seed.get('/tile/v2/surveys?page=2&page_size=30')).json();
    expect(exact.has_next).toBe(false);
    expect(exact.results).toHaveLength(30);
  });

  it('walks the whole catalog once across pages', async () => {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const body = (await seed.get(`/tile/v2/surveys?page=${page}&page_size=7`)).json();
      ids.push(...body.results.map((s: { id: string }) => s.id));
      if (!body.has_next) break;
    }
    expect(new Set(ids).size).toBe(60);
  });

  it.each([
    'page=0',
    'page=-1',
    'page=abc',
    'page=1.5',
    'page=Infinity',
    'page=1e400',
    'page=NaN',
    'page_size=0',
    'page_size=x',
    'page_size=-Infinity',
  ])('refuses %s with a 400 envelope', async (query) => {
    const body = expectEnvelope(await seed.get(`/tile/v2/surveys?${query}`), 400, 'invalid_parameter');
    expect(body.message).toMatch(/page/);
  });

  it('answers in the provider profile without cloud cover or links', async () => {
    const body = (await provider.get('/tile/v2/surveys?page_size=2')).json();
    expectContract(providerProfile.schemas.surveyPage, body);
    expect(Object.keys(body.results[0]).sort()).toEqual([
      'capture_date_end',
      'capture_date_start',
      'id',
      'last_updated',
      'spectral_range',
    ]);
    expect(body).toMatchObject({ page: 1, page_size: 2, total_pages: 30, total_results: 60, has_next: true });
  });
});
