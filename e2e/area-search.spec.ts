import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { PORTS } from '../playwright.config.ts';
import {
  expect,
  hoverDrawn,
  mapSettled,
  openViewer,
  pointOf,
  showBox,
  signInWithDemo,
  test,
  readmePicture,
  nextFrames,
} from './support.ts';
import { spawnService } from './spawned-service.ts';

const GEOJSON_FIXTURE = 'src/area/fixtures/denver-area.geojson';
const KML_FIXTURE = 'src/area/fixtures/denver-area.kml';
/** The fixtures' area: a west-Denver square that the demo catalog's surveys cover in part. */
const DENVER: [number, number][] = [
  [-105.12, 39.7],
  [-105.05, 39.7],
  [-105.05, 39.75],
  [-105.12, 39.75],
];
const DENVER_WKT = 'POLYGON((-105.12 39.7, -105.05 39.7, -105.05 39.75, -105.12 39.75, -105.12 39.7))';

const COVERAGE_PATH = '/tile/v2/surveys/coverage';
const isCoverageSearch = (r: Request) => new URL(r.url()).pathname === COVERAGE_PATH;
const isTileList = (r: { url(): string }) =>
  /^\/tile\/v2\/[^/]+\/coverage$/.test(new URL(r.url()).pathname) && !r.url().includes(COVERAGE_PATH);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
// Drawing, tile grids and imagery make these the heaviest tests; a loaded 2-core machine needs the margin.
test.describe.configure({ timeout: 90_000 });

const results = (page: Page) => page.getByRole('listbox', { name: 'Coverage results' });
const areaSize = (page: Page) => page.getByTestId('area-km2');

async function openAreaSearch(page: Page) {
  await page.getByRole('tab', { name: 'Area search' }).click();
  await expect(page.getByRole('button', { name: 'Draw polygon' })).toBeEnabled();
}

/** The percentages of the listed results, in list order. */
async function listedPercentages(page: Page): Promise<number[]> {
  const texts = await results(page).locator('.coverage-option__percent').allTextContents();
  return texts.map((t) => Number(t.replace(/[<%]/g, '')));
}

async function importFile(page: Page, path: string) {
  await page.getByLabel('Area file').setInputFiles(path);
}

