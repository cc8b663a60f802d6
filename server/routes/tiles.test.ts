import { beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { pointToTile } from '@mapbox/tilebelt';
import { expectEnvelope, testService, type TestService } from '../test/fixtures.ts';
import { providerProfile, seedProfile } from '../profiles/profile.ts';
import { expectContract } from '../../core/test/contract.ts';

let seed: TestService;
let provider: TestService;
beforeAll(async () => {
  seed = await testService();
  provider = await testService({ profile: 'provider' });
});

const [lx, ly] = pointToTile(-115.15, 36.15, 16);
const lasVegas = `/tile/v2/2022Q4-NV-LAS/16/${lx}/${ly}`;

describe('GET /tile/v2/{survey_id}/{z}/{x}/{y}', () => {
  it('serves a 256×256 opaque PNG inside the footprint', async () => {
    const response = await seed.get(lasVegas);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(response.rawPayload);
    expect([png.width, png.height]).toEqual([256, 256]);
    expect(png.data[3]).toBe(255);
    expect((await seed.get(`${lasVegas}.png`)).rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('serves JPEG for .jpeg and .jpg', async () => {
    for (const suffix of ['.jpeg', '.jpg']) {
      const response = await seed.get(lasVegas + suffix);
      expect(response.headers['content-type']).toBe('image/jpeg');
      const image = jpeg.decode(response.rawPayload);
      expect([image.width, image.height]).toEqual([256, 256]);
    }
  });

  it('is deterministic across service instances', async () => {
    const other = await testService();
    expect((await other.get(lasVegas)).rawPayload.equals((await seed.get(lasVegas)).rawPayload)).toBe(true);
  });

  it('makes the outside of the footprint transparent in an edge tile', async () => {
    const [x, y] = pointToTile(-115.2, 36.15, 14);
    const png = PNG.sync.read((await seed.get(`/tile/v2/2022Q4-NV-LAS/14/${x}/${y}`)).rawPayload);
    const alphas = new Set<number>();
    for (let i = 3; i < png.data.length; i += 4) alphas.add(png.data[i]);
    expect(alphas.has(0)).toBe(true);
    expect(alphas.has(255)).toBe(true);
  });

  it('revalidates with ETag and If-None-Match', async () => {
    const first = await seed.get(lasVegas);
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const again = await seed.get(lasVegas, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 where the survey has no imagery, cacheable like a tile (asked again, it is cached)', async () => {
    const [x, y] = pointToTile(-100, 40, 16);
    const answer = await seed.get(`/tile/v2/2022Q4-NV-LAS/16/${x}/${y}`);
    expectEnvelope(answer, 404, 'no_imagery');
    expect(answer.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('returns the tile metadata as JSON with ?metadata=true', async () => {
    const items = (await seed.get(`${lasVegas}?metadata=true`)).json();
    expectContract(seedProfile.schemas.tileItems, items);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ z: 16, x: lx, y: ly, percent_covered: 100, survey_id: '2022Q4-NV-LAS' });
    expect(items[0].static_url).toMatch(new RegExp(`/tile/v2/2022Q4-NV-LAS/16/${lx}/${ly}$`));
  });

  it('serves the capture-specific form used by provider URLs', async () => {
    const providerItems = (await provider.get(`${lasVegas}?metadata=true`)).json();
    expectContract(providerProfile.schemas.tileItems, providerItems);
    const [item] = providerItems;
    const url = new URL(item.static_url);
    const response = await provider.get(url.pathname);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals((await provider.get(lasVegas)).rawPayload)).toBe(true);
    expectEnvelope(
      await provider.get(`/tile/v2/2022Q4-NV-LAS/20200101T000000_20200101T000000_20200101T000000_0/16/${lx}/${ly}`),
      404,
      'capture_not_found',
    );
  });

  it('serves the newest survey with imagery there for "basemap"', async () => {
    const [x, y] = pointToTile(-104.97, 39.72, 16);
    const basemap = await seed.get(`/tile/v2/basemap/16/${x}/${y}`);
    const newest = await seed.get(`/tile/v2/2024Q2-CO-DEN/16/${x}/${y}`);
    expect(basemap.rawPayload.equals(newest.rawPayload)).toBe(true);
    const [ox, oy] = pointToTile(-104.93, 39.77, 16);
    const older = await seed.get(`/tile/v2/2023Q3-CO-DEN/16/${ox}/${oy}`);
    expect((await seed.get(`/tile/v2/basemap/16/${ox}/${oy}`)).rawPayload.equals(older.rawPayload)).toBe(true);
    expectEnvelope(await seed.get(`/tile/v2/basemap/16/0/0`), 404, 'no_imagery');
  });

  it.each([
    ['zoom 13', '/tile/v2/2022Q4-NV-LAS/13/1000/1000', 422, 'zoom_out_of_range'],
    ['zoom 22', '/tile/v2/2022Q4-NV-LAS/22/1000/1000', 422, 'zoom_out_of_range'],
    ['x out of range', '/tile/v2/2022Q4-NV-LAS/14/16384/10', 400, 'tile_out_of_range'],
    ['a non-numeric address', '/tile/v2/2022Q4-NV-LAS/14/abc/10', 400, 'invalid_tile_address'],
    ['an unknown format', '/tile/v2/2022Q4-NV-LAS/14/10/10.gif', 400, 'invalid_tile_address'],
    ['an unknown survey', '/tile/v2/NOPE/16/100/100', 404, 'survey_not_found'],
  ])('answers %s with the envelope', async (_name, url, status, code) => {
    expectEnvelope(await seed.get(url), status, code);
  });
});
