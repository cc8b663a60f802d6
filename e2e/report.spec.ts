import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { centerOfMass, intersect } from '@turf/turf';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { annotationsLinkParam } from '../src/features/annotations/annotation-link.ts';
import { accessToken, expect, mapSettled, pointOf, showBox, test, transitionsDone, readmePicture } from './support.ts';

const run = promisify(execFile);

/** Denver at about z15: the demo imagery's city. */
const BOX: [number, number, number, number] = [-105.0, 39.735, -104.985, 39.745];

async function clickAt(page: Page, lonLat: [number, number]) {
  const { x, y } = await pointOf(page, lonLat);
  await page.mouse.click(x, y);
}

/** Variance of the grey level over a region of a rendered page (fractions of its size): high where a picture is. */
function greyVariance(png: PNG, [x0, y0, x1, y1]: [number, number, number, number]): number {
  const values: number[] = [];
  for (let y = Math.floor(png.height * y0); y < png.height * y1; y++)
    for (let x = Math.floor(png.width * x0); x < png.width * x1; x++) {
      const i = (y * png.width + x) * 4;
      values.push((png.data[i] + png.data[i + 1] + png.data[i + 2]) / 3);
    }
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
}

test('Export report: a PDF of the map at print resolution with the imagery’s capture dates, read by poppler', {
  tag: '@readme',
}, async ({ page }) => {
  test.setTimeout(120_000);
  // An annotation in view (here from a link) goes into the report's table and onto its map.
  const pin = annotationsLinkParam([
    {
      id: '00000000-0000-4000-8000-00000000aaaa',
      kind: 'point',
      geometry: { type: 'Point', coordinates: [-104.9925, 39.7405] },
      title: 'Skylight cracked',
      note: 'Seen from the street too.',
      imagery: null,
      measured: null,
      created: '2026-11-25T10:00:00.000Z',
      updated: '2026-11-25T10:00:00.000Z',
    },
  ]);
  await page.goto(`/?e2e#survey=2024Q1-CO-DEN&notes=${pin}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('2024Q1-CO-DEN').first()).toBeVisible();
  // A link's notes are added when the user says so.
  await page
    .getByRole('dialog', { name: 'This link carries 1 note' })
    .getByRole('button', { name: 'Add 1 note' })
    .click();
  await showBox(page, BOX);
  await mapSettled(page);

  // A measured distance goes into the report's facts.
  await page.getByRole('button', { name: 'Measure distance' }).click();
  for (const p of [
    [-104.998, 39.737],
    [-104.99, 39.739],
  ] as [number, number][])
    await clickAt(page, p);
  await page.getByRole('button', { name: 'Finish' }).click();
  const measured = (await page.getByTestId('measure-total').textContent())!;
  // The capture at the map centre, as the capture readout shows it: the report must name it too.
  const centreCapture = (await page.getByTestId('capture-survey').locator('.capture-readout__mosaic').textContent())!;

  const layers = page.getByRole('group', { name: 'Map layers and usage' });
  await layers.getByRole('button', { name: 'Export report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export report' });
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await dialog.getByLabel('Title').fill('Roof check, 1600 Glenarm Place');
  await dialog
    .getByLabel('Notes')
    .fill('North slope looks re-roofed since the previous capture.\nChecked by A. Analyst (Łukasz Kovalenko, Київ).');
  await dialog.getByLabel('Paper').selectOption('Letter');
  await dialog.getByLabel('Orientation').selectOption('landscape');

  for (const theme of ['light', 'dark']) {
    if (theme === 'dark') {
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Dark theme' }).click();
      await layers.getByRole('button', { name: 'Export report' }).click();
      // The form was kept while the dialog was closed.
      await expect(dialog.getByLabel('Title')).toHaveValue('Roof check, 1600 Glenarm Place');
    }
    await transitionsDone(page);
    const { violations } = await new AxeBuilder({ page }).include('.report-dialog').analyze();
    expect(violations.map((v) => `${theme}: ${v.id}`)).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await expect(layers.getByRole('button', { name: 'Export report' })).toBeFocused();
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await layers.getByRole('button', { name: 'Export report' }).click();
  await readmePicture(page, 'report-dialog');

  const downloading = page.waitForEvent('download', { timeout: 90_000 });
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^survey-report-\d{8}-\d{6}\.pdf$/);
  const dir = await mkdtemp(path.join(tmpdir(), 'report-e2e-'));
  const file = path.join(dir, 'report.pdf');
  await download.saveAs(file);
  await expect(dialog.getByRole('status')).toContainText(/Saved survey-report-.*\.pdf/);

  // poppler reads it: US Letter, landscape; the text holds what the analyst hands over.
  const info = (await run('pdfinfo', [file])).stdout;
  expect(info).toMatch(/Page size:\s+792 x 612 pts/);
  expect(info).toMatch(/Title:\s+Roof check, 1600 Glenarm Place/);
  const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
  for (const expected of [
    'Roof check, 1600 Glenarm Place',
    'North slope looks re-roofed since the previous capture.',
    // The report's fonts are files of the app (DejaVu): text in other scripts is written as typed.
    'Checked by A. Analyst (Łukasz Kovalenko, Київ).',
    '2024Q1-CO-DEN',
    'Measured distance',
    measured,
    'Natural Earth',
    'Annotations in view',
    'Skylight cracked',
    'Seen from the street too.',
  ])
    expect(text).toContain(expected);
  expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}( – [\d: -]+)? UTC/);
  // A long capture id may wrap in its column.
  expect(text.replace(/\s+/g, '')).toContain(centreCapture);
  const dpi = Number(/Map printed at (\d+) dpi/.exec(text)?.[1]);
  expect(dpi).toBeGreaterThanOrEqual(200);
  // The link goes back to this view, and carries no credential.
  expect(text.replace(/\s+/g, '')).toMatch(/Linktothisview:http:\/\/[^ ]+#[^ ]*survey=2024Q1-CO-DEN/);
  expect(text).not.toMatch(/api_key|access_token|Bearer/);

  // The rendered page holds the map (imagery, not a blank box) at the page's size.
  await run('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
  const pagePng = await readFile(path.join(dir, 'page.png'));
  const rendered = PNG.sync.read(pagePng);
  expect([rendered.width, rendered.height]).toEqual([1100, 850]);
  expect(greyVariance(rendered, [0.1, 0.15, 0.9, 0.5])).toBeGreaterThan(150);
  await page.setViewportSize({ width: 1100, height: 850 });
  await page.goto(`data:text/html,<body style="margin:0;background:%23888">`);
  await page.setContent(
    `<body style="margin:0;background:#888"><img src="data:image/png;base64,${pagePng.toString('base64')}"></body>`,
  );
  await readmePicture(page, 'report-page');
});

test('Export report while comparing: both sides printed whole, side by side, each with its captures', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await accessToken(request);
  const footprint = async (id: string): Promise<Feature<Polygon | MultiPolygon>> => {
    const answer = await request.get(`/tile/v2/${id}/footprint`, { headers: { Authorization: `Bearer ${token}` } });
    return { type: 'Feature', properties: {}, geometry: (await answer.json()).footprint };
  };
  const both = intersect({
    type: 'FeatureCollection',
    features: [await footprint('2024Q1-CO-DEN'), await footprint('2025Q3-CO-DEN')],
  });
  const [lng, lat] = centerOfMass(both!).geometry.coordinates;
  // A note written in Japanese, in view: the report's notes table prints it.
  const note = annotationsLinkParam([
    {
      id: '00000000-0000-4000-8000-00000000bbbb',
      kind: 'point',
      geometry: { type: 'Point', coordinates: [lng, lat] },
      title: '東京タワー',
      note: '屋根の点検',
      imagery: null,
      measured: null,
      created: '2026-11-25T10:00:00.000Z',
      updated: '2026-11-25T10:00:00.000Z',
    },
  ]);
  await page.goto(`/?e2e#map=15/${lat}/${lng}&compare=2024Q1-CO-DEN,2025Q3-CO-DEN&notes=${note}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('dialog', { name: 'This link carries 1 note' })
    .getByRole('button', { name: 'Add 1 note' })
    .click();
  await mapSettled(page);
  await page.waitForFunction(() => {
    const overlay = window.__surveyViewer?.compareMap?.();
    return overlay?.loaded() && overlay.areTilesLoaded();
  });

  await page
    .getByRole('group', { name: 'Map layers and usage' })
    .getByRole('button', { name: 'Export report' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Export report' });
  // Text in every script a user types: CJK from fonts fetched for it, and a character no font has named beforehand.
  await dialog.getByLabel('Title').fill('東京 — Łódź — Ελλάδα');
  await dialog.getByLabel('Notes').fill('屋根の北側に雹害 🏠');
  const undrawable = dialog.getByTestId('report-undrawable');
  await expect(undrawable).toHaveText('The PDF has no font for 🏠 (U+1F3E0): it will print as “?”.');
  await dialog.getByLabel('Notes').fill('屋根の北側に雹害。北京屋顶受损。');
  await expect(undrawable).toHaveCount(0);
  await dialog.getByLabel('Paper').selectOption('A4');
  await dialog.getByLabel('Orientation').selectOption('portrait');
  const downloading = page.waitForEvent('download', { timeout: 90_000 });
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'report-compare-')), 'report.pdf');
  await (await downloading).saveAs(file);

  expect((await run('pdfinfo', [file])).stdout).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
  const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
  for (const written of ['東京 — Łódź — Ελλάδα', '屋根の北側に雹害。北京屋顶受损。', '東京タワー', '屋根の点検'])
    expect(text).toContain(written);
  expect(text).toContain('Left (A): 2024Q1-CO-DEN');
  expect(text).toContain('Right (B): 2025Q3-CO-DEN');
  expect(text).toMatch(/Compared\s+2024Q1-CO-DEN \(left, A\) with 2025Q3-CO-DEN \(right, B\)/);
  const [, first, second] = /Map printed at (\d+) and (\d+) dpi/.exec(text) ?? [];
  expect(Number(first)).toBeGreaterThanOrEqual(200);
  expect(Number(second)).toBeGreaterThanOrEqual(200);
  // Each side's imagery is in the capture table, with its own dates.
  const rows = text.split('\n').filter((line) => /^\s*2024Q1-CO-DEN|^\s*2025Q3-CO-DEN/.test(line));
  expect(rows.some((row) => row.includes('2024Q1-CO-DEN') && /2024-\d\d-\d\d/.test(row))).toBe(true);
  expect(rows.some((row) => row.includes('2025Q3-CO-DEN') && /2025-\d\d-\d\d/.test(row))).toBe(true);
});
