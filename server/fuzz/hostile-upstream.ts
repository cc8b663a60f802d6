import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PNG } from 'pngjs';
import { ENCODINGS, TOKEN } from '../gateway/test/token-encodings.ts';
import { stubUpstream } from '../gateway/test/upstreams.ts';
import { mulberry32 } from '../procedural/noise.ts';

/**
 * An upstream that attacks the gateway with every answer (issue 45): each request gets an answer drawn from its path
 * and query (the same request, the same answer, so a fuzzing run replays) — any status, any content type, bodies of
 * any size that are the interface's JSON, error envelopes, text, images or bytes, and the token it handed out (or the
 * client secret it was sent) echoed in bodies and headers in every encoding of test/token-encodings.ts. Only the
 * catalog list the gateway reads for tile keys is always a list (with ids and fields that carry the token), so that
 * keys can be made.
 */

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const STATUSES = [200, 200, 200, 200, 200, 200, 201, 204, 206, 301, 302, 304, 400, 401, 403, 404, 422, 429, 500, 503];
const TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/json',
  'application/geo+json',
  'application/problem+json',
  'text/plain',
  'text/html',
  'application/octet-stream',
  'image/png',
  'image/jpeg',
  'image/webp',
  'IMAGE/PNG; q=1',
  null,
] as const;
const ENCODING_NAMES = Object.keys(ENCODINGS);
const KNOWN_IDS = ['2024Q2-CO-DEN', '2023Q3-CO-DEN', 'S'];
const TIME = '2024-06-01T16:00:00Z';
const FOOTPRINT = {
  type: 'Polygon',
  coordinates: [
    [
      [-105, 39.7],
      [-104.9, 39.7],
      [-104.9, 39.8],
      [-105, 39.7],
    ],
  ],
};

/** What the upstream plants: an encoding of the Authorization header it got, or of the client secret. */
function planted(random: Random, authorization: string, secret: string): string {
  return ENCODINGS[pick(random, ENCODING_NAMES)](random() < 0.85 ? authorization : secret);
}

/** A record of the interface with the token planted in a known field, an unknown one, a key, or nowhere. */
function record(random: Random, fields: Record<string, unknown>, said: () => string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  const where = random();
  const names = Object.keys(fields);
  if (where < 0.3) out[pick(random, names)] = said();
  else if (where < 0.5) out.debug = { headers: { authorization: said() } };
  else if (where < 0.6) out[said().slice(0, 64)] = 1;
  return out;
}

function survey(random: Random, said: () => string, id = pick(random, KNOWN_IDS)) {
  return record(
    random,
    {
      id,
      capture_date_start: TIME,
      capture_date_end: TIME,
      last_updated: TIME,
      spectral_range: 'RGB',
      footprint: FOOTPRINT,
    },
    said,
  );
}

function tileItem(random: Random, said: () => string, base: string) {
  return record(
    random,
    {
      static_url: `${base}/tile/v2/S/16/13662/24876`,
      geospatial_extent: [-105, 39.7, -104.9, 39.8],
      file_format: 'png',
      percent_covered: 100,
      z: 16,
      x: 13662,
      y: 24876,
    },
    said,
  );
}

/** A PNG with the token in a text chunk, after its end, or not at all. */
function png(random: Random, said: () => string): Buffer {
  const image = PNG.sync.write(new PNG({ width: 2, height: 2 }));
  const where = random();
  if (where < 0.4) return image;
  const text = Buffer.from(`Comment\0${said()}`, 'latin1');
  if (where < 0.7) return Buffer.concat([image, text]);
  const chunk = Buffer.concat([Buffer.alloc(4), Buffer.from('tEXt'), text, Buffer.alloc(4)]);
  chunk.writeUInt32BE(text.length, 0);
  return Buffer.concat([image.subarray(0, 33), chunk, image.subarray(33)]);
}

/** A body of the kind `shape` names, `count` items where it is a list. */
function body(random: Random, shape: string, count: number, said: () => string, base: string): string | Buffer {
  const surveys = () => Array.from({ length: count }, () => survey(random, said));
  switch (shape) {
    case 'page':
      return JSON.stringify({ results: surveys(), page: 1, page_size: count, has_next: false, note: said() });
    case 'surveys':
      return JSON.stringify(surveys());
    case 'footprint':
      return JSON.stringify(record(random, { survey_id: 'S', footprint: FOOTPRINT, status: 200 }, said));
    case 'tiles':
      return JSON.stringify(Array.from({ length: count }, () => tileItem(random, said, base)));
    case 'nested':
      return JSON.stringify(Array.from({ length: count }, () => [tileItem(random, said, base)]));
    case 'envelope':
      return JSON.stringify({ error: said().slice(0, 40), message: `rejected ${said()}`, status_code: 400 });
    case 'png':
      return png(random, said);
    case 'jpeg':
      return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(said(), 'latin1')]);
    case 'webp':
      return Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), Buffer.from(said(), 'latin1')]);
    case 'bytes':
      return Buffer.concat([createHash('sha512').update(said()).digest(), Buffer.from(said(), 'latin1')]);
    default:
      return `error: ${said()}\n`.repeat(count);
  }
}

