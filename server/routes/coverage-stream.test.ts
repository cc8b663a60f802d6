import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.ts';
import type { Survey } from '../catalog/survey.ts';
import { syntheticCatalog } from '../catalog/synthetic.ts';
import { legacyProfile, providerProfile, seedProfile, type Profile } from '../profiles/profile.ts';
import { square, testService, wktSquare, type TestService } from '../test/fixtures.ts';
import { ITEMS_PER_CHUNK } from './json-array-answer.ts';

// A 5° area over 40,000 synthetic surveys: several hundred found, several chunks.
const SURVEYS = syntheticCatalog(40_000);
const LARGE: [number, number, number, number] = [-100, 35, -95, 40];
const catalog = new Catalog(SURVEYS);

let seed: TestService;
let provider: TestService;
beforeAll(async () => {
  seed = await testService({}, SURVEYS);
  provider = await testService({ profile: 'provider' }, SURVEYS);
});

/** The answer as the route built it before it streamed: the whole list, serialised by Fastify with the schema. */
async function wholeBuilt(profile: Profile, surveys: readonly Survey[], baseUrl: string): Promise<string> {
  const app = Fastify();
  app.get('/whole', { schema: { response: { 200: profile.schemas.coverage } } }, async () =>
    profile.coverage([...surveys], { baseUrl }),
  );
  const answer = await app.inject({ method: 'GET', url: '/whole' });
  await app.close();
  return answer.body;
}

const cases = [
  { name: 'seed', prefix: '/tile/v2', profile: seedProfile, service: () => seed },
  { name: 'provider', prefix: '/tile/v2', profile: providerProfile, service: () => provider },
  { name: 'legacy (seed)', prefix: '/tile', profile: legacyProfile('seed'), service: () => seed },
  { name: 'legacy (provider)', prefix: '/tile', profile: legacyProfile('provider'), service: () => provider },
];

describe.each(cases)('coverage by area, $name profile', ({ prefix, profile, service }) => {
  it('streams a large answer as the very bytes of the whole-built one', async () => {
    const found = catalog.intersecting(square(...LARGE));
    expect(found.length).toBeGreaterThan(2 * ITEMS_PER_CHUNK);
    const answer = await service().get(`${prefix}/surveys/coverage?wkt=${encodeURIComponent(wktSquare(...LARGE))}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    // Streamed: no length known before the first byte.
    expect(answer.headers['content-length']).toBeUndefined();
    // The legacy alias's deprecation headers go out before the first chunk.
    if (prefix === '/tile') expect(answer.headers.deprecation).toMatch(/^@/);
    expect(answer.body).toBe(await wholeBuilt(profile, found, 'http://localhost:80'));
  });

  it('answers a small area whole, with its length', async () => {
    const area = [-100, 35, -99.8, 35.2] as const;
    const found = catalog.intersecting(square(...area));
    const answer = await service().get(`${prefix}/surveys/coverage?wkt=${encodeURIComponent(wktSquare(...area))}`);
    expect(answer.statusCode).toBe(200);
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    expect(answer.body).toBe(await wholeBuilt(profile, found, 'http://localhost:80'));
  });
});
