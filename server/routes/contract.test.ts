import { pointToTile } from '@mapbox/tilebelt';
import type { TSchema } from '@sinclair/typebox';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessToken, StaticKey } from '../auth/credentials.ts';
import { Catalog } from '../catalog/catalog.ts';
import type { Survey } from '../catalog/survey.ts';
import { ErrorEnvelope } from '../errors.ts';
import { legacyProfile, providerProfile, seedProfile, type Profile } from '../profiles/profile.ts';
import { contractProblems, expectContract } from '../../core/test/contract.ts';
import { expectEnvelope, FIXTURE_SURVEYS, testService, wktSquare, type TestService } from '../test/fixtures.ts';

/**
 * The wire contract: every answer of every route, in every profile, is what its response schema says,
 * and the schema drops nothing the profile produces (the serialiser writes only what the schema names).
 */

const BASE = 'http://localhost:80';
/** A GeoJSON footprint with a foreign member, which must reach the client as the catalog has it. */
const withBbox: Survey = {
  ...FIXTURE_SURVEYS[3],
  id: '2022Q4-NV-BOX',
  footprint: { ...FIXTURE_SURVEYS[3].footprint, bbox: [-115.2, 36.1, -115.1, 36.2] },
};
const SURVEYS = [...FIXTURE_SURVEYS, withBbox];
const catalog = new Catalog(SURVEYS);
const DENVER = wktSquare(-105.2, 39.5, -104.7, 40);
const VEGAS = wktSquare(-115.16, 36.14, -115.14, 36.16);
const [vx, vy] = pointToTile(-115.15, 36.15, 16);

