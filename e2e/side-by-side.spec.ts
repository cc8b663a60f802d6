import { readFile } from 'node:fs/promises';
import { centerOfMass, intersect } from '@turf/turf';
import { PNG } from 'pngjs';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { centreCell, searchAround } from '../src/features/timeline/timeline-area.ts';
import { spreadOver } from '../src/state/side-by-side-store.ts';
import { pdfImages, pdfText } from '../src/test/poppler-tools.ts';
import {
  accessToken,
  DEMO,
  expect,
  expectAccessibleInBothThemes,
  mapSettled,
  nextFrames,
  readmePicture,
  signInWithDemo,
  test,
  tileRequests,
} from './support.ts';

/** Central Denver, where the demo catalog has several surveys over the years. */
const DENVER: [number, number] = [-104.99, 39.74];

test.describe.configure({ timeout: 120_000 });

interface Found {
  id: string;
  capture_date_start: string;
  footprint: Polygon | MultiPolygon;
}

/** The captures the timeline finds around DENVER, oldest first, as the service answers. */
async function capturesAround(request: APIRequestContext, token: string): Promise<Found[]> {
  const answer = await request.get('/tile/v2/surveys/coverage', {
    params: { wkt: searchAround(centreCell(DENVER)).wkt },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as Found[]).sort(
    (a, b) => Date.parse(a.capture_date_start) - Date.parse(b.capture_date_start) || a.id.localeCompare(b.id),
  );
}

/** A point every one of the surveys covers. */
function sharedPoint(surveys: Found[]): [number, number] {
  const features = surveys.map(
    (s): Feature<Polygon | MultiPolygon> => ({
      type: 'Feature',
      properties: {},
      geometry: s.footprint,
    }),
  );
  const shared = features
    .slice(1)
    .reduce<Feature<Polygon | MultiPolygon> | null>(
      (all, f) => all && intersect({ type: 'FeatureCollection', features: [all, f] }),
      features[0],
    );
  expect(shared, 'the four captures overlap').not.toBeNull();
  return centerOfMass(shared!).geometry.coordinates as [number, number];
}

/** Whether a tap or click at the middle of the element reaches it (nothing lies over it). */
const onTop = (element: Locator) =>
  element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });

/** Which of `others` the element's box overlaps (their indexes). */
async function boxesMeet(element: Locator, others: Locator): Promise<number[]> {
  const a = (await element.boundingBox())!;
  const boxes = await others.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  return boxes.flatMap((b, i) =>
    a.x < b.right && b.left < a.x + a.width && a.y < b.bottom && b.top < a.y + a.height ? [i] : [],
  );
}

/** Every map's camera: the main one first, then the panes'. */
const cameras = (page: Page) =>
  page.evaluate(() => {
    const viewer = window.__surveyViewer!;
    return [viewer.map, ...(viewer.syncedMaps?.() ?? [])].map((map) => {
      const { lng, lat } = map.getCenter();
      return { lng, lat, zoom: map.getZoom() };
    });
  });

/** Waits until every pane has drawn its imagery and no map moves. */
async function panesSettled(page: Page, count: number) {
  await page.waitForFunction(
    (n) => {
      const panes = window.__surveyViewer?.syncedMaps?.() ?? [];
      return (
        panes.length === n &&
        panes.every((map) => map.loaded() && map.areTilesLoaded() && !map.isMoving() && !!map.getSource('side-by-side'))
      );
    },
    count,
    { timeout: 30_000 },
  );
}

async function expectAllEqual(page: Page) {
  const all = await cameras(page);
  for (const camera of all.slice(1)) {
    expect(camera.lng).toBeCloseTo(all[0].lng, 9);
    expect(camera.lat).toBeCloseTo(all[0].lat, 9);
    expect(camera.zoom).toBeCloseTo(all[0].zoom, 9);
  }
  return all[0];
}

