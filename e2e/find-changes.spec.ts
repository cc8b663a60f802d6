import { PNG } from 'pngjs';
import { latOfTileY, lonOfTileX } from '../core/geo/tile-address.ts';
import { demoCatalog } from '../server/catalog/demo.ts';
import { tileTruth } from '../server/imagery/render/built-state.ts';
import {
  expect,
  expectAccessibleInBothThemes,
  mapSettled,
  pasteArea,
  readmePicture,
  signInWithDemo,
  test,
} from './support.ts';

/** Las Vegas: two clear captures, January 2022 and 2025, with quarters built between them beside older streets. */
const BEFORE = '2022-P1-NV-LAS';
const AFTER = '2025Q1-NV-LAS';
/**
 * Zoom-17 tiles x 23620–23623, y 51375–51377 (12 tiles, kept off their neighbours by a twentieth of a tile): a column
 * of tiles built over (all of them, by the renderer's truth), half-built ones, and a column with nothing built.
 */
const [WEST, EAST] = [lonOfTileX(23_620.05, 17), lonOfTileX(23_623.95, 17)];
const [NORTH, SOUTH] = [latOfTileY(51_375.05, 17), latOfTileY(51_377.95, 17)];
const AREA = `POLYGON((${WEST} ${SOUTH}, ${EAST} ${SOUTH}, ${EAST} ${NORTH}, ${WEST} ${NORTH}, ${WEST} ${SOUTH}))`;
/** The heat map's ring colours, as the legend shows them. */
const LEGEND = [
  [0xff, 0xd2, 0x1f],
  [0xff, 0x7b, 0x00],
  [0xff, 0x2e, 0x88],
];

const catalog = demoCatalog();
const survey = (id: string) => catalog.find((s) => s.id === id)!;
/** The renderer's truth: the share of a tile whose built state differs between the two captures. */
function changedShare(tile: string): number {
  const [z, x, y] = tile.split('/').map(Number);
  const { changed } = tileTruth(survey(BEFORE), survey(AFTER), z, x, y);
  return changed.reduce((sum, share) => sum + share, 0) / changed.length;
}

/** Pixels of a screenshot near each colour. */
function pixelsNear(png: Buffer, colours: number[][]): number[] {
  const { data } = PNG.sync.read(png);
  const counts = colours.map(() => 0);
  for (let p = 0; p < data.length; p += 4)
    colours.forEach(([r, g, b], k) => {
      if (Math.abs(data[p] - r) + Math.abs(data[p + 1] - g) + Math.abs(data[p + 2] - b) < 40) counts[k]++;
    });
  return counts;
}

test('Find changes ranks built spots first, draws a heat map, comes back from the link, steps with N @readme', async ({
  page,
}) => {
  // Two runs of 12 tile pairs (24 tiles the service renders, then from its cache) and a swipe.
  test.setTimeout(120_000);
  await signInWithDemo(page);
  await pasteArea(page, AREA);
  const panel = page.getByRole('region', { name: 'Find changes' });
  // The choice opens when asked for (an area's answer may list thousands of surveys).
  await panel.getByRole('button', { name: 'Choose two captures' }).click();
  await expect(panel).toContainText('This area: 12 tiles.');
  await panel.getByLabel('Before', { exact: true }).selectOption(BEFORE);
  await panel.getByLabel('After', { exact: true }).selectOption(AFTER);
  // The heat map is drawn as tiles end, not when the run does: the tiles with (next to) nothing built are held back
  // until the built ones' cells are on the map, the run still going; then the real service answers them.
  const tileRoute = new RegExp(`/tile/v2/(?:${BEFORE}|${AFTER})/17/(\\d+)/(\\d+)\\.jpeg`);
  let letGo = () => {};
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  await page.route(tileRoute, async (route) => {
    const [, x, y] = tileRoute.exec(route.request().url()) ?? [];
    if (changedShare(`17/${x}/${y}`) < 0.01) await held;
    await route.continue();
  });
  const heatMapFeatures = () =>
    page.evaluate(() => {
      const source = window.__surveyViewer!.map.getSource('find-changes') as
        | { serialize(): { data: { features: unknown[] } } }
        | undefined;
      return source?.serialize().data.features.length ?? 0;
    });
  await panel.getByRole('button', { name: 'Find changes' }).click();
  await expect.poll(heatMapFeatures).toBeGreaterThan(0);
  await expect(panel.getByRole('progressbar', { name: 'Find changes progress' })).toBeVisible();
  await expect(panel.getByTestId('find-changes-summary')).toHaveCount(0);
  letGo();

  const changes = page.getByRole('list', { name: 'Changes' });
  const spots = changes.getByRole('button');
  await expect(spots.first()).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('find-changes-summary')).toContainText(`${BEFORE} → ${AFTER}: 12 tiles compared`);
  // The top-ranked spots are true changes by the renderer's own truth.
  const top = await spots.evaluateAll((items) => items.slice(0, 3).map((item) => item.getAttribute('data-tile')!));
  expect(top.length).toBe(3);
  for (const tile of top) expect(changedShare(tile), tile).toBeGreaterThan(0.1);

  // The heat map: rings (lines only, nothing filled over the imagery).
  const heatLayers = () =>
    page.evaluate(() =>
      window
        .__surveyViewer!.map.getStyle()
        .layers.filter((layer) => layer.id.startsWith('find-changes'))
        .map((layer) => ({ id: layer.id, type: layer.type })),
    );
  await expect.poll(async () => (await heatLayers()).length).toBeGreaterThan(0);
  expect(new Set((await heatLayers()).map((layer) => layer.type))).toEqual(new Set(['line']));
  // The legend's colours are on the map (over the basemap, which has none of them: no survey's imagery is shown yet).
  await mapSettled(page);
  const shot = await page
    .getByRole('region', { name: 'Survey map' })
    .screenshot({ path: 'test-results/screenshots/find-changes-map.png' });
  const [yellow, orange, pink] = pixelsNear(shot, LEGEND);
  expect(yellow, `pixels in the legend's colours: ${[yellow, orange, pink]}`).toBeGreaterThan(100);
  expect(orange + pink, `pixels in the legend's colours: ${[yellow, orange, pink]}`).toBeGreaterThan(20);

  // The page's link restores the comparison: after a reload (and signing in again) the same spots come back.
  await expect(page).toHaveURL(new RegExp(`changes=${BEFORE},${AFTER}`));
  await page.reload();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(spots.first()).toHaveAttribute('data-tile', top[0], { timeout: 30_000 });
  await expect(panel.getByLabel('Before', { exact: true })).toHaveValue(BEFORE);
  await expectAccessibleInBothThemes(page, '.find-changes');

  // A click opens the swipe at the spot, with the heat map over both captures (the guide's picture).
  await spots.first().click();
  await expect(spots.first()).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('slider', { name: /Swipe divider/ })).toBeVisible();
  await mapSettled(page);
  // The swipe's second map (side B) has drawn its tiles too.
  await page.waitForFunction(() => {
    const overlay = window.__surveyViewer?.compareMap?.();
    return !!overlay && overlay.loaded() && overlay.areTilesLoaded();
  });
  await readmePicture(page, 'find-changes');

  // N steps to the next spot.
  await page.keyboard.press('n');
  await expect(spots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(spots.first()).not.toHaveAttribute('aria-current');
});