/** What JSON.stringify (no schema) would have sent. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

interface Case {
  name: string;
  prefix: string;
  profile: Profile;
  service: () => TestService;
}

let seed: TestService;
let provider: TestService;
beforeAll(async () => {
  seed = await testService({}, SURVEYS);
  provider = await testService({ profile: 'provider' }, SURVEYS);
});

const cases: Case[] = [
  { name: 'seed', prefix: '/tile/v2', profile: seedProfile, service: () => seed },
  { name: 'provider', prefix: '/tile/v2', profile: providerProfile, service: () => provider },
  { name: 'legacy (seed)', prefix: '/tile', profile: legacyProfile('seed'), service: () => seed },
  { name: 'legacy (provider)', prefix: '/tile', profile: legacyProfile('provider'), service: () => provider },
];

describe.each(cases)('the $name profile', ({ prefix, profile, service }) => {
  const { schemas } = profile;
  const ctx = { baseUrl: BASE };

  it('produces nothing its schemas would drop (every function, every fixture survey)', () => {
    const tile = { x: vx, y: vy, z: 16, extent: [-115.15, 36.14, -115.14, 36.15] as [number, number, number, number] };
    for (const survey of SURVEYS) {
      expectContract(schemas.footprint, profile.footprint(survey, ctx));
      expectContract(schemas.tileItems, profile.tileItems([survey], { ...tile, percentCovered: 37 }, ctx));
      expectContract(schemas.tileMetadata, profile.tileMetadata(survey, [{ ...tile, percentCovered: 100 }], ctx));
    }
    expectContract(schemas.surveyPage, profile.surveyPage({ ...catalog.page(1, 10), page: 1, pageSize: 10 }, ctx));
    expectContract(schemas.coverage, profile.coverage(SURVEYS, ctx));
    expectContract(schemas.allSurveys, profile.allSurveys(SURVEYS, ctx));
    const updated = SURVEYS.map((survey) => ({ tile: { ...tile, percentCovered: 40 }, captures: [survey] }));
    expectContract(schemas.mosaicUpdates, profile.mosaicUpdates(updated, ctx, true));
    expectContract(schemas.mosaicUpdates, profile.mosaicUpdates(updated, ctx, false));
  });

  it('serialises with Fastify exactly what JSON.stringify would', async () => {
    const app = Fastify();
    const answers: [TSchema, unknown][] = [
      [schemas.surveyPage, profile.surveyPage({ ...catalog.page(1, 10), page: 1, pageSize: 10 }, ctx)],
      [schemas.coverage, profile.coverage(SURVEYS, ctx)],
      ...SURVEYS.map((s): [TSchema, unknown] => [schemas.footprint, profile.footprint(s, ctx)]),
      [
        schemas.tileMetadata,
        profile.tileMetadata(SURVEYS[0], [{ x: 1, y: 2, z: 16, extent: [1, 2, 3, 4], percentCovered: 5 }], ctx),
      ],
    ];
    answers.forEach(([schema, value], i) => {
      app.get(`/${i}`, { schema: { response: { 200: schema } } }, async () => value);
    });
    for (const [i, [, value]] of answers.entries()) {
      const answer = await app.inject({ method: 'GET', url: `/${i}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(plain(value));
    }
  });

  it('answers the survey list as its schema says, and in full', async () => {
    if (prefix === '/tile') {
      // The provider's legacy list: every survey with its WKT footprint, in one array, paging ignored.
      const answer = await service().get(`${prefix}/surveys?page=1&page_size=3`);
      expect(answer.statusCode).toBe(200);
      expectContract(schemas.allSurveys, answer.json());
      expect(answer.json()).toEqual(plain(profile.allSurveys(catalog.list(profile.listOrder), ctx)));
      expect(answer.json()).toHaveLength(SURVEYS.length);
      return;
    }
    const answer = await service().get(`${prefix}/surveys?page=1&page_size=3`);
    expect(answer.statusCode).toBe(200);
    expectContract(schemas.surveyPage, answer.json());
    const page = catalog.page(1, 3, profile.listOrder);
    expect(answer.json()).toEqual(plain(profile.surveyPage({ ...page, page: 1, pageSize: 3 }, ctx)));
  });

  it('answers footprints as their schema says, and in full (a foreign GeoJSON member included)', async () => {
    for (const survey of SURVEYS) {
      const answer = await service().get(`${prefix}/${survey.id}/footprint`);
      expectContract(schemas.footprint, answer.json());
      expect(answer.json()).toEqual(plain(profile.footprint(survey, ctx)));
    }
    if (profile.name === 'seed')
      expect((await service().get(`${prefix}/2022Q4-NV-BOX/footprint`)).json().footprint.bbox).toHaveLength(4);
  });

  it('answers coverage by area as its schema says, and in full', async () => {
    const answer = await service().get(`${prefix}/surveys/coverage?wkt=${encodeURIComponent(DENVER)}`);
    expectContract(schemas.coverage, answer.json());
    const found = ['2025-P01-CO-DEN', '2024Q2-CO-DEN', '2023Q3-CO-DEN'].map((id) => catalog.get(id)!);
    expect(answer.json()).toEqual(plain(profile.coverage(found, ctx)));
  });

  it('answers tile metadata and a tile’s ?metadata=true as their schemas say, and alike', async () => {
    const answer = await service().get(`${prefix}/2022Q4-NV-LAS/coverage?zoom=16&wkt=${encodeURIComponent(VEGAS)}`);
    expectContract(schemas.tileMetadata, answer.json());
    const items = (answer.json() as unknown[]).flat() as { static_url: string; percent_covered: number }[];
    expect(items.length).toBeGreaterThan(4);
    const one = items.find((item) => item.static_url.endsWith(`/16/${vx}/${vy}`))!;
    const metadata = await service().get(`${prefix}/2022Q4-NV-LAS/16/${vx}/${vy}?metadata=true`);
    expectContract(schemas.tileItems, metadata.json());
    expect(metadata.json()).toEqual([one]);
    const image = await service().get(`${prefix}/2022Q4-NV-LAS/16/${vx}/${vy}`);
    expect(image.headers['content-type']).toBe('image/png');
    if (prefix === '/tile/v2') {
      const [item] = metadata.json() as { mosaic_stac_id: string }[];
      const capture = `${prefix}/2022Q4-NV-LAS/${item.mosaic_stac_id}/16/${vx}/${vy}`;
      expect((await service().get(`${capture}?metadata=true`)).json()).toEqual(metadata.json());
      expect((await service().get(capture)).rawPayload.equals(image.rawPayload)).toBe(true);
    }
  });

  it('answers every refusal with the error envelope of the schema', async () => {
    const refusals = [
      [prefix === '/tile' ? '/tile/v2/surveys?page=0' : `${prefix}/surveys?page=0`, 400],
      [`${prefix}/2022Q4-NV-LAS/mosaic_updates?since=yesterday`, 400],
      [`${prefix}/2022Q4-NV-LAS/mosaic_updates?zoom=13`, 422],
      [`${prefix}/NOPE/mosaic_updates`, 404],
      [`${prefix}/surveys/coverage?wkt=POLYGON((1`, 400],
      [`${prefix}/surveys/coverage?zoom=3&wkt=${encodeURIComponent(VEGAS)}`, 422],
      [`${prefix}/NOPE/footprint`, 404],
      [`${prefix}/2022Q4-NV-LAS/coverage?zoom=21&wkt=${encodeURIComponent(VEGAS)}`, 422],
      [`${prefix}/2022Q4-NV-LAS/16/0/0`, 404],
      [`${prefix}/2022Q4-NV-LAS/16/x/0`, 400],
    ] as const;
    for (const [url, status] of refusals) {
      const answer = await service().get(url);
      expectEnvelope(answer, status);
      expect(contractProblems(ErrorEnvelope, answer.json()), url).toEqual([]);
    }
    const unauthenticated = await service().inject({ method: 'GET', url: `${prefix}/surveys` });
    expectEnvelope(unauthenticated, 401);
    expectContract(ErrorEnvelope, unauthenticated.json());
  });
});

describe('the credential endpoints', () => {
  it('answer as their schemas say', async () => {
    const client = { client_id: seed.config.clientId, client_secret: seed.config.clientSecret };
    const token = await seed.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { ...client, audience: seed.config.audience, grant_type: 'client_credentials' },
    });
    expectContract(AccessToken, token.json());
    const key = await seed.inject({ method: 'POST', url: '/oauth/static_key', payload: client });
    expectContract(StaticKey, key.json());
    const refused = await seed.inject({ method: 'POST', url: '/oauth/static_key', payload: { client_id: 'x' } });
    expectEnvelope(refused, 400);
    expectContract(ErrorEnvelope, refused.json());
  });
});