test('side by side: four captures in a 2×2 grid move together, each labelled; its link reopens them @readme', async ({
  page,
  browser,
  request,
}) => {
  const token = await accessToken(request);
  const found = await capturesAround(request, token);
  expect(found.length).toBeGreaterThanOrEqual(4);
  const chosen = spreadOver(found);
  const ids = chosen.map((s) => s.id);
  const place = sharedPoint(chosen);
  const tiles = tileRequests(page);
  const meter = page.getByRole('group', { name: 'Map layers and usage' }).locator('output');

  await signInWithDemo(page);
  await page.evaluate((centre) => window.__surveyViewer!.map.jumpTo({ center: centre, zoom: 12 }), DENVER);
  await mapSettled(page);
  const usageBefore = Number(await meter.textContent());

  // Chosen from the timeline: four of its captures, spread over time.
  await page.getByRole('button', { name: 'Timeline' }).click();
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  const grid = page.getByRole('region', { name: 'Side by side', exact: true });
  await expect(grid).toBeVisible();
  const panes = grid.locator('.side-by-side__pane');
  await expect(panes).toHaveCount(4);
  // The open timeline and the map layers (a button with the session's tile count) sit in a band under the maps: the
  // strip covered the lower maps' foot, the grid the usage meter.
  const layersButton = page
    .getByRole('group', { name: 'Map layers and usage' })
    .getByRole('button', { name: 'Layers' });
  await expect(layersButton).toContainText(/\d+ tiles/);
  expect(await onTop(layersButton)).toBe(true);
  for (const covering of [page.getByRole('region', { name: 'Timeline' }), layersButton])
    expect(await boxesMeet(covering, grid.locator('.side-by-side__map'))).toEqual([]);
  await page.getByRole('button', { name: 'Timeline' }).click();
  await page.evaluate((centre) => window.__surveyViewer!.map.jumpTo({ center: centre, zoom: 15 }), place);

  // Each labelled with its survey and capture date.
  for (const [i, survey] of chosen.entries()) {
    const pane = grid.getByRole('region', { name: `Capture ${i + 1}: ${survey.id}` });
    await expect(pane).toContainText(survey.id);
    await expect(pane.locator('.compare-side__window')).toContainText(survey.capture_date_start.slice(0, 4));
    await expect(pane.getByRole('region', { name: `Map of ${survey.id}` })).toBeVisible();
  }
  // A 2×2 grid: two columns, two rows.
  const boxes = await panes.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes[1].left).toBeGreaterThan(boxes[0].left);
  expect(boxes[1].top).toBeCloseTo(boxes[0].top, 0);
  expect(boxes[2].top).toBeGreaterThan(boxes[0].top);
  expect(boxes[2].left).toBeCloseTo(boxes[0].left, 0);
  await panesSettled(page, 4);
  await expectAllEqual(page);

  // Every pane's imagery came from the service, and each of its tiles is on the usage meter.
  const paneTiles = new Set(
    tiles.map((r) => r.url()).filter((url) => ids.some((id) => url.includes(`/tile/v2/${id}/16/`))),
  );
  for (const id of ids) expect([...paneTiles].some((url) => url.includes(`/tile/v2/${id}/`))).toBe(true);
  expect(Number(await meter.textContent()) - usageBefore).toBeGreaterThanOrEqual(paneTiles.size);

  // The pointer over one map reads the capture of the same tile on every one.
  const first = (await grid.getByRole('region', { name: `Map of ${ids[0]}` }).boundingBox())!;
  await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
  for (const i of [1, 2, 3, 4]) {
    const readout = grid.getByTestId(`cursor-capture-${i}`);
    await expect(readout).toContainText(/Tile 16\/\d+\/\d+:/);
    await expect(readout).not.toContainText('looking up');
  }
  const keys = await grid
    .locator('.compare-side__tile-label')
    .evaluateAll((els) => new Set(els.map((el) => el.textContent)).size);
  expect(keys).toBe(1);
  await readmePicture(page, 'side-by-side');

  // Save image draws the grid that is shown, each map under its survey, not the main map beneath it.
  const mapBoxes = await grid
    .locator('.side-by-side__map')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  const gridWidth = Math.max(...mapBoxes.map((b) => b.right)) - Math.min(...mapBoxes.map((b) => b.left));
  const gridHeight = Math.max(...mapBoxes.map((b) => b.bottom)) - Math.min(...mapBoxes.map((b) => b.top));
  await layersButton.click();
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save image' }).click();
  const png = PNG.sync.read(await readFile((await (await saving).path())!));
  expect(png.width).toBeCloseTo(2 * gridWidth, -1);
  // Two rows of maps, each with its caption band (22 px) above.
  expect(png.height).toBeCloseTo(2 * (gridHeight + 2 * 22), -1);
  // The report too: its map is the grid's picture, and its capture table names the four surveys.
  await page.getByRole('button', { name: 'Export report' }).click();
  const report = page.getByRole('dialog', { name: 'Export report' });
  const exporting = page.waitForEvent('download', { timeout: 90_000 });
  await report.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = (await (await exporting).path())!;
  const text = pdfText(pdf);
  for (const id of ids) expect(text).toContain(id);
  const [image] = pdfImages(pdf);
  expect(image.width / image.height).toBeCloseTo(gridWidth / (gridHeight + 2 * 22), 1);
  await page.keyboard.press('Escape');
  await layersButton.click();

  // Dragging one map moves all of them (and the main map beneath).
  const third = (await grid.getByRole('region', { name: `Map of ${ids[2]}` }).boundingBox())!;
  const start = { x: third.x + third.width / 2, y: third.y + third.height / 2 };
  await page.mouse.move(start.x, start.y);
  await nextFrames(page);
  await page.mouse.down();
  await nextFrames(page);
  await page.mouse.move(start.x - 100, start.y - 60, { steps: 10 });
  await page.mouse.up();
  await panesSettled(page, 4);
  const dragged = await expectAllEqual(page);
  expect(Math.abs(dragged.lng - place[0])).toBeGreaterThan(1e-4);

  // Zooming another by keyboard zooms all.
  await grid.getByRole('region', { name: `Map of ${ids[1]}` }).focus();
  await page.keyboard.press('Equal');
  await expect.poll(async () => (await cameras(page))[2].zoom).toBeCloseTo(16, 5);
  await panesSettled(page, 4);
  await expectAllEqual(page);

  // The link holds the four captures and the camera, and no credential.
  await expect.poll(() => page.evaluate(() => location.hash)).toContain(`sbs=${ids.join(',')}`);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/map=16\//);
  const link = await page.evaluate(() => location.href);
  expect(link).not.toMatch(/api_key|token|secret/i);
  const [, zoom, lat, lng] = /map=([\d.]+)\/([-\d.]+)\/([-\d.]+)/.exec(link)!.map(Number);

  // Opened on a phone (a new page, signed in anew), it shows the same captures at the same camera, in reach.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await phone.goto(link);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  const reopened = phone.getByRole('region', { name: 'Side by side', exact: true });
  for (const [i, survey] of chosen.entries()) {
    const pane = reopened.getByRole('region', { name: `Capture ${i + 1}: ${survey.id}` });
    await expect(pane).toBeVisible();
    // Dated though the catalog's first page does not hold it: looked up by the link's id.
    await expect(pane.locator('.compare-side__window')).toContainText(survey.capture_date_start.slice(0, 4));
  }
  await panesSettled(phone, 4);
  const restored = await expectAllEqual(phone);
  expect(restored.zoom).toBeCloseTo(zoom, 5);
  expect(restored.lat).toBeCloseTo(lat, 5);
  expect(restored.lng).toBeCloseTo(lng, 5);
  for (const box of await reopened
    .locator('.side-by-side__map')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.width).toBeGreaterThan(150);
    expect(box.height).toBeGreaterThan(100);
    expect(box.right).toBeLessThanOrEqual(390);
  }
  await phone.screenshot({ path: 'test-results/screenshots/side-by-side-phone.png' });
  await phone.close();

  // Closed, the main map is where the grid was, and the link no longer names the captures.
  await grid.getByRole('button', { name: 'Close side by side' }).click();
  await expect(grid).toBeHidden();
  expect(await page.evaluate(() => window.__surveyViewer!.syncedMaps!().length)).toBe(0);
  await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('sbs=');
});

