import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { Catalog } from '../catalog/catalog.ts';
import { LiveCatalog } from '../catalog/live-catalog.ts';
import { type AreaGeometry, extentOf } from '../../core/geo/geometry.ts';
import type { Survey } from '../catalog/survey.ts';
import { configFromEnv, type ServiceConfig } from '../config.ts';
import { proceduralTiles } from '../imagery/source.ts';

export const SIGNING_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

export const square = (w: number, s: number, e: number, n: number): AreaGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});

export const wktSquare = (w: number, s: number, e: number, n: number) =>
  `POLYGON((${w} ${s}, ${e} ${s}, ${e} ${n}, ${w} ${n}, ${w} ${s}))`;

function survey(id: string, start: string, end: string, footprint: AreaGeometry, cloudCover = 10): Survey {
  return {
    id,
    captureStart: start,
    captureEnd: end,
    publishedDate: end.replace(/T.*/, 'T20:00:00.000Z'),
    lastUpdated: end.replace(/T.*/, 'T21:00:00.000Z'),
    cloudCover,
    spectralRange: 'visible',
    resolutionClass: '7.5cm',
    footprint,
    bbox: extentOf(footprint),
    seed: id.length * 7919,
  };
}

/** Denver: an L-shaped survey, a square, a two-part multipolygon, and one far away (Las Vegas). */
export const FIXTURE_SURVEYS: Survey[] = [
  survey('2024Q2-CO-DEN', '2024-06-01T16:00:00.000Z', '2024-06-03T19:00:00.000Z', {
    type: 'Polygon',
    coordinates: [
      [
        [-105.0, 39.7],
        [-104.9, 39.7],
        [-104.9, 39.74],
        [-104.96, 39.74],
        [-104.96, 39.8],
        [-105.0, 39.8],
        [-105.0, 39.7],
      ],
    ],
  }),
  survey(
    '2023Q3-CO-DEN',
    '2023-08-10T15:00:00.000Z',
    '2023-08-10T21:00:00.000Z',
    square(-105.02, 39.68, -104.92, 39.78),
    25,
  ),
  survey(
    '2025-P01-CO-DEN',
    '2025-01-05T17:00:00.000Z',
    '2025-01-20T22:00:00.000Z',
    {
      type: 'MultiPolygon',
      coordinates: [
        square(-105.1, 39.6, -105.05, 39.65).coordinates as number[][][],
        square(-104.85, 39.85, -104.8, 39.9).coordinates as number[][][],
      ],
    },
    0,
  ),
  survey(
    '2022Q4-NV-LAS',
    '2022-11-01T18:00:00.000Z',
    '2022-11-02T18:30:00.000Z',
    square(-115.2, 36.1, -115.1, 36.2),
    5,
  ),
];

/** A survey across the antimeridian: two polygons, one ending at 180°, one starting at −180° (Fiji). */
export const ANTIMERIDIAN_SURVEY = survey('ANTIMERIDIAN', '2025-02-01T10:00:00.000Z', '2025-02-02T10:00:00.000Z', {
  type: 'MultiPolygon',
  coordinates: [
    square(178, -19, 180, -16).coordinates as number[][][],
    square(-180, -19, -178, -16).coordinates as number[][][],
  ],
});

/** A token from the service's own token endpoint, for its configured client. */
export async function issueToken(app: FastifyInstance, config: ServiceConfig = configFromEnv({})): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      client_id: config.clientId,
      client_secret: config.clientSecret,
      audience: config.audience,
      grant_type: 'client_credentials',
    },
  });
  return response.json().access_token as string;
}

export interface TestService {
  app: FastifyInstance;
  config: ServiceConfig;
  token(): Promise<string>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function testService(
  overrides: Partial<ServiceConfig> = {},
  surveys: Survey[] | LiveCatalog = FIXTURE_SURVEYS,
  trustProxy = false,
): Promise<TestService> {
  const config = configFromEnv({}, { signingKeyPem: SIGNING_KEY, ...overrides });
  const catalog = surveys instanceof LiveCatalog ? surveys : new Catalog(surveys);
  const app = await buildApp({ config, catalog, tiles: proceduralTiles(), trustProxy });
  let cached: string | undefined;
  const token = async () => {
    cached ??= await issueToken(app, config);
    return cached;
  };
  return {
    app,
    config,
    token,
    inject: (options) => app.inject(options),
    get: async (url, headers = {}) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await token()}`, ...headers } }),
  };
}

/** The error envelope every 4xx/5xx carries. */
export function expectEnvelope(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code?: string,
) {
  const body = response.json() as Record<string, unknown>;
  const problems: string[] = [];
  if (response.statusCode !== status)
    problems.push(`status ${response.statusCode} != ${status}: ${JSON.stringify(body)}`);
  if (body.status_code !== status) problems.push('status_code');
  if (typeof body.message !== 'string' || body.message.length === 0) problems.push('message');
  if (code !== undefined && body.error !== code) problems.push(`error ${String(body.error)} != ${code}`);
  if (typeof body['x-correlation-id'] !== 'string' || body['x-correlation-id'] !== response.headers['x-correlation-id'])
    problems.push('correlation id');
  if (problems.length) throw new Error(`Bad error envelope: ${problems.join(', ')}`);
  return body as { error: string; message: string; status_code: number; 'x-correlation-id': string };
}
