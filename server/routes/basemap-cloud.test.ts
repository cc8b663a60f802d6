import { pointToTile } from '@mapbox/tilebelt';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, FIXTURE_SURVEYS, testService, type TestService } from '../test/fixtures.ts';

const byId = (id: string) => FIXTURE_SURVEYS.find((s) => s.id === id)!;
/** Over central Denver the newest survey is cloudy (40 %), an older one less so (25 %). */
const surveys = [{ ...byId('2024Q2-CO-DEN'), cloudCover: 40 }, byId('2023Q3-CO-DEN'), byId('2022Q4-NV-LAS')];
const [x, y] = pointToTile(-104.97, 39.72, 16);
const tile = (id: string, query = '') => `/tile/v2/${id}/16/${x}/${y}${query}`;

let service: TestService;
beforeAll(async () => {
  service = await testService({}, surveys);
});

describe('GET /tile/v2/basemap/{z}/{x}/{y}?max_cloud=N (reference-service extension)', () => {
  it('serves the newest imagery at or under the cloud limit, and the newest of all without one', async () => {
    const newest = (await service.get(tile('2024Q2-CO-DEN'))).rawPayload;
    const clearer = (await service.get(tile('2023Q3-CO-DEN'))).rawPayload;
    expect(newest.equals(clearer)).toBe(false);
    expect((await service.get(tile('basemap'))).rawPayload.equals(newest)).toBe(true);
    expect((await service.get(tile('basemap', '?max_cloud=40'))).rawPayload.equals(newest)).toBe(true);
    expect((await service.get(tile('basemap', '?max_cloud=30'))).rawPayload.equals(clearer)).toBe(true);
  });

  it('names the capture it chose in the tile metadata', async () => {
    const answer = await service.get(tile('basemap', '?max_cloud=30&metadata=true'));
    expect(answer.statusCode).toBe(200);
    const [item] = answer.json() as { static_url: string; capture_date_start: string }[];
    expect(item.static_url).toContain('/2023Q3-CO-DEN/');
    expect(item.capture_date_start).toBe(byId('2023Q3-CO-DEN').captureStart);
  });

  it('answers 404 with the limit named where no survey is clear enough', async () => {
    const answer = await service.get(tile('basemap', '?max_cloud=20'));
    expectEnvelope(answer, 404, 'no_imagery');
    expect((answer.json() as { message: string }).message).toContain('at most 20% cloud cover');
  });

  it('refuses a limit outside 0–100, not a number, or for a named survey', async () => {
    for (const query of ['?max_cloud=101', '?max_cloud=-1', '?max_cloud=clear'])
      expectEnvelope(await service.get(tile('basemap', query)), 400);
    expectEnvelope(await service.get(tile('2023Q3-CO-DEN', '?max_cloud=30')), 400, 'invalid_query');
  });
});
