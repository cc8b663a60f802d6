import type { BrowserContext, Page, Response } from '@playwright/test';
import {
  clearSkyRow,
  expect,
  mapSettled,
  selectSurvey,
  signInWithDemo,
  surveyList,
  test,
  TILE_REQUEST,
  zoomToImagery,
} from './support.ts';
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

/** What the service answered, by URL (without the api_key), from its access log. */
function askedOf(log: string): Map<string, number[]> {
  const urls = new Map<string, string>();
  const byUrl = new Map<string, number[]>();
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { reqId?: string; req?: { url: string }; res?: { statusCode: number } };
    if (!entry.reqId) continue;
    if (entry.req) urls.set(entry.reqId, entry.req.url.replace(/([?&])api_key=[^&]*/, '$1'));
    const url = urls.get(entry.reqId);
    if (entry.res && url?.startsWith('/tile/')) byUrl.set(url, [...(byUrl.get(url) ?? []), entry.res.statusCode]);
  }
  return byUrl;
}

test.describe('with 10 % 503, 5 % 429 and 500 ms latency injected', () => {
  let service: SpawnedService;
  test.beforeAll(async () => {
    // With access logs: what the service was asked is counted there (an answer from the browser's cache is no ask).
    service = await spawnService(['--faults', '503:0.1,429:0.05,latency:500']);
  });
  test.afterAll(async () => service.stop());

  test('the viewport fills in after recovery and no other 4xx is retried', async ({ page, request }) => {
    const seen = answers(page);
    const row = await clearSkyRow(request);
    await page.goto(`${service.origin}/?e2e`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('listbox', { name: 'Surveys' }).getByRole('option').first()).toBeVisible({
      timeout: 30_000,
    });
    await selectSurvey(page, row);
    await zoomToImagery(page);

    const tileUrls = () => [...seen.keys()].filter((url) => TILE_REQUEST.test(url));
    const noImagery = () =>
      tileUrls()
        .filter((url) => seen.get(url)!.includes(404))
        .map((url) => /(\d+\/\d+\/\d+)$/.exec(url)![1]);
    // Every tile in view ends up drawn, or answered 404 (no imagery there); tiles MapLibre stopped
    // needing during the zoom are not asked for again, and need not be.
    const viewportFills = async () => {
      await expect(async () => {
        const broken = (await erroredPreviewTiles(page)).filter((tile) => !noImagery().includes(tile));
        expect(broken, 'viewport tiles left broken').toEqual([]);
        expect(await page.evaluate(() => window.__surveyViewer!.map.areTilesLoaded())).toBe(true);
      }).toPass({ timeout: 60_000 });
      await mapSettled(page);
    };
    await viewportFills();

    // Each tile meets a fault with a chance of 0.15; a view of a dozen tiles may meet none, and then this test would
    // prove nothing. Closer views (new tiles at the same centre) until some have, each filling in as well.
    const failedFirst = () => tileUrls().filter((url) => [429, 503].includes(seen.get(url)![0]));
    for (let zoom = 16; failedFirst().length === 0 && zoom <= 18; zoom++) {
      await page.evaluate((z) => window.__surveyViewer!.map.jumpTo({ zoom: z }), zoom);
      await viewportFills();
    }
    expect(failedFirst().length, 'some tiles met an injected fault').toBeGreaterThan(0);
    for (const [url, statuses] of askedOf(service.output())) {
      // A 503 or 429 may be followed by a retry that meets a 404; nothing may follow a refusal.
      const refused = statuses.findIndex((s) => s >= 400 && s < 500 && s !== 401 && s !== 429);
      if (refused >= 0)
        expect(statuses.slice(refused + 1), `${url} was asked again after a ${statuses[refused]}`).toEqual([]);
    }
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test('a 5 s offline window recovers without reload: banner, tiles in view and a paused query', async ({
  page,
  context,
  request,
}) => {
  const statuses = tileStatuses(context);
  const row = await clearSkyRow(request);
  await signInWithDemo(page);
  await selectSurvey(page, row);
  await zoomToImagery(page);
  // Page loads, not the history entries the app adds for its own state (same document).
  const navigations: string[] = [];
  page.on('load', () => navigations.push(page.url()));
  await page.evaluate(() => Object.assign(window, { __beforeOffline: 'still here' }));
  const loaded = page.locator('.survey-list__loaded');
  await expect(loaded).toHaveText(/· \d+ loaded/);
  const loadedBefore = Number((await loaded.textContent())!.replace(/\D/g, ''));

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(banner).toBeVisible();

  // New tiles are needed (zoomed in, then panned) and cannot arrive; MapLibre marks them failed.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  // The zoom-in animation ends first: a drag would cut it short, and the tiles of the next level would never be asked
  // for.
  await page.waitForFunction(() => Math.abs(window.__surveyViewer!.map.getZoom() - 16) < 0.01);
  const box = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx - 150, cy - 100, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(async () => (await erroredPreviewTiles(page)).length, { message: 'tiles that failed offline' })
    .toBeGreaterThan(0);

  // The next page of surveys is asked for offline: the query waits instead of failing.
  await surveyList(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(surveyList(page).getByText('Loading more surveys…')).toBeVisible();

  await page.waitForTimeout(5_000); // the offline window itself, not a timing assertion
  await expect(banner).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(Number((await loaded.textContent())!.replace(/\D/g, ''))).toBe(loadedBefore);

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  // Every tile in view is drawn (or answered 404: no imagery there), with no user action.
  await expect(async () => {
    const noImagery = [...statuses].filter(([, s]) => s.includes(404)).map(([tile]) => tile);
    const broken = (await erroredPreviewTiles(page)).filter((tile) => !noImagery.includes(tile));
    expect(broken, 'viewport tiles left broken').toEqual([]);
    expect(await page.evaluate(() => window.__surveyViewer!.map.areTilesLoaded())).toBe(true);
  }).toPass({ timeout: 30_000 });
  await mapSettled(page);
  // The paused query ran: more surveys are loaded than before.
  await expect
    .poll(async () => {
      const text = await loaded.textContent().catch(() => null);
      return text === null ? Infinity : Number(text.replace(/\D/g, ''));
    })
    .toBeGreaterThan(loadedBefore);
  await expect(page.getByRole('alert')).toHaveCount(0);

  expect(navigations, 'page navigations').toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __beforeOffline?: string }).__beforeOffline)).toBe(
    'still here',
  );
});

/** Every preview tile's answers by z/x/y, seen at the context level (MapLibre may fetch from a worker). */
function tileStatuses(context: BrowserContext): Map<string, number[]> {
  const byTile = new Map<string, number[]>();
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (!TILE_REQUEST.test(response.url())) return;
    const tile = /(\d+\/\d+\/\d+)$/.exec(url.pathname)![1];
    byTile.set(tile, [...(byTile.get(tile) ?? []), response.status()]);
  });
  return byTile;
}

/** z/x/y of the preview tiles in view that MapLibre holds as failed (its internal tile manager). */
async function erroredPreviewTiles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    interface Tile {
      state: string;
      tileID: { canonical: { x: number; y: number; z: number } };
    }
    interface Manager {
      _inViewTiles: { getAllIds(): string[]; getTileById(id: string): Tile };
    }
    const map = window.__surveyViewer!.map as unknown as {
      style: { tileManagers: Record<string, Manager | undefined> };
    };
    const manager = map.style.tileManagers['survey-preview'];
    if (!manager) return ['no preview source'];
    return manager._inViewTiles
      .getAllIds()
      .map((id) => manager._inViewTiles.getTileById(id))
      .filter((tile) => tile.state === 'errored')
      .map(({ tileID: { canonical: c } }) => `${c.z}/${c.x}/${c.y}`);
  });
}