const SHAPES = ['page', 'surveys', 'footprint', 'tiles', 'nested', 'envelope', 'png', 'jpeg', 'webp', 'bytes', 'text'];

/** The shape the interface answers the path with (the plausible answer a hostile upstream dresses up). */
function routeShape(path: string): string {
  if (/\/surveys$/.test(path)) return path.startsWith('/tile/v2/') ? 'page' : 'surveys';
  if (/\/surveys\/coverage$/.test(path)) return 'surveys';
  if (/\/footprint$/.test(path)) return 'footprint';
  if (/\/coverage$/.test(path)) return 'tiles';
  if (/\/mosaic_updates$/.test(path)) return 'nested';
  return 'png';
}

function answer(request: FastifyRequest, reply: FastifyReply, secret: () => string) {
  const url = request.url;
  const random = mulberry32(createHash('sha256').update(url).digest().readUInt32LE(0));
  for (let i = 0; i < 4; i++) random();
  const authorization = String(request.headers.authorization ?? '');
  const said = () => planted(random, authorization, secret());
  const base = `http://${request.headers.host}`;
  const path = url.split('?', 1)[0];
  // The catalog list the gateway reads for tile keys: a list, whose ids include the token where an id may.
  if (/[?&]page_size=500\b/.test(url)) {
    // As much of it as an id may hold (128 characters of the id rule's).
    const ids = [...KNOWN_IDS, ...['noBearerWord', 'base64url', 'upperCase'].map((e) => ENCODINGS[e](authorization))];
    ids.push(...ids.splice(KNOWN_IDS.length).map((id) => id.slice(0, 128)));
    const results = ids.map((id) => ({ id, capture_date_start: TIME, capture_date_end: TIME, debug: said() }));
    return reply.send({ results, has_next: false, hint: said() });
  }
  // Half the answers are what the route answers (a 200 of its shape and type, dressed with the token); half anything.
  const plausible = random() < 0.5;
  const status = plausible ? 200 : pick(random, STATUSES);
  const count = pick(random, [0, 1, 3, 20, 200, random() < 0.1 ? 5_000 : 50]);
  const shape = plausible ? routeShape(path) : pick(random, SHAPES);
  const image = shape === 'png' || shape === 'jpeg' || shape === 'webp';
  const type = image ? `image/${shape}` : plausible ? 'application/json' : pick(random, TYPES);
  let payload = body(random, shape, count, said, base);
  const headers: Record<string, string> = {};
  for (const name of ['x-correlation-id', 'etag', 'link', 'warning', 'cache-control', 'set-cookie', 'retry-after'])
    if (random() < 0.3)
      headers[name] = said()
        .replace(/[\r\n]/g, '')
        .slice(0, 300);
  if (random() < 0.2) headers.link = `<${base}/tile/v2/S/footprint?t=${encodeURIComponent(said())}>; rel="successor"`;
  if (status >= 300 && status < 400)
    headers.location = pick(random, [
      `/tile/v2/S/footprint?t=${said()}`,
      `${base}/x#${said()}`,
      '/tile/v2/S/footprint',
    ]);
  if (random() < 0.15) {
    payload = gzipSync(payload);
    headers['content-encoding'] = 'gzip';
  }
  if (type === null) {
    reply.hijack();
    const safe = Object.fromEntries(Object.entries(headers).filter(([, v]) => /^[\x20-\x7e]*$/.test(v)));
    reply.raw.writeHead(status, safe).end(payload);
    return reply;
  }
  for (const [name, value] of Object.entries(headers)) if (/^[\x20-\x7e]*$/.test(value)) reply.header(name, value);
  return reply.status(status).type(type).send(payload);
}

/** The hostile upstream, listening on loopback; it hands out TOKEN and echoes what it is sent. */
export async function hostileUpstream() {
  let secret = '';
  return stubUpstream((app) => {
    app.post('/oauth/token', async (request) => {
      secret = String((request.body as { client_secret?: unknown }).client_secret ?? '');
      return { access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' };
    });
    app.get('/*', async (request, reply) => answer(request, reply, () => secret));
  });
}
