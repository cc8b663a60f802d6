import type { Page, Response } from '@playwright/test';
import { clearSkyRow, expect, mapSettled, selectSurvey, test, TILE_REQUEST, zoomToImagery } from './support.ts';
import { spawnService, type SpawnedService } from './spawned-service.ts';

test.describe.configure({ timeout: 120_000 });

/** Every answer the page got from the service, by URL (without the query). */
function answers(page: Page): Map<string, number[]> {
  const byUrl = new Map<string, number[]>();
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/tile/')) return;
    const key = url.pathname + url.search.replace(/([?&])api_key=[^&]*/, '$1');
    byUrl.set(key, [...(byUrl.get(key) ?? []), response.status()]);
  });
  return byUrl;
}

test.describe('with 10 % 503, 5 % 429 and 500 ms latency injected', () => {
  let service: SpawnedService;
  test.beforeAll(async () => {
    service = await spawnService(['--quiet', '--faults', '503:0.1,429:0.05,latency:500']);
  });
  test.afterAll(async () => service.stop());

  test('the viewport fills in after recovery and no other 4xx is retried', async ({ page, request }) => {
    const seen = answers(page);
    const row = await clearSkyRow(request);
    await page.goto(`${service.origin}/?e2e`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('listbox', { name: 'Surveys' }).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await selectSurvey(page, row);
    await zoomToImagery(page);

    const tileUrls = () => [...seen.keys()].filter((url) => TILE_REQUEST.test(url));
    const noImagery = () => tileUrls().filter((url) => seen.get(url)!.includes(404)).map((url) => /(\d+\/\d+\/\d+)$/.exec(url)![1]);
    // Every tile in view ends up drawn, or answered 404 (no imagery there); tiles MapLibre stopped
    // needing during the zoom are not asked for again, and need not be.
    await expect(async () => {
      const broken = (await erroredPreviewTiles(page)).filter((tile) => !noImagery().includes(tile));
      expect(broken, 'viewport tiles left broken').toEqual([]);
      expect(await page.evaluate(() => window.__surveyViewer!.map.areTilesLoaded())).toBe(true);
    }).toPass({ timeout: 60_000 });
    await mapSettled(page);

    const failedFirst = tileUrls().filter((url) => [429, 503].includes(seen.get(url)![0]));
    expect(failedFirst.length, 'some tiles met an injected fault').toBeGreaterThan(0);
    for (const [url, statuses] of seen) {
      const refusals = statuses.filter((s) => s >= 400 && s < 500 && s !== 401 && s !== 429);
      if (refusals.length) expect(statuses, `${url} was asked again after a ${refusals[0]}`).toHaveLength(1);
    }
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

/** z/x/y of the preview tiles in view that MapLibre holds as failed (its internal tile manager). */
async function erroredPreviewTiles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    interface Tile { state: string; tileID: { canonical: { x: number; y: number; z: number } } }
    interface Manager { _inViewTiles: { getAllIds(): string[]; getTileById(id: string): Tile } }
    const map = window.__surveyViewer!.map as unknown as { style: { tileManagers: Record<string, Manager | undefined> } };
    const manager = map.style.tileManagers['survey-preview'];
    if (!manager) return ['no preview source'];
    return manager._inViewTiles.getAllIds()
      .map((id) => manager._inViewTiles.getTileById(id))
      .filter((tile) => tile.state === 'errored')
      .map(({ tileID: { canonical: c } }) => `${c.z}/${c.x}/${c.y}`);
  });
}
