import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'wellknown';
import type { Polygon } from 'geojson';
import { tilesCovering } from '../../core/geo/covered-tiles.ts';
import { expectEnvelope, testService, wktSquare, type TestService } from '../test/fixtures.ts';
import { providerProfile, seedProfile } from '../profiles/profile.ts';
import { expectContract } from '../../core/test/contract.ts';

let seed: TestService;
let provider: TestService;
beforeAll(async () => {
  seed = await testService();
  provider = await testService({ profile: 'provider', publicUrl: 'https://tiles.example.org' });
});

interface Item {
  static_url: string;
  geospatial_extent: number[];
  percent_covered: number;
  z: number;
  x: number;
  y: number;
  mosaic_stac_id: string;
}
const area = wktSquare(-115.16, 36.14, -115.14, 36.16);
const metadata = async (svc: TestService, query: string, headers?: Record<string, string>) =>
  svc.get(`/tile/v2/2022Q4-NV-LAS/coverage?${query}`, headers);

describe('GET /tile/v2/{survey_id}/coverage', () => {
  it('lists one item per tile of the survey meeting the area, with full URLs and extents', async () => {
    const response = await metadata(seed, `zoom=16&wkt=${encodeURIComponent(area)}`);
    expect(response.statusCode).toBe(200);
    const items: Item[] = response.json();
    expectContract(seedProfile.schemas.tileMetadata, items);
    const expected = tilesCovering(parse(area) as Polygon, 16);
    expect(expected.kind === 'tiles' && items.map(({ x, y }) => ({ z: 16, x, y }))).toEqual(
      expected.kind === 'tiles' && expected.tiles.map(({ z, x, y }) => ({ z, x, y })),
    );
    const item = items[0];
    expect(item).toMatchObject({
      file_format: 'png',
      spatial_resolution_class: '7.5cm',
      spectral_range: 'visible',
      survey_id: '2022Q4-NV-LAS',
      z: 16,
    });
    expect(item.static_url).toBe(`http://localhost:80/tile/v2/2022Q4-NV-LAS/16/${item.x}/${item.y}`);
    expect(item.geospatial_extent).toHaveLength(4);
    expect(item.mosaic_stac_id).toMatch(/^20221101T180000_20221102T183000_20221102T200000_[0-3]{14}$/);
    expect(items.every((i) => i.percent_covered === 100)).toBe(true);
  });

  it('uses forwarded host and protocol only behind a trusted proxy, or PUBLIC_URL, in static_url', async () => {
    const spoofed: Item[] = (
      await metadata(seed, `zoom=15&wkt=${encodeURIComponent(area)}`, {
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      })
    ).json();
    expect(spoofed[0].static_url.startsWith('http://localhost:80/')).toBe(true);
    const proxied = await testService({}, undefined, true);
    const forwarded: Item[] = (
      await metadata(proxied, `zoom=15&wkt=${encodeURIComponent(area)}`, {
        'x-forwarded-host': 'imagery.example.com',
        'x-forwarded-proto': 'https',
      })
    ).json();
    expect(forwarded[0].static_url.startsWith('https://imagery.example.com/tile/v2/2022Q4-NV-LAS/15/')).toBe(true);
    const nested: Item[][] = (await metadata(provider, `zoom=15&wkt=${encodeURIComponent(area)}`)).json();
    const captureId = String.raw`\d{8}T\d{6}_\d{8}T\d{6}_\d{8}T\d{6}_[0-3]{14}`;
    expect(nested[0][0].static_url).toMatch(
      new RegExp(String.raw`^https://tiles\.example\.org/tile/v2/2022Q4-NV-LAS/${captureId}/15/\d+/\d+$`),
    );
  });

  it('reports partial tiles at the footprint edge and filters them with tc', async () => {
    const edge = wktSquare(-115.21, 36.15, -115.19, 36.16);
    const items: Item[] = (await metadata(seed, `zoom=14&wkt=${encodeURIComponent(edge)}`)).json();
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.percent_covered > 0 && i.percent_covered < 100)).toBe(true);
    const strict: Item[] = (await metadata(seed, `zoom=14&tc=100&wkt=${encodeURIComponent(edge)}`)).json();
    expect(strict).toHaveLength(0);
  });

  it(
    'keeps only tiles inside the area with overlap=within, and the tile ' + 'holding it with overlap=contains',
    async () => {
      const all: Item[] = (await metadata(seed, `zoom=17&wkt=${encodeURIComponent(area)}`)).json();
      const within: Item[] = (await metadata(seed, `zoom=17&overlap=within&wkt=${encodeURIComponent(area)}`)).json();
      expect(within.length).toBeGreaterThan(0);
      expect(within.length).toBeLessThan(all.length);
      const tiny = wktSquare(-115.15001, 36.15001, -115.15, 36.15002);
      const contains: Item[] = (
        await metadata(seed, `zoom=14&overlap=contains&wkt=${encodeURIComponent(tiny)}`)
      ).json();
      expect(contains).toHaveLength(1);
    },
  );

  it('answers an area outside the footprint with an empty list', async () => {
    expect((await metadata(seed, `zoom=16&wkt=${encodeURIComponent(wktSquare(0, 0, 0.01, 0.01))}`)).json()).toEqual([]);
  });

  it('refuses a request over the tile cap with 422 saying how many tiles it asked for', async () => {
    const body = expectEnvelope(await metadata(seed, `zoom=21&wkt=${encodeURIComponent(area)}`), 422, 'too_many_tiles');
    expect(body.message).toMatch(/more than 10,000 tiles at zoom 21; the limit is 10,000/);
  });

  it('answers a request of exactly SERVICE_TILE_CAP tiles and refuses one that lists one more', async () => {
    const listed: Item[] = (await metadata(seed, `zoom=17&wkt=${encodeURIComponent(area)}`)).json();
    const n = listed.length;
    expect(n).toBeGreaterThan(10);
    const atCap = await testService({ tileCap: n });
    const answer = await metadata(atCap, `zoom=17&wkt=${encodeURIComponent(area)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toHaveLength(n);
    const underCap = await testService({ tileCap: n - 1 });
    const body = expectEnvelope(
      await metadata(underCap, `zoom=17&wkt=${encodeURIComponent(area)}`),
      422,
      'too_many_tiles',
    );
    expect(body.message).toContain(`the limit is ${(n - 1).toLocaleString('en-US')}`);
  });

  it('defaults zoom to 14 and answers provider shape as an array of arrays', async () => {
    const nested: Item[][] = (await metadata(provider, `wkt=${encodeURIComponent(area)}`)).json();
    expectContract(providerProfile.schemas.tileMetadata, nested);
    expect(Array.isArray(nested[0])).toBe(true);
    expect(nested[0][0].static_url).toContain('/14/');
    expect(nested[0][0]).not.toHaveProperty('z');
  });

  it.each([
    ['unknown survey', `/tile/v2/NOPE/coverage?wkt=${encodeURIComponent(area)}`, 404, 'survey_not_found'],
    ['missing wkt', '/tile/v2/2022Q4-NV-LAS/coverage?zoom=16', 400, 'invalid_parameter'],
    ['zoom 12', `/tile/v2/2022Q4-NV-LAS/coverage?zoom=12&wkt=${encodeURIComponent(area)}`, 422, 'zoom_out_of_range'],
    [
      'a bad overlap',
      `/tile/v2/2022Q4-NV-LAS/coverage?overlap=touches&wkt=${encodeURIComponent(area)}`,
      400,
      'invalid_parameter',
    ],
    ['malformed WKT', '/tile/v2/2022Q4-NV-LAS/coverage?wkt=POLYGON((', 400, 'invalid_wkt'],
  ])('answers %s with the envelope', async (_name, url, status, code) => {
    expectEnvelope(await seed.get(url), status, code);
  });
});
