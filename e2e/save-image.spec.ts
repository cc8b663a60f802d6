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
