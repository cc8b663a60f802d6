import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticCatalog } from '../catalog/synthetic.ts';
import { expectEnvelope, wktSquare } from '../test/fixtures.ts';
import { referenceUpstream, testGateway, type TestGateway } from './test/upstreams.ts';

/** inject's default Host: the gateway's own origin as the browser would see it. */
const GATEWAY = 'http://localhost:80';
const DENVER = wktSquare(-104.99, 39.71, -104.97, 39.73);

/** Every string anywhere in a JSON document. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('forwarding to the reference service (seed profile)', () => {
  let upstream: Awaited<ReturnType<typeof referenceUpstream>>;
  let gateway: TestGateway;
  beforeAll(async () => {
    upstream = await referenceUpstream();
    gateway = await testGateway(upstream.url);
  });
  afterAll(() => upstream.close());

  it('forwards the survey list with the bearer header and rewrites links to its own origin', async () => {
    const direct = await upstream.get('/tile/v2/surveys?page=1&page_size=3', { host: new URL(upstream.url).host });
    const answer = await gateway.get('/tile/v2/surveys?page=1&page_size=3');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = answer.json();
    expect(body.results).toHaveLength(3);
    const hrefs = body.results.flatMap((s: { links: { href: string }[] }) => s.links.map((l) => l.href));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(`${GATEWAY}/tile/v2/`)).toBe(true);
    expect(answer.body).not.toContain(upstream.url);
    // Apart from the origin, the answer is the upstream's.
    expect(JSON.parse(direct.body.replaceAll(upstream.url, GATEWAY))).toEqual(body);

    const forwarded = upstream.resourceRequests().at(-1)!;
    expect(forwarded.url).toBe('/tile/v2/surveys?page=1&page_size=3');
    expect(forwarded.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(forwarded.headers.cookie).toBeUndefined();
  });

  it('rewrites static_url in tile metadata, honouring PUBLIC_URL when set', async () => {
    const path = `/tile/v2/2024Q2-CO-DEN/coverage?zoom=16&wkt=${encodeURIComponent(DENVER)}`;
    const items = (await gateway.get(path)).json() as { static_url: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(item.static_url).toMatch(new RegExp(`^${GATEWAY}/tile/v2/2024Q2-CO-DEN/16/\\d+/\\d+$`));
    const behindProxy = await testGateway(upstream.url, { PUBLIC_URL: 'https://viewer.example.org/' });
    const rewritten = (await behindProxy.get(path)).json() as { static_url: string }[];
    expect(rewritten[0].static_url.startsWith('https://viewer.example.org/tile/v2/2024Q2-CO-DEN/16/')).toBe(true);
  });

  it('streams tiles with their cache headers and passes If-None-Match through (304)', async () => {
    const direct = await upstream.get('/tile/v2/2024Q2-CO-DEN/16/13662/24876');
    const tile = await gateway.get('/tile/v2/2024Q2-CO-DEN/16/13662/24876');
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    expect(tile.headers.etag).toBe(direct.headers.etag);
    expect(tile.headers['cache-control']).toBe(direct.headers['cache-control']);
    expect(tile.rawPayload.equals(direct.rawPayload)).toBe(true);
    expect(Number(tile.headers['content-length'])).toBe(direct.rawPayload.length);

    const again = await gateway.get('/tile/v2/2024Q2-CO-DEN/16/13662/24876', {
      'if-none-match': String(tile.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(tile.headers.etag);
    expect(upstream.resourceRequests().at(-1)!.headers['if-none-match']).toBe(tile.headers.etag);

    const jpeg = await gateway.get('/tile/v2/2024Q2-CO-DEN/16/13662/24876.jpeg');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('passes footprints with ETag/304 and legacy routes with their deprecation headers', async () => {
    const footprint = await gateway.get('/tile/v2/2024Q2-CO-DEN/footprint');
    expect(footprint.json().footprint.type).toBe('Polygon');
    expect(
      (await gateway.get('/tile/v2/2024Q2-CO-DEN/footprint', { 'if-none-match': String(footprint.headers.etag) }))
        .statusCode,
    ).toBe(304);

    const legacy = await gateway.get('/tile/surveys?page_size=2');
    expect(legacy.statusCode).toBe(200);
    expect(legacy.headers.deprecation).toMatch(/^@\d+$/);
    expect(legacy.headers.sunset).toBeTruthy();
    expect(legacy.headers.link).toBe('</tile/v2/surveys>; rel="successor-version"');
    expect(legacy.headers.warning).toMatch(/^299 /);
    expect(legacy.json()[0].capture_date_start).toMatch(/ UTC$/);
  });

  it('passes coverage by area (large WKT in the query keeps its encoding)', async () => {
    const answer = await gateway.get(`/tile/v2/surveys/coverage?zoom=14&wkt=${encodeURIComponent(DENVER)}`);
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as { id: string }[]).map((s) => s.id)).toContain('2024Q2-CO-DEN');
    expect(upstream.resourceRequests().at(-1)!.url).toBe(
      `/tile/v2/surveys/coverage?zoom=14&wkt=${encodeURIComponent(DENVER)}`,
    );
  });

  it('answers upstream errors with its own envelope: the status, its message and correlation id', async () => {
    for (const [path, status] of [
      ['/tile/v2/NO-SUCH-SURVEY/footprint', 404],
      ['/tile/v2/2024Q2-CO-DEN/12/800/1500', 422],
      ['/tile/v2/surveys/coverage?zoom=15&wkt=POLYGON((1 2, 3', 400],
    ] as const) {
      const answer = await gateway.get(path);
      const body = expectEnvelope(answer, status, 'upstream_error');
      const upstreamId = upstream.resourceRequests().at(-1)!.id;
      // The gateway's own correlation id; the upstream's is named in the message, for whoever runs the upstream.
      expect(body['x-correlation-id']).not.toBe(upstreamId);
      expect(body.message).toBe(
        `The upstream service answered HTTP ${status} for ${path.split('?')[0]}. ` +
          `(upstream correlation id ${upstreamId})`,
      );
      // None of the upstream's words.
      const direct = (await upstream.get(path)).json() as { message: string };
      expect(answer.body).not.toContain(direct.message);
    }
  });

  it(
    "never forwards the browser's cookies, Authorization header or api_key, " + 'and sends no CORS headers back',
    async () => {
      const answer = await gateway.get('/tile/v2/surveys?api_key=stolen&page_size=1&API_KEY=x', {
        authorization: 'Bearer browser-token',
        origin: 'https://elsewhere.example',
      });
      expect(answer.statusCode).toBe(200);
      const forwarded = upstream.resourceRequests().at(-1)!;
      expect(forwarded.url).toBe('/tile/v2/surveys?page_size=1');
      expect(forwarded.headers.authorization).not.toContain('browser-token');
      expect(forwarded.headers.cookie).toBeUndefined();
      expect(forwarded.headers.origin).toBeUndefined();
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['content-security-policy']).toContain('sandbox');
    },
  );

  it('asks for one upstream token and keeps using it', async () => {
    const fresh = await testGateway(upstream.url);
    const before = upstream.tokenRequests();
    await Promise.all(
      ['/tile/v2/surveys', '/tile/v2/2024Q2-CO-DEN/footprint', '/tile/surveys'].map((path) => fresh.get(path)),
    );
    await fresh.get('/tile/v2/surveys?page=2');
    expect(upstream.tokenRequests() - before).toBe(1);
  });
});

describe('forwarding to the reference service (provider profile)', () => {
  let upstream: Awaited<ReturnType<typeof referenceUpstream>>;
  let gateway: TestGateway;
  beforeAll(async () => {
    upstream = await referenceUpstream({ profile: 'provider' });
    gateway = await testGateway(upstream.url);
  });
  afterAll(() => upstream.close());

  it(
    "passes the provider's shapes: WKT footprints, nested metadata with " + 'capture-specific URLs, rewritten',
    async () => {
      const page = (await gateway.get('/tile/v2/surveys?page_size=2')).json();
      expect(page).toMatchObject({ page: 1, page_size: 2, total_results: 4 });
      expect(page.results[0].cloud_cover).toBeUndefined();
      expect((await gateway.get('/tile/v2/2024Q2-CO-DEN/footprint')).json().footprint).toMatch(/^POLYGON/);

      const nested = (
        await gateway.get(`/tile/v2/2024Q2-CO-DEN/coverage?zoom=16&wkt=${encodeURIComponent(DENVER)}`)
      ).json() as { static_url: string; mosaic_stac_id: string }[][];
      expect(Array.isArray(nested[0])).toBe(true);
      const item = nested[0][0];
      expect(item.static_url).toBe(
        `${GATEWAY}/tile/v2/2024Q2-CO-DEN/${item.mosaic_stac_id}/${item.static_url.split('/').slice(-3).join('/')}`,
      );
      expect(strings(nested).some((s) => s.includes(upstream.url))).toBe(false);

      // The capture-specific tile URL works through the gateway as given.
      const tile = await gateway.get(new URL(item.static_url).pathname);
      expect(tile.statusCode).toBe(200);
      expect(tile.headers['content-type']).toBe('image/png');
    },
  );
});

describe('forwarding a streamed answer', () => {
  let upstream: Awaited<ReturnType<typeof referenceUpstream>>;
  let gateway: TestGateway;
  beforeAll(async () => {
    upstream = await referenceUpstream({}, syntheticCatalog(40_000));
    gateway = await testGateway(upstream.url);
  });
  afterAll(() => upstream.close());

  it('relays a large coverage answer, sent in chunks, whole and with its links rewritten', async () => {
    const path = `/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wktSquare(-100, 35, -95, 40))}`;
    const direct = await fetch(`${upstream.url}${path}`, {
      headers: { authorization: `Bearer ${await upstream.token()}` },
    });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('transfer-encoding')).toBe('chunked');
    const sent = await direct.text();
    expect(sent).toContain(upstream.url);
    const answer = await gateway.get(path);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain(upstream.url);
    expect(answer.json()).toEqual(JSON.parse(sent.replaceAll(upstream.url, GATEWAY)));
    expect(answer.json().length).toBeGreaterThan(500);
  });
});
