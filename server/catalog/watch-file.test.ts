import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIXTURE_SURVEYS, testService, wktSquare, type TestService } from '../test/fixtures.ts';
import { Catalog } from './catalog.ts';
import { LiveCatalog } from './live-catalog.ts';
import { loadCatalogFile } from './load-geojson.ts';
import type { Survey } from './survey.ts';
import { watchCatalogFile, type CatalogFileWatch } from './watch-file.ts';

const byId = (id: string) => FIXTURE_SURVEYS.find((s) => s.id === id)!;
const DEN_NEW = byId('2024Q2-CO-DEN');
const DEN_OLD = byId('2023Q3-CO-DEN');
const DEN_MULTI = byId('2025-P01-CO-DEN');
const LAS = byId('2022Q4-NV-LAS');
const DENVER = wktSquare(-105.12, 39.58, -104.78, 39.92);
const DEN_NEW_TILE = '/tile/v2/2024Q2-CO-DEN/16/13662/24876';

function feature(survey: Survey, lastUpdated = survey.lastUpdated) {
  return {
    type: 'Feature',
    geometry: survey.footprint,
    properties: {
      id: survey.id,
      capture_date_start: survey.captureStart,
      capture_date_end: survey.captureEnd,
      published_date: survey.publishedDate,
      last_updated: lastUpdated,
      cloud_cover: survey.cloudCover,
    },
  };
}
const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

describe('a catalog file edited while the service runs', () => {
  let dir: string;
  let file: string;
  let live: LiveCatalog;
  let service: TestService;
  let watch: CatalogFileWatch;
  const log = { info: vi.fn<(m: string) => void>(), error: vi.fn<(m: string) => void>() };

  /** Writes a new file and renames it over the old one, as many editors do. */
  const replaceFile = (text: string) => {
    const next = `${file}.tmp`;
    writeFileSync(next, text);
    renameSync(next, file);
  };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'catalog-watch-'));
    file = path.join(dir, 'catalog.geojson');
    writeFileSync(file, collection(feature(DEN_NEW), feature(DEN_OLD), feature(LAS)));
    live = new LiveCatalog(new Catalog(await loadCatalogFile(file)));
    service = await testService({}, live);
    // Reloads only when a test asks (its polling far off): a test that edits the file and reloads does not race it.
    watch = watchCatalogFile(file, live, { log, intervalMs: 3_600_000, debounceMs: 20 });
    log.info.mockClear();
    log.error.mockClear();
  });
  afterEach(async () => {
    watch.close();
    await service.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is noticed and served whole: list pages, coverage, footprint and tile ETags follow the new file', async () => {
    watch.close();
    watch = watchCatalogFile(file, live, { log, intervalMs: 20, debounceMs: 20 });
    const ids = async (url: string) =>
      (await service.get(url)).json() as { results?: { id: string }[]; features?: { id: string }[] };
    const listed = async () => (await ids('/tile/v2/surveys?page=1&page_size=10')).results!.map((s) => s.id);
    expect(await listed()).toEqual([DEN_NEW.id, DEN_OLD.id, LAS.id]);
    const footprintBefore = (await service.get(`/tile/v2/${DEN_NEW.id}/footprint`)).headers.etag as string;
    const untouchedBefore = (await service.get(`/tile/v2/${DEN_OLD.id}/footprint`)).headers.etag as string;
    const tileBefore = await service.get(DEN_NEW_TILE);
    expect(tileBefore.statusCode).toBe(200);

    replaceFile(
      collection(feature(DEN_NEW, '2025-03-01T12:00:00Z'), feature(DEN_OLD), feature(LAS), feature(DEN_MULTI)),
    );
    await vi.waitFor(() => expect(live.current.size).toBe(4), { timeout: 5000, interval: 20 });
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining(`Catalog reloaded from ${file}: 4 surveys`));

    expect(await listed()).toEqual([DEN_MULTI.id, DEN_NEW.id, DEN_OLD.id, LAS.id]);
    const legacy = await service.get('/tile/surveys?page=1&page_size=10');
    expect(JSON.stringify(legacy.json())).toContain(DEN_MULTI.id);
    const coverage = JSON.stringify(
      (await service.get(`/tile/v2/surveys/coverage?wkt=${encodeURIComponent(DENVER)}`)).json(),
    );
    expect(coverage).toContain(DEN_MULTI.id);
    expect(coverage).toContain('2025-03-01T12:00:00');

    const footprintAfter = await service.get(`/tile/v2/${DEN_NEW.id}/footprint`, { 'if-none-match': footprintBefore });
    expect(footprintAfter.statusCode).toBe(200);
    expect(footprintAfter.headers.etag).not.toBe(footprintBefore);
    expect(
      (await service.get(`/tile/v2/${DEN_OLD.id}/footprint`, { 'if-none-match': untouchedBefore })).statusCode,
    ).toBe(304);
    const tileAfter = await service.get(DEN_NEW_TILE, { 'if-none-match': tileBefore.headers.etag as string });
    expect(tileAfter.statusCode).toBe(200);
    expect(tileAfter.headers.etag).not.toBe(tileBefore.headers.etag);
  });

  it.each([
    ['text that is not JSON', '{"type": "FeatureCollection", "features": [', /not valid JSON/],
    [
      'a feature with a bad date',
      collection({ ...feature(DEN_MULTI), properties: { ...feature(DEN_MULTI).properties, capture_date_end: 'soon' } }),
      /features\[0\] \(2025-P01-CO-DEN\).*capture_date_end/,
    ],
    ['two surveys with one id', collection(feature(DEN_NEW), feature(DEN_NEW)), /Duplicate survey id "2024Q2-CO-DEN"/],
  ])('keeps serving the previous catalog when the file holds %s, and logs why', async (_name, text, problem) => {
    writeFileSync(file, text);
    const outcome = await watch.reload();
    expect(outcome).toMatchObject({ status: 'refused', message: expect.stringMatching(problem) });
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining(`Catalog file ${file} not reloaded (still serving the previous 3 surveys)`),
    );
    expect(log.error).toHaveBeenCalledWith(expect.stringMatching(problem));
    const page = (await service.get('/tile/v2/surveys?page=1&page_size=10')).json() as { results: unknown[] };
    expect(page.results).toHaveLength(3);

    writeFileSync(file, collection(feature(LAS)));
    expect(await watch.reload()).toEqual({ status: 'reloaded', size: 1 });
    expect(
      ((await service.get('/tile/v2/surveys?page=1&page_size=10')).json() as { results: unknown[] }).results,
    ).toHaveLength(1);
  });

  it(
    'keeps serving while the file is missing (an editor between delete and write), and reloads an unchanged text ' +
      'only once',
    async () => {
      rmSync(file);
      expect(await watch.reload()).toMatchObject({
        status: 'refused',
        message: expect.stringContaining('cannot read it'),
      });
      expect(live.current.size).toBe(3);
      writeFileSync(file, collection(feature(LAS), feature(DEN_OLD)));
      expect(await watch.reload()).toEqual({ status: 'reloaded', size: 2 });
      expect(await watch.reload()).toEqual({ status: 'unchanged' });
    },
  );

  it('keeps surveys served beside the file (--synthetic) across reloads', async () => {
    watch.close();
    watch = watchCatalogFile(file, live, { log, extra: [DEN_MULTI], intervalMs: 3_600_000, debounceMs: 20 });
    writeFileSync(file, collection(feature(LAS)));
    expect(await watch.reload()).toEqual({ status: 'reloaded', size: 2 });
    expect(live.current.get(DEN_MULTI.id)).toBeDefined();
  });
});