test('a side-by-side link opened with an API key: two captures in a row, the key on tiles, not in the link', async ({
  page,
  request,
}) => {
  const token = await accessToken(request);
  const [older, newer] = spreadOver(await capturesAround(request, token), 2);
  const [lng, lat] = sharedPoint([older, newer]);
  const issued = await request.post('/oauth/static_key', {
    data: { client_id: DEMO.clientId, client_secret: DEMO.clientSecret },
  });
  const apiKey: string = (await issued.json()).api_key;
  const tiles = tileRequests(page);

  await page.goto(`/?e2e#map=15/${lat.toFixed(5)}/${lng.toFixed(5)}&sbs=${older.id},${newer.id}`);
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.getByRole('textbox', { name: 'API key' }).fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const grid = page.getByRole('region', { name: 'Side by side', exact: true });
  const [left, right] = [older, newer].map((s, i) => grid.getByRole('region', { name: `Capture ${i + 1}: ${s.id}` }));
  await expect(left).toBeVisible();
  await expect(right).toBeVisible();
  const [a, b] = [(await left.boundingBox())!, (await right.boundingBox())!];
  expect(b.x).toBeGreaterThan(a.x + a.width - 1);
  expect(b.y).toBeCloseTo(a.y, 0);
  await panesSettled(page, 2);
  await expectAllEqual(page);

  const map = (await grid.getByRole('region', { name: `Map of ${older.id}` }).boundingBox())!;
  await page.mouse.move(map.x + map.width / 2, map.y + map.height / 2);
  for (const i of [1, 2]) await expect(grid.getByTestId(`cursor-capture-${i}`)).not.toContainText('looking up');
  for (const id of [older.id, newer.id]) {
    const ofPane = tiles.filter((t) => t.url().includes(`/tile/v2/${id}/`));
    expect(
      ofPane.some((t) => /\/16\/\d+\/\d+\?api_key=/.test(t.url())),
      `z16 tiles of ${id}`,
    ).toBe(true);
    expect(
      ofPane.some((t) => t.url().includes('metadata=true')),
      `tile metadata of ${id}`,
    ).toBe(true);
    for (const tile of ofPane) {
      expect(new URL(tile.url()).searchParams.get('api_key')).toBe(apiKey);
      expect(await tile.headerValue('authorization')).toBeNull();
    }
  }
  await expect.poll(() => page.evaluate(() => location.hash)).toContain(`sbs=${older.id},${newer.id}`);
  expect(await page.evaluate(() => location.href)).not.toContain(apiKey);

  // Labels and controls have accessible names and contrast in both themes (the maps repaint with the theme).
  await expectAccessibleInBothThemes(page, '.side-by-side');
});