test(
  'draws a rectangle by drag and a polygon by clicks; lists the covering surveys with percentages; Copy WKT is ' +
    'what was sent @readme',
  async ({ page }) => {
    await signInWithDemo(page);
    await openAreaSearch(page);
    // The map asks for the surveys in the view it comes to rest on; the area's searches are counted after that.
    const viewSearched = page.waitForRequest(isCoverageSearch);
    await showBox(page, [-105.13, 39.69, -105.04, 39.76]);
    await viewSearched;
    const searches: Request[] = [];
    page.on('request', (r) => isCoverageSearch(r) && searches.push(r));

    // A rectangle, by dragging across the map.
    await page.getByRole('button', { name: 'Draw rectangle' }).click();
    await expect(page.getByRole('button', { name: 'Draw rectangle' })).toHaveAttribute('aria-pressed', 'true');
    const from = await pointOf(page, [-105.1, 39.71]);
    const to = await pointOf(page, [-105.07, 39.73]);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 1, from.y + 1); // the drag starts here, as a hand's would
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await expect(page.locator('.draw-hint__size')).toHaveText(/^[\d.,]+ (m²|ha|km²)$/); // live size while drawing
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await expect(results(page).getByRole('option').first()).toBeVisible();
    expect(searches).toHaveLength(1);
    // 0.03° × 0.02° at 39.7° N: about 5.7 km².
    await expect(areaSize(page)).toHaveText(/^[\d.]+ km²$/);
    const rectangleKm2 = Number((await areaSize(page).textContent())!.replace(' km²', ''));
    expect(Math.abs(rectangleKm2 - 5.7)).toBeLessThan(0.3);

    // A polygon, by clicking its corners and then the first one again; it replaces the rectangle.
    await page.getByRole('button', { name: 'Draw polygon' }).click();
    for (const corner of DENVER) {
      const p = await pointOf(page, corner);
      await page.mouse.click(p.x, p.y);
    }
    const first = await pointOf(page, DENVER[0]);
    const searched = page.waitForRequest(isCoverageSearch);
    await page.mouse.click(first.x, first.y);
    const sent = new URL((await searched).url()).searchParams.get('wkt')!;
    expect(sent).toMatch(/^POLYGON \(\(/);
    await expect(page.getByRole('button', { name: 'Draw polygon' })).toHaveAttribute('aria-pressed', 'false');

    // Six demo surveys cover parts of it; each shows its share, best first.
    await expect(results(page).getByRole('option')).toHaveCount(6);
    const percentages = await listedPercentages(page);
    expect(percentages.every((p) => p > 0 && p <= 100)).toBe(true);
    expect([...percentages].sort((a, b) => b - a)).toEqual(percentages);
    await expect(results(page).getByRole('option').first()).toContainText(/Cloud (\d+%|—)/);
    await expect(page.getByTestId('uncovered')).toContainText(/Not covered: [\d.]+ km²/);
    await expect
      .poll(() => page.evaluate(() => window.__surveyViewer!.map.querySourceFeatures('coverage-uncovered').length))
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(() => window.__surveyViewer!.map.querySourceFeatures('coverage-footprints').length))
      .toBeGreaterThan(5);

    // The screenshot: a little wider, so the footprints and the city show; the best result hovered.
    await showBox(page, [-105.2, 39.66, -104.97, 39.79]);
    await results(page).getByRole('option').first().hover();
    await mapSettled(page);
    await readmePicture(page, 'area-search');
    await showBox(page, [-105.13, 39.69, -105.04, 39.76]);

    // Copy WKT copies exactly the string that was sent.
    await page.getByRole('button', { name: 'Copy WKT' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'WKT copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sent);

    // Hovering a result highlights its footprint.
    const top = results(page).getByRole('option').first();
    const topId = (await top.getAttribute('data-survey-id'))!;
    await top.hover();
    await expect.poll(() => hoverDrawn(page, topId)).toBe(true);
    await page.mouse.move(700, 880);

    // Edit: dragging a corner reshapes the area, and it is searched again.
    await page.getByRole('button', { name: 'Edit area' }).click();
    const corner = await pointOf(page, DENVER[2]);
    const inward = await pointOf(page, [-105.06, 39.74]);
    const again = page.waitForRequest(isCoverageSearch);
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(corner.x - 1, corner.y + 1);
    await page.mouse.move(inward.x, inward.y, { steps: 5 });
    // Chromium coalesces quick pointer moves into the next frame; the drag reaches the target before letting go.
    await nextFrames(page);
    await page.mouse.move(inward.x, inward.y);
    await nextFrames(page);
    await page.mouse.up();
    const edited = new URL((await again).url()).searchParams.get('wkt')!;
    const vertices = [...edited.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(vertices.some(([lon, lat]) => Math.abs(lon + 105.06) < 0.001 && Math.abs(lat - 39.74) < 0.001)).toBe(true);
    await expect(areaSize(page)).not.toHaveText('33.3 km²');
    await page.getByRole('button', { name: 'Edit area' }).click();

    // Delete: no area, no results.
    await page.getByRole('button', { name: 'Delete area' }).click();
    await expect(areaSize(page)).toHaveCount(0);
    await expect(results(page)).toHaveCount(0);
  },
);

test(
  'pastes WKT; invalid WKT and crossing edges keep the area; an area too large sends nothing; imports GeoJSON, ' +
    'KML and a dropped file',
  async ({ page }) => {
    const searches: Request[] = [];
    page.on('request', (r) => isCoverageSearch(r) && searches.push(r));
    await signInWithDemo(page);
    await openAreaSearch(page);

    const paste = async (wkt: string) => {
      await page.getByRole('button', { name: 'Paste WKT' }).click();
      const dialog = page.getByRole('dialog', { name: 'Paste WKT' });
      await dialog.getByLabel('WKT').fill(wkt);
      await dialog.getByRole('button', { name: 'Use area' }).click();
      return dialog;
    };

    await paste(DENVER_WKT);
    await expect(page.getByRole('dialog', { name: 'Paste WKT' })).toHaveCount(0);
    await expect(results(page).getByRole('option')).toHaveCount(6);
    const size = await areaSize(page).textContent();
    expect(searches).toHaveLength(1);

    // Malformed WKT: a precise message in the dialog, and the area stays.
    let dialog = await paste('POLYGON((-105.1 39.7, -105.0 39.7, -105.0 39.8');
    await expect(dialog.getByRole('alert')).toContainText('parentheses are unbalanced');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    dialog = await paste('POLYGON((-105.1 39.7, -105.0 39.8, -105.0 39.7, -105.1 39.8, -105.1 39.7))');
    await expect(dialog.getByRole('alert')).toContainText('crosses itself');
    await page.keyboard.press('Escape');
    await expect(areaSize(page)).toHaveText(size!);
    await expect(results(page).getByRole('option')).toHaveCount(6);

    // Too large: flagged, shown, and nothing is sent.
    await paste('POLYGON((-120 30, -95 30, -95 45, -120 45, -120 30))');
    await expect(page.getByRole('list', { name: 'Notes on the area' })).toContainText(
      'searches are limited to 696,000 km²',
    );
    await expect(results(page)).toHaveCount(0);
    // The map has drawn the area and come to rest: a search it set off would have been sent by then.
    await mapSettled(page);
    expect(searches).toHaveLength(1);

    // GeoJSON and KML files (points are left out, and said so).
    await importFile(page, GEOJSON_FIXTURE);
    await expect(page.getByRole('list', { name: 'Notes on the area' })).toContainText(
      'Imported 1 polygon from denver-area.geojson; left out 1 Point.',
    );
    await expect(results(page).getByRole('option')).toHaveCount(6);
    await paste('POLYGON((-105.1 39.71, -105.07 39.71, -105.07 39.73, -105.1 39.73, -105.1 39.71))');
    await expect(areaSize(page)).not.toHaveText(size!);
    await importFile(page, KML_FIXTURE);
    await expect(page.getByRole('list', { name: 'Notes on the area' })).toContainText(
      'Imported 1 polygon from denver-area.kml; left out 1 Point.',
    );
    await expect(areaSize(page)).toHaveText(size!);
    await expect(results(page).getByRole('option')).toHaveCount(6);

    // A broken file: the reason, and the area stays.
    await page.getByLabel('Area file').setInputFiles({
      name: 'broken.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from('{"type": "Feature", '),
    });
    await expect(page.getByRole('alert')).toContainText('broken.geojson: This is not valid JSON');
    await expect(areaSize(page)).toHaveText(size!);

    // Dropping a file on the map imports it too.
    const wkt = 'POLYGON((-105.1 39.71, -105.07 39.71, -105.07 39.73, -105.1 39.73, -105.1 39.71))';
    const transfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dropped.wkt', { type: 'text/plain' }));
      return data;
    }, wkt);
    const pane = page.locator('.map-pane');
    await pane.dispatchEvent('dragenter', { dataTransfer: transfer });
    await expect(page.getByText('Drop a GeoJSON, KML or WKT file')).toBeVisible();
    await pane.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page.getByRole('list', { name: 'Notes on the area' })).toContainText(
      'Imported 1 polygon from dropped.wkt.',
    );
    await expect(results(page).getByRole('option').first()).toBeVisible();
  },
);

test(
  "tiles of a result at z16: the count equals the service's answer; tile details; CSV export without " +
    'credentials; a reload keeps the area @readme',
  async ({ page }) => {
    await signInWithDemo(page);
    await openAreaSearch(page);
    await importFile(page, GEOJSON_FIXTURE);
    await expect(results(page).getByRole('option')).toHaveCount(6);

    // Selecting a result previews its imagery and lists its tiles at z16.
    const top = results(page).getByRole('option').first();
    const id = (await top.getAttribute('data-survey-id'))!;
    const answer = page.waitForResponse((r) => isTileList(r) && r.url().includes(`/${id}/coverage`));
    await top.click();
    await expect(top).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Selected survey' })).toContainText(id);
    const response = await answer;
    expect(new URL(response.url()).searchParams.get('zoom')).toBe('16');
    const items = (await response.json()) as {
      static_url: string;
      geospatial_extent: [number, number, number, number];
      z: number;
      x: number;
      y: number;
    }[];
    expect(items.length).toBeGreaterThan(20);

    const count = String(items.length);
    await expect(page.getByTestId('tile-count')).toContainText(`${count} tiles at z16, as estimated.`);
    await expect(page.getByTestId('tile-estimate')).toHaveText(`Estimate: ${count} tiles`);
    const drawn = await page.evaluate(() => {
      const source = window.__surveyViewer!.map.getStyle().sources['tile-grid'] as { data: { features: unknown[] } };
      return source.data.features.length;
    });
    expect(drawn).toBe(items.length);

    // Click a tile in the middle of the grid: its details, without credentials in the URL.
    const tile = items[Math.floor(items.length / 2)];
    const [west, south, east, north] = tile.geospatial_extent;
    await showBox(page, [-105.13, 39.69, -105.04, 39.76]);
    const centre = await pointOf(page, [(west + east) / 2, (south + north) / 2]);
    await page.mouse.click(centre.x, centre.y);
    const card = page.getByRole('region', { name: 'Tile details' });
    await expect(card).toContainText(`${tile.z}/${tile.x}/${tile.y}`);
    await expect(card).toContainText('Resolution');
    await expect(card).toContainText(/\d+(\.\d+)?cm/);
    await expect(card.getByTitle('Tile URL')).toHaveText(tile.static_url);
    await page.getByTestId('tile-count').scrollIntoViewIfNeeded();
    await page.mouse.move(700, 880);
    await mapSettled(page);
    await readmePicture(page, 'tile-grid');

    // The CSV: a header and one row per tile, no credentials.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export tiles as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${id}_z16_tiles.csv`);
    const csv = await readFile((await file.path())!, 'utf8');
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe('z,x,y,url,capture_start,capture_end,published,resolution,percent_covered');
    expect(rows).toHaveLength(items.length + 1);
    expect(
      rows
        .slice(1)
        .map((row) => row.split(',').slice(0, 3).join('/'))
        .sort(),
    ).toEqual(items.map((t) => `${t.z}/${t.x}/${t.y}`).sort());
    expect(csv).not.toMatch(/api_key|token|eyJ/i);

    // After a reload the area is back, and once signed in its search runs again, before the view's own: even when the
    // area's code arrives late, as on a cold and busy machine.
    await page.route('**/assets/area-search-on-demand-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    const searched = page.waitForRequest(isCoverageSearch);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(new URL((await searched).url()).searchParams.get('wkt')).toBe(
      DENVER_WKT.replace('POLYGON((', 'POLYGON ((').replace(/\)\)$/, '))'),
    );
    await expect(page.getByRole('tab', { name: 'Area search' })).toHaveAttribute('aria-selected', 'true');
    await expect(areaSize(page)).toBeVisible();
    await expect(results(page).getByRole('option')).toHaveCount(6);
  },
);

