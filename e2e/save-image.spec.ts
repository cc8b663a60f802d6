import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { expect, mapSettled, showBox, test } from './support.ts';

/** Mean R, G, B of the middle half of an RGBA image. */
function centreMean({ width, height, data }: PNG): number[] {
  const sums = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(height / 4); y < (height * 3) / 4; y++) {
    for (let x = Math.floor(width / 4); x < (width * 3) / 4; x++) {
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) sums[c] += data[i + c];
      n++;
    }
  }
  return sums.map((s) => s / n);
}

test('Save image: the map drawn again at twice the screen’s pixels, showing what the screen shows', async ({
  page,
}) => {
  await page.goto('/?e2e#survey=2024Q1-CO-DEN');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('2024Q1-CO-DEN').first()).toBeVisible();
  await showBox(page, [-105.0, 39.735, -104.985, 39.745]);
  await mapSettled(page);

  const canvas = page.locator('.maplibregl-canvas').first();
  const screen = PNG.sync.read(await canvas.screenshot());
  const panel = page.getByRole('group', { name: 'Map layers and usage' });
  await panel.getByLabel('Image size').selectOption('2');
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Save image' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^survey-map-\d{8}-\d{6}@2x\.png$/);
  await download.saveAs('test-results/save-image@2x.png');
  const image = PNG.sync.read(await readFile('test-results/save-image@2x.png'));

  // Twice the map's CSS pixels each way, drawn at that resolution (not the screen's pixels scaled up).
  const css = (await canvas.boundingBox())!;
  expect([image.width, image.height]).toEqual([Math.round(css.width) * 2, Math.round(css.height) * 2]);
  // The same place: the imagery's mean colour over the middle half matches the screen's within a few levels.
  const [a, b] = [centreMean(image), centreMean(screen)];
  for (let c = 0; c < 3; c++) expect(Math.abs(a[c] - b[c])).toBeLessThan(6);
  await expect(panel.getByRole('button', { name: 'Save image' })).toBeEnabled();
});

/** Mean R, G, B of a band of an RGBA image between fractions x0 and x1 of its width (and 0.35–0.6 of its height). */
function bandMean({ width, height, data }: PNG, x0: number, x1: number): number[] {
  const sums = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(height * 0.35); y < height * 0.6; y++) {
    for (let x = Math.floor(width * x0); x < width * x1; x++) {
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) sums[c] += data[i + c];
      n++;
    }
  }
  return sums.map((s) => s / n);
}

test('Save image while swiping a comparison: each side of the divider as the screen shows it', async ({ page }) => {
  await page.goto('/?e2e#map=15.5/39.7401/-104.9925&compare=2024Q1-CO-DEN,2025Q3-CO-DEN');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await mapSettled(page);
  await page.waitForFunction(() => {
    const overlay = window.__surveyViewer?.compareMap?.();
    return overlay?.loaded() && overlay.areTilesLoaded();
  });
  // The screen as the user sees it: both maps, the second clipped right of the divider (the middle). The bands compared
  // are clear of the compare panel, the divider's handle and the layers panel.
  const screen = PNG.sync.read(await page.locator('.maplibregl-map').first().screenshot());
  const panel = page.getByRole('group', { name: 'Map layers and usage' });
  await panel.getByLabel('Image size').selectOption('1');
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Save image' }).click();
  await (await downloading).saveAs('test-results/save-image-swipe.png');
  const image = PNG.sync.read(await readFile('test-results/save-image-swipe.png'));
  for (const [x0, x1] of [
    [0.2, 0.4],
    [0.6, 0.75],
  ]) {
    const [a, b] = [bandMean(image, x0, x1), bandMean(screen, x0, x1)];
    for (let c = 0; c < 3; c++) expect(Math.abs(a[c] - b[c]), `band ${x0}–${x1}`).toBeLessThan(8);
  }
  // (A and B differ plainly there — grey streets against green yards — so a right band drawn from A would not match.)
});
