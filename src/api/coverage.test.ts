import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch, json } from '../test/fake-service.ts';
import { fetchTileMetadata, searchCoverage } from './coverage.ts';
import providerCoverage from '../../core/wire/fixtures/provider-coverage.json';
import providerTiles from '../../core/wire/fixtures/provider-tile-metadata.json';
import type { DownloadProgress } from './http.ts';

const BASE = 'https://service.example';
const WKT = 'POLYGON((-105.06 39.74,-105.056 39.74,-105.056 39.744,-105.06 39.744,-105.06 39.74))';

afterEach(() => vi.unstubAllGlobals());

describe('searchCoverage', () => {
  it('sends the WKT as given and the date range only when set', async () => {
    const service = fakeFetch(() => json(providerCoverage));
    const surveys = await searchCoverage({ baseUrl: BASE }, { wkt: WKT, observedStart: '2025-06-01', observedEnd: '' });
    expect(surveys.map((s) => s.id)).toEqual(providerCoverage.map((s) => s.id));
    const url = service.calls[0].url;
    expect(url.pathname).toBe('/tile/v2/surveys/coverage');
    expect(url.searchParams.get('wkt')).toBe(WKT);
    expect(url.searchParams.get('observed_start')).toBe('2025-06-01');
    expect(url.searchParams.has('observed_end')).toBe(false);
  });

  it('reports a refusal with status, code, message and correlation id', async () => {
    fakeFetch(() => envelope(422, 'area_too_large', 'The area is 900,000 km²; the limit is 696,000 km².', 'corr-1'));
    await expect(searchCoverage({ baseUrl: BASE }, { wkt: WKT })).rejects.toMatchObject({
      status: 422,
      code: 'area_too_large',
      correlationId: 'corr-1',
    });
  });
});

describe('fetchTileMetadata', () => {
  it('asks for one survey at one zoom and reports progress as the body arrives', async () => {
    const body = new TextEncoder().encode(JSON.stringify(providerTiles));
    const service = fakeFetch(() => {
      const half = Math.floor(body.length / 2);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(body.slice(0, half));
          controller.enqueue(body.slice(half));
          controller.close();
        },
      });
      return new Response(stream, {
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      });
    });
    const progress: DownloadProgress[] = [];
    const tiles = await fetchTileMetadata(
      { baseUrl: BASE },
      { surveyId: '2026Q4-FL-PTCH', wkt: WKT, zoom: 14 },
      undefined,
      (p) => progress.push(p),
    );
    expect(tiles).toHaveLength(2);
    expect(service.calls[0].url.pathname).toBe('/tile/v2/2026Q4-FL-PTCH/coverage');
    expect(service.calls[0].url.searchParams.get('zoom')).toBe('14');
    expect(progress[0]).toEqual({ loaded: 0, total: body.length });
    expect(progress.at(-1)).toEqual({ loaded: body.length, total: body.length });
    expect(progress.length).toBeGreaterThanOrEqual(3);
  });

  it('reports an answer that is not JSON as invalid_response', async () => {
    fakeFetch(() => new Response('[{"static_url": ', { headers: { 'x-correlation-id': 'c-9' } }));
    await expect(
      fetchTileMetadata({ baseUrl: BASE }, { surveyId: 'A', wkt: WKT, zoom: 16 }, undefined, () => undefined),
    ).rejects.toMatchObject({ code: 'invalid_response', correlationId: 'c-9' });
  });
});