test(
  "a refused tile list and an offline search keep the area: the service's reasons with Retry, and the search " +
    'resumes online',
  async ({ page, context }) => {
    await signInWithDemo(page);
    await openAreaSearch(page);
    await importFile(page, GEOJSON_FIXTURE);
    await expect(results(page).getByRole('option')).toHaveCount(6);
    const size = await areaSize(page).textContent();

    // A tile list over the service's cap: asked first, then refused with the service's reasons.
    await results(page).getByRole('option').first().click();
    await expect(page.getByTestId('tile-count')).toBeVisible();
    await page.getByLabel('Tile zoom').selectOption('20');
    const group = page.getByRole('group', { name: 'Large tile list' });
    await expect(group).toContainText('will likely refuse it');
    const refused = page.waitForResponse((r) => isTileList(r) && r.status() === 422);
    await group.getByRole('button', { name: /^List more than [\d,]+ tiles$/ }).click();
    const correlationId = (await refused).headers()['x-correlation-id'];
    const tilesAlert = page.getByRole('alert').filter({ hasText: 'Could not list the tiles' });
    await expect(tilesAlert).toContainText('HTTP 422');
    await expect(tilesAlert).toContainText('the limit is 10,000');
    await expect(tilesAlert).toContainText(correlationId);
    await expect(tilesAlert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(areaSize(page)).toHaveText(size!);

    // Offline, a new search waits for the connection instead of failing, and runs when it is back.
    await context.setOffline(true);
    await page.getByLabel('Observed from').fill('2025-01-01');
    await expect(page.getByRole('status').filter({ hasText: 'The browser is offline' })).toBeVisible();
    await expect(areaSize(page)).toHaveText(size!);
    const searched = page.waitForRequest(isCoverageSearch);
    await context.setOffline(false);
    expect(new URL((await searched).url()).searchParams.get('observed_start')).toBe('2025-01-01');
    await expect(results(page).getByRole('option').first()).toBeVisible();
    expect(await results(page).getByRole('option').count()).toBeLessThan(6);
  },
);

test('a failing service: the search shows status, message and correlation id with Retry, and the area stays', async ({
  page,
}) => {
  const service = await spawnService(['--quiet', '--faults', '503:1']);
  try {
    const failures: { status: number; correlationId: string }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === COVERAGE_PATH)
        failures.push({ status: r.status(), correlationId: r.headers()['x-correlation-id'] });
    });
    await openViewer(page, service.origin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0);
    await openAreaSearch(page);
    await importFile(page, GEOJSON_FIXTURE);
    const alert = page.getByRole('alert').filter({ hasText: 'Coverage search failed' });
    await expect(alert).toContainText('HTTP 503');
    await expect(alert).toContainText('temporarily unavailable');
    expect(failures.length).toBeGreaterThan(0);
    await expect(alert).toContainText(failures.at(-1)!.correlationId);
    await expect(areaSize(page)).toHaveText('33.3 km²');

    const before = failures.length;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => failures.length).toBeGreaterThan(before);
    await expect(areaSize(page)).toHaveText('33.3 km²');
  } finally {
    await service.stop();
  }
});

test("against the provider's shapes: results from WKT footprints, tile addresses from the URLs", async ({ page }) => {
  const origin = `http://127.0.0.1:${PORTS.provider}`;
  const bodies: string[] = [];
  page.on('response', async (r) => {
    if (new URL(r.url()).pathname === COVERAGE_PATH && r.ok()) bodies.push(await r.text());
  });
  await openViewer(page, origin);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0);
  await openAreaSearch(page);
  await importFile(page, GEOJSON_FIXTURE);
  await expect(results(page).getByRole('option')).toHaveCount(6);
  expect(bodies.some((body) => /"footprint":"(MULTI)?POLYGON/.test(body))).toBe(true);
  await expect(results(page).getByRole('option').first()).toContainText('Cloud —');
  const percentages = await listedPercentages(page);
  expect(percentages.every((p) => p > 0 && p <= 100)).toBe(true);

  const answer = page.waitForResponse((r) => isTileList(r));
  await results(page).getByRole('option').first().click();
  const nested = (await (await answer).json()) as { static_url: string }[][];
  expect(Array.isArray(nested[0])).toBe(true);
  await expect(page.getByTestId('tile-count')).toContainText(`${nested.length} tiles at z16`);
});
