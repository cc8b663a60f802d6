import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { FeatureCollection } from 'geojson';
import Papa from 'papaparse';
import { deflatedZeros, type Entry, zipOf } from '../src/test/zip-bomb.ts';
import { expect, signInWithDemo, test } from './support.ts';

const LOCATIONS = 'a CSV or TSV table, GeoJSON, KML/KMZ or a zipped shapefile';
const MiB = 1024 ** 2;

/** A real PNG's first bytes (signature and IHDR) and a PDF's: what a newcomer picked by mistake. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');

/** The longest main-thread task (ms) since `startLongTasks`: the tab froze ≥ 10 s on the zip bomb before. */
const startLongTasks = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { longest: number };
    w.longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longest = Math.max(w.longest, entry.duration);
    }).observe({ type: 'longtask' });
  });
const longestTask = (page: Page) => page.evaluate(() => (window as unknown as { longest: number }).longest);

test('files are sniffed before parsing; a zip bomb is refused with the reason, the tab responsive', async ({
  page,
}) => {
  await signInWithDemo(page);
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  const file = page.getByLabel('Locations file');
  const refusal = page.locator('.portfolio').getByRole('alert');

  // A PNG and a PDF were read as CSV ("336 rows, comma-separated", a column "�PNG"): now refused as what they are.
  await file.setInputFiles({ name: 'site-photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(refusal).toHaveText(`This file is not ${LOCATIONS}: it is a PNG image.`);
  await expect(page.getByRole('form', { name: /Columns of/ })).toHaveCount(0);
  await file.setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(refusal).toHaveText(`This file is not ${LOCATIONS}: it is a PDF document.`);

  // The zip bomb: 2 MB holding a 2 GB .dbf, honest about its size, then lying about it.
  const bomb = deflatedZeros(2048);
  const shp: Entry = { name: 'sites.shp', data: new Uint8Array([0, 0, 0x27, 0x0a]), declared: 4, method: 0 };
  const zip = (declared: number) => Buffer.from(zipOf([shp, { name: 'sites.dbf', data: bomb, declared, method: 8 }]));
  await startLongTasks(page);
  await file.setInputFiles({ name: 'sites.zip', mimeType: 'application/zip', buffer: zip(2048 * MiB) });
  await expect(refusal).toHaveText(
    'This ZIP archive is refused: sites.shp, sites.dbf would unpack to 2,049 MB; ' +
      'at most 256 MB is read from an archive.',
  );
  await file.setInputFiles({ name: 'sites-lying.zip', mimeType: 'application/zip', buffer: zip(1_000) });
  await expect(refusal).toContainText('sites.dbf unpacks to more than the 1,000 bytes it declares (a "zip bomb")');
  // The tab answered throughout: the archive is read in a worker, and stopped at its limits.
  await expect(page.getByRole('button', { name: 'Import locations' })).toBeEnabled();
  expect(await longestTask(page)).toBeLessThan(2_000);
  await page.screenshot({ path: 'test-results/portfolio-zip-bomb-refused.png' });

  // The area search's Import file sniffs the same way; the area stays as it was.
  await page.getByRole('tab', { name: 'Area' }).click();
  await page.getByLabel('Area file').setInputFiles({ name: 'aoi.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('alert')).toContainText(
    'aoi.png: This file is not GeoJSON, KML/KMZ or WKT: it is a PNG image. The area was not changed.',
  );
});

const LONG_NAME = 'Warehouse 14, Industrial Estate North, Commerce City, Colorado — loading bay B (night entrance)';
const HUGE = 'POLYGON((-112 33,-98 33,-98 45,-112 45,-112 33))';
/**
 * Seven rows: three not locations (the last row is one), one the service refuses (over its area limit), three to
 * check.
 */
const ROWS: [string, string, string][] = [
  ['Depot', 'POINT(-104.99 39.74)', 'checked'],
  ['Bad WKT', 'POLYGON((-105 39,', 'not read'],
  [LONG_NAME, 'POINT(-104.95 39.75)', 'checked'],
  ['Empty', '', 'not read'],
  ['Whole region', HUGE, 'refused'],
  ['Yard', 'POINT(-105.01 39.76)', 'checked'],
  ['Road', 'LINESTRING(-105 39.7,-104.9 39.8)', 'not read'],
];
const CSV = Papa.unparse({ fields: ['name', 'wkt', 'note'], data: ROWS.map(([name, wkt], i) => [name, wkt, `n${i}`]) });

async function exported(page: Page, button: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  return readFile((await (await downloading).path()) as string, 'utf8');
}
const csvRows = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

test('every input row is exported with its status; the map goes to the portfolio; names are whole', async ({
  page,
}) => {
  await signInWithDemo(page);
  await page.getByRole('tab', { name: 'Portfolio' }).click();

  // Columns not recognised: "Use these columns" is disabled and says why, beside it.
  await page.getByLabel('Locations file').setInputFiles({
    name: 'plain.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b\n1,2\n'),
  });
  const use = page.getByRole('button', { name: 'Use these columns' });
  await expect(use).toBeDisabled();
  await expect(use).toHaveAccessibleDescription('Choose the latitude and longitude columns.');
  await expect(page.getByText('Choose the latitude and longitude columns.')).toBeVisible();
  await page.screenshot({ path: 'test-results/portfolio-columns-missing.png' });

  await page.getByLabel('Locations file').setInputFiles({
    name: 'sites.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await use.click();
  await expect(page.getByText('4 locations from sites.csv · 3 rows not read')).toBeVisible();

  // The map went to the locations (the first view shows the whole of North America): every one in sight, and close.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const map = window.__surveyViewer!.map;
        if (map.isMoving()) return false;
        const bounds = map.getBounds();
        const corners: [number, number][] = [
          [-112, 33],
          [-98, 45],
          [-104.99, 39.74],
        ];
        return corners.every((p) => bounds.contains(p)) && bounds.getEast() - bounds.getWest() < 30;
      }),
    )
    .toBe(true);

  // Exported before any check: every row, each not read (why) or not checked.
  const before = csvRows(await exported(page, 'Export CSV'));
  expect(before.map((r) => [r.name, r.line, r.status])).toEqual(
    ROWS.map(([name, , status], i) => [name, String(i + 2), status === 'not read' ? status : 'not checked']),
  );
  expect(before[0].reason).toBe('the coverage check has not been run');

  await page.getByRole('button', { name: 'Check coverage' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The coverage check stopped' })).toContainText(
    'The service refused the location "Whole region" (line 6)',
  );

  // Every input line, in input order, with its status, reason and line; the refused one with the service's answer.
  const rows = csvRows(await exported(page, 'Export CSV'));
  expect(rows.map((r) => [r.name, r.wkt, r.note, r.line, r.status])).toEqual(
    ROWS.map(([name, wkt, status], i) => [name, wkt, `n${i}`, String(i + 2), status]),
  );
  expect(rows[1].reason).toMatch(/not well-formed WKT/);
  expect(rows[3].reason).toBe('the geometry is empty');
  expect(rows[6].reason).toBe('a LineString is not a location (points and polygons are)');
  expect(rows[4]).toMatchObject({ status: 'refused', service_status: '422' });
  expect(rows[4].reason).not.toBe('');
  expect(rows[4].correlation_id).toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  expect(rows[0].survey_count).not.toBe('');
  const geojson = JSON.parse(await exported(page, 'Export GeoJSON')) as FeatureCollection;
  expect(geojson.features.map((f) => [f.properties?.name, f.properties?.line, f.properties?.status])).toEqual(
    ROWS.map(([name, , status], i) => [name, i + 2, status]),
  );
  expect(geojson.features[6].geometry?.type).toBe('LineString');
  expect(geojson.features[4].properties).toMatchObject({ service_status: 422 });

  // The table: the refused location says so; a long name is whole (wrapped), at desktop and phone sizes.
  const table = page.getByRole('table', { name: 'Coverage of each location' });
  await expect(table.getByRole('row').filter({ hasText: 'Whole region' }).getByRole('cell').nth(1)).toHaveText(
    'refused',
  );
  const name = table.getByRole('button', { name: LONG_NAME });
  const whole = () =>
    name.evaluate((button) => button.scrollWidth <= button.clientWidth && button.scrollHeight <= button.clientHeight);
  await name.scrollIntoViewIfNeeded();
  await expect(name).toBeInViewport();
  expect(await whole()).toBe(true);
  await page.screenshot({ path: 'test-results/portfolio-statuses-1400.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await name.scrollIntoViewIfNeeded();
  await expect(name).toBeInViewport();
  expect(await whole()).toBe(true);
  await page.screenshot({ path: 'test-results/portfolio-statuses-390.png' });
});
