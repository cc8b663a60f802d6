import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { booleanPointInPolygon, point } from '@turf/turf';
import type { Polygon } from 'geojson';
import { PNG } from 'pngjs';
import { GATEWAY_ACCESS_KEY, PORTS } from '../playwright.config.ts';
import { gdalinfo, maskAsAlpha, ogrFeatures, pixelsAt, validateCog } from '../core/test/gdal-tools.ts';
import {
  PROJECTION_SCHEMA,
  RASTER_SCHEMA,
  STAC_ITEM_SCHEMA,
  stacValidator,
} from '../src/test/stac-schemas/validate.ts';
import {
  accessToken,
  DEMO,
  expect,
  mapSettled,
  pasteArea,
  signInWithDemo,
  test,
  TILE_REQUEST,
  readmePicture,
  nextFrames,
} from './support.ts';

/** West Denver, which several demo surveys cover in parts: about 46 km², about 150 tiles at z16. */
const [WEST, SOUTH, EAST, NORTH] = [-105.125, 39.695, -105.045, 39.755];
const DENVER: [number, number][] = [
  [WEST, SOUTH],
  [EAST, SOUTH],
  [EAST, NORTH],
  [WEST, NORTH],
];
const SMALL_WKT = 'POLYGON((-105.1 39.71, -105.07 39.71, -105.07 39.73, -105.1 39.73, -105.1 39.71))';

/** EPSG:3857: half the equator's length, and a tile's span at zoom z. */
const ORIGIN_SHIFT = 20037508.342789244;
const tileSpan = (z: number) => (2 * ORIGIN_SHIFT) / 2 ** z;
const inverseX = (x: number) => (x / ORIGIN_SHIFT) * 180;
const inverseY = (y: number) => ((2 * Math.atan(Math.exp((y / ORIGIN_SHIFT) * Math.PI)) - Math.PI / 2) * 180) / Math.PI;
const tileLon = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const tileLat = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

// Exports of fresh tiles from the demo renderer on a shared 2-core machine: minutes, not seconds.
test.describe.configure({ timeout: 360_000 });

interface Provenance {
  features: {
    properties: {
      z: number;
      x: number;
      y: number;
      survey_id: string;
      mosaic_stac_id: string | null;
      capture_date_start: string | null;
      tile_url: string;
      status: string;
    };
  }[];
}

const dir = mkdtempSync(join(tmpdir(), 'geotiff-e2e-'));
test.afterAll(() => process.env.KEEP_EXPORTS || rmSync(dir, { recursive: true, force: true }));

async function saved(download: Download, name: string): Promise<string> {
  const path = join(dir, name);
  await download.saveAs(path);
  return path;
}

async function openAreaSearch(page: Page) {
  await page.getByRole('tab', { name: 'Area search' }).click();
  await expect(page.getByRole('button', { name: 'Draw polygon' })).toBeEnabled();
}

const results = (page: Page) => page.getByRole('listbox', { name: 'Coverage results' });
const meter = (page: Page) => page.getByRole('group', { name: 'Map layers and usage' }).locator('output');

/** Opens the dialog, picks the imagery and zoom, and waits for the plan; returns the dialog and its tile count. */
async function planExport(page: Page, imagery: RegExp, zoom: number, compression = /^JPEG/) {
  await page.getByRole('button', { name: 'Download GeoTIFF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download GeoTIFF' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(imagery).check();
  await dialog.getByLabel(compression).check();
  await dialog.getByLabel('Zoom').selectOption(String(zoom));
  const plan = dialog.getByTestId('geotiff-plan');
  await expect(plan).toContainText(new RegExp(`Tiles[\\d,]+ at z${zoom}`));
  const tiles = Number((await plan.textContent())!.match(/Tiles([\d,]+) at/)![1].replace(/,/g, ''));
  return { dialog, tiles };
}

/** Starts the export and saves the three files it makes, and the three in one ZIP; `name` is the app's stem. */
async function runExport(page: Page, dialog: ReturnType<Page['getByRole']>, stem: string) {
  const geotiff = page.waitForEvent('download', { timeout: 300_000 });
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  const tif = await saved(await geotiff, `${stem}.tif`);
  await expect(dialog.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  const provenanceDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save provenance GeoJSON' }).click();
  const provenance = await saved(await provenanceDownload, `${stem}.provenance.geojson`);
  const stacDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save STAC Item' }).click();
  const stac = await saved(await stacDownload, `${stem}.stac.json`);
  const zipDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save all as ZIP' }).click();
  const zip = await saved(await zipDownload, `${stem}.zip`);
  const name = (await zipDownload).suggestedFilename().replace(/\.zip$/, '');
  return { tif, provenance, stac, zip, name };
}

/** The service's own tile, as it sends it. */
async function serviceTileBytes(request: APIRequestContext, url: string): Promise<Buffer> {
  const token = await accessToken(request, '');
  const answer = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return answer.body();
}

const serviceTile = async (request: APIRequestContext, url: string): Promise<PNG> =>
  PNG.sync.read(await serviceTileBytes(request, url));

/** The service's JPEG of a tile, saved where GDAL can read it. */
async function serviceJpegFile(request: APIRequestContext, url: string): Promise<string> {
  const file = join(dir, `${url.split('/').slice(-3).join('-')}.jpg`);
  writeFileSync(file, await serviceTileBytes(request, `${url}.jpeg`));
  return file;
}

const rgbaAt = (png: PNG, x: number, y: number) => [...png.data.subarray((y * 256 + x) * 4, (y * 256 + x) * 4 + 4)];

type TileAt = { x: number; y: number };
/** The export's top-left tile: the smallest column and row among its tiles. */
const gridOrigin = (tiles: readonly TileAt[]): TileAt => ({
  x: Math.min(...tiles.map((t) => t.x)),
  y: Math.min(...tiles.map((t) => t.y)),
});
/** Where pixel (px, py) of a tile lies in the exported file whose top-left tile is `topLeft`. */
const filePixel = (topLeft: TileAt, tile: TileAt, px: number, py: number): [number, number] => [
  (tile.x - topLeft.x) * 256 + px,
  (tile.y - topLeft.y) * 256 + py,
];

/** The first test's zoom: the demo service renders each tile on first request, so tiles cost time. */
const ZOOM = 16;

test('draws an area and exports a best-available GeoTIFF of over 100 tiles that GDAL reads as a COG', {
  tag: '@readme',
}, async ({ page, request }) => {
  const imageryRequests: string[] = [];
  page.on('request', (r) => TILE_REQUEST.test(r.url()) && imageryRequests.push(r.url()));
  await signInWithDemo(page);
  await openAreaSearch(page);
  await page.evaluate(
    async (box) => {
      window.__surveyViewer!.map.fitBounds(box, { duration: 0, padding: 40 });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    },
    [
      // Room around the area, so that no corner falls under the map's controls or the timeline.
      [-105.16, 39.66],
      [-105.01, 39.79],
    ] as [[number, number], [number, number]],
  );
  await page.getByRole('button', { name: 'Draw polygon' }).click();
  await expect(page.getByRole('button', { name: 'Draw polygon' })).toHaveAttribute('aria-pressed', 'true');
  const box = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  for (const corner of [...DENVER, DENVER[0]]) {
    const p = await page.evaluate((ll) => window.__surveyViewer!.map.project(ll), corner);
    await page.mouse.click(box.x + p.x, box.y + p.y);
    await nextFrames(page); // the corner is taken before the next
  }
  // All four corners made it: 0.08° × 0.06° at 39.7° N is about 45.7 km².
  await expect(page.getByTestId('area-km2')).toHaveText(/^4[56]\.\d km²$/);
  await expect(results(page).getByRole('option').first()).toBeVisible();
  await mapSettled(page);
  const usageBefore = Number(await meter(page).textContent());
  const requestsBefore = imageryRequests.length;

  const { dialog, tiles } = await planExport(page, /^Best available/, ZOOM);
  expect(tiles).toBeGreaterThanOrEqual(100);
  // z16 pixels are 2.39 m at the equator, 1.84 m at 39.7° N.
  await expect(dialog).toContainText(/Ground resolution\s*1\.8\d m per pixel/);
  await expect(dialog).toContainText(`Each of the ${tiles} tiles is one imagery request`);
  // The size is an estimate, shown as a range; the file written lies within it (it once said 16.0 MB for 6.2 MB).
  const estimate = /^([\d.]+)[–-]([\d.]+) MB/.exec((await dialog.getByTestId('geotiff-estimate').textContent()) ?? '');
  expect(estimate, 'an estimated range in MB').not.toBeNull();

  const files = await runExport(page, dialog, 'best-available');
  const written = statSync(files.tif).size / 1024 ** 2;
  expect(written).toBeGreaterThanOrEqual(Number(estimate![1]) - 0.05);
  expect(written).toBeLessThanOrEqual(Number(estimate![2]) + 0.05);
  // Each tile request (from the worker) is on the usage meter.
  const exportRequests = imageryRequests.length - requestsBefore;
  expect(exportRequests).toBeGreaterThanOrEqual(tiles);
  await expect(meter(page)).toHaveText(String(usageBefore + exportRequests));
  await readmePicture(page, 'geotiff-export-done');

  // Provenance: every tile, the survey and capture that supplied it; best available draws on several surveys.
  const provenance = JSON.parse(readFileSync(files.provenance, 'utf8')) as Provenance;
  expect(provenance.features).toHaveLength(tiles);
  const tilesOf = provenance.features.map((f) => f.properties);
  expect(tilesOf.every((t) => t.status === 'exported' || t.status === 'no_imagery')).toBe(true);
  expect(tilesOf.every((t) => t.mosaic_stac_id && t.capture_date_start)).toBe(true);
  expect(new Set(tilesOf.map((t) => t.survey_id)).size).toBeGreaterThan(1);

  // The GeoTIFF, as GDAL sees it: EPSG:3857, one pixel per tile pixel, the tiles' exact extents, overviews, a COG.
  const topLeft = gridOrigin(tilesOf);
  const [x0, y0] = [topLeft.x, topLeft.y];
  const across = Math.max(...tilesOf.map((t) => t.x)) - x0 + 1;
  const down = Math.max(...tilesOf.map((t) => t.y)) - y0 + 1;
  const info = gdalinfo(files.tif);
  expect(info.coordinateSystem.wkt).toMatch(/ID\["EPSG",3857\]\]$/);
  expect(info.size).toEqual([across * 256, down * 256]);
  const span = tileSpan(ZOOM);
  const [ox, px, , oy, , py] = info.geoTransform;
  expect(ox).toBeCloseTo(-ORIGIN_SHIFT + x0 * span, 4);
  expect(oy).toBeCloseTo(ORIGIN_SHIFT - y0 * span, 4);
  expect(px).toBeCloseTo(span / 256, 8);
  expect(py).toBeCloseTo(-span / 256, 8);
  expect(info.bands[0].overviews).toHaveLength(Math.ceil(Math.log2(Math.max(across, down))));
  // The service's JPEG tiles, with GDAL's internal mask for what lies outside the area.
  expect(info.bands.map((b) => b.colorInterpretation)).toEqual(['Red', 'Green', 'Blue']);
  expect(info.bands[0].mask?.flags).toEqual(['PER_DATASET']);
  expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ LAYOUT: 'COG', COMPRESSION: 'YCbCr JPEG' });
  expect(validateCog(files.tif)).toMatch(/is a valid cloud optimized GeoTIFF/);

  // All three in one ZIP: the GeoTIFF stored as it is, which GDAL reads in place, with its companions beside it.
  const zipped = gdalinfo(`/vsizip/${files.zip}/${files.name}.tif`);
  expect(zipped.size).toEqual(info.size);
  expect(zipped.geoTransform).toEqual(info.geoTransform);
  expect(zipped.metadata.IMAGE_STRUCTURE).toMatchObject({ LAYOUT: 'COG' });
  expect(ogrFeatures(`/vsizip/${files.zip}/${files.name}.provenance.geojson`)).toHaveLength(tiles);
  expect(ogrFeatures(`/vsizip/${files.zip}/${files.name}.stac.json`)[0].properties).toMatchObject({
    'proj:epsg': 3857,
  });

  // Pixel values equal the service's JPEG tiles, as GDAL reads each alone, inside the area.
  const inside = tilesOf.filter(
    (t) =>
      t.status === 'exported' &&
      tileLon(t.x, ZOOM) > WEST + 0.005 &&
      tileLon(t.x + 1, ZOOM) < EAST - 0.005 &&
      tileLat(t.y, ZOOM) < NORTH - 0.005 &&
      tileLat(t.y + 1, ZOOM) > SOUTH + 0.005,
  );
  expect(inside.length).toBeGreaterThan(20);
  const samples: [number, number][] = [
    [5, 5],
    [128, 200],
    [250, 31],
  ];
  for (const tile of [inside[0], inside[Math.floor(inside.length / 2)], inside.at(-1)!]) {
    const alone = pixelsAt(await serviceJpegFile(request, tile.tile_url), samples);
    const inFile = pixelsAt(
      files.tif,
      samples.map(([x, y]) => filePixel(topLeft, tile, x, y)),
    );
    expect(inFile).toEqual(alone);
  }
  // The first overview: an 8 × 8 block of the file at full resolution, halved, within JPEG's losses (gdallocationinfo
  // takes an overview's pixels by the full resolution's coordinates).
  for (const tile of [inside[1], inside[Math.floor(inside.length / 3)], inside.at(-2)!]) {
    const [fx, fy] = filePixel(topLeft, tile, 96, 160);
    const block = (step: number) =>
      Array.from({ length: 64 / step ** 2 }, (_, i) => {
        const across = 8 / step;
        return [fx + step * (i % across), fy + step * Math.floor(i / across)] as const;
      });
    const mean = (values: number[][]) => [0, 1, 2].map((b) => values.reduce((sum, v) => sum + v[b], 0) / values.length);
    const full = mean(pixelsAt(files.tif, block(1)));
    const halved = mean(pixelsAt(files.tif, block(2), 0));
    expect(Math.max(...full.map((v, b) => Math.abs(v - halved[b]))), JSON.stringify({ full, halved })).toBeLessThan(6);
  }

  // Outside the area, masked; inside, not. Pixels whose centre and the points 2 px around it are all on one side of
  // the area's outline (read from the STAC Item: the drawn corners are where the clicks landed), where the service's
  // PNG of the tile is opaque around them (inside the survey's footprint), in the tiles the outline crosses.
  const stac = JSON.parse(readFileSync(files.stac, 'utf8'));
  const outline = stac.geometry as Polygon;
  const [west, south, east, north] = stac.bbox as number[];
  const sideOf = (tile: { x: number; y: number }, px: number, py: number) => {
    const sides = [
      [0, 0],
      [-2, 0],
      [2, 0],
      [0, -2],
      [0, 2],
    ].map(([dx, dy]) => {
      const mx = -ORIGIN_SHIFT + (tile.x + (px + 0.5 + dx) / 256) * span;
      const my = ORIGIN_SHIFT - (tile.y + (py + 0.5 + dy) / 256) * span;
      return booleanPointInPolygon(point([inverseX(mx), inverseY(my)]), outline);
    });
    return sides.every(Boolean) ? 'inside' : sides.some(Boolean) ? 'edge' : 'outside';
  };
  // Tiles one side of the outline crosses (corner tiles left out).
  const crossed = tilesOf.filter(
    (t) =>
      t.status === 'exported' &&
      [west, east].some((lon) => tileLon(t.x, ZOOM) < lon && lon < tileLon(t.x + 1, ZOOM)) !==
        [north, south].some((lat) => tileLat(t.y + 1, ZOOM) < lat && lat < tileLat(t.y, ZOOM)),
  );
  expect(crossed.length).toBeGreaterThan(4);
  const checks: { at: [number, number]; inside: boolean }[] = [];
  const opaqueAround = (png: PNG, px: number, py: number) =>
    [-2, 0, 2].every((dx) => [-2, 0, 2].every((dy) => rgbaAt(png, px + dx, py + dy)[3] === 255));
  for (const tile of crossed.slice(0, 8)) {
    const png = await serviceTile(request, tile.tile_url);
    for (let py = 4; py < 252; py += 12) {
      for (let px = 4; px < 252; px += 12) {
        if (!opaqueAround(png, px, py)) continue;
        const side = sideOf(tile, px, py);
        if (side === 'edge') continue;
        checks.push({ at: filePixel(topLeft, tile, px, py), inside: side === 'inside' });
      }
    }
  }
  const outside = checks.filter((c) => !c.inside);
  expect(outside.length).toBeGreaterThan(20);
  const alphas = pixelsAt(
    maskAsAlpha(files.tif),
    checks.map((c) => c.at),
  ).map((rgbm) => rgbm[3]);
  expect(alphas.filter((alpha, i) => !checks[i].inside && alpha !== 0)).toEqual([]);
  expect(alphas.filter((alpha, i) => checks[i].inside && alpha !== 255)).toEqual([]);

  // The STAC Item validates against the STAC schemas (offline) and describes this file.
  const validate = stacValidator();
  expect(validate(STAC_ITEM_SCHEMA, stac)).toEqual([]);
  expect(validate(PROJECTION_SCHEMA, stac)).toEqual([]);
  expect(validate(RASTER_SCHEMA, stac)).toEqual([]);
  expect(stac.properties['proj:shape']).toEqual([down * 256, across * 256]);
  expect(stac.properties['proj:epsg']).toBe(3857);
  expect(stac.assets.image.href).toBe(`./best-available-z${ZOOM}.tif`);
});

/**
 * Central Denver, about 10.6 km², where six demo surveys overlap: the newest, 2026-P1-CO-DEN (7.5 cm), is also the
 * cloudiest (39.8 %); 2025Q3-CO-DEN is older and clear (0 %, as is the older 2024Q1-CO-DEN).
 */
const CENTRAL_WKT = 'POLYGON((-105 39.73, -104.96 39.73, -104.96 39.758, -105 39.758, -105 39.73))';
const NEWEST_CLOUDY = '2026-P1-CO-DEN';
const OLDER_CLEAR = '2025Q3-CO-DEN';

test('opens at the finest zoom within the tile cap; "least cloud" takes the older, clear survey at each tile', {
  tag: '@readme',
}, async ({ page }) => {
  await signInWithDemo(page);
  await openAreaSearch(page);
  await pasteArea(page, CENTRAL_WKT);
  await expect(page.getByTestId('area-km2')).toHaveText(/^10\.\d km²$/);
  await expect(results(page).getByRole('option')).toHaveCount(6);

  // What the newcomer met: the imagery's 7.5 cm suits z20, where this area holds over 10,000 tiles. The dialog now
  // opens at z19, the finest zoom within the cap, with the tiles listed and Download enabled.
  await page.getByRole('button', { name: 'Download GeoTIFF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download GeoTIFF' });
  await expect(dialog.getByLabel('Zoom')).toHaveValue('19');
  await expect(dialog).toContainText("The imagery's 7.5cm suits z20");
  await expect(dialog).toContainText('Opened at z19, the finest within the 10,000-tile cap');
  const plan = dialog.getByTestId('geotiff-plan');
  await expect(plan).toContainText(/Tiles[\d,]+ at z19/, { timeout: 60_000 });
  const download = dialog.getByRole('button', { name: 'Download', exact: true });
  await expect(download).toBeEnabled();

  // The rule is explicit, and the dialog lists the surveys it uses. Newest (today's rule, the default): the newest
  // survey at every tile, however cloudy.
  const surveys = dialog.getByRole('table', { name: 'Surveys used' });
  const rows = surveys.locator('tbody tr');
  await expect(dialog.getByLabel(/^Newest/)).toBeChecked();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${NEWEST_CLOUDY}Apr 18, 202639.8 %`);
  // The rule took a cloudy survey: the plan says so, and where clearer imagery is.
  const flags = dialog.getByTestId('geotiff-flags');
  await expect(flags).toContainText(`${NEWEST_CLOUDY}: 39.8 % cloud cover, over 10 %: its tiles may show cloud.`);
  await expect(flags).toContainText('Least cloud, or a cloud limit, takes clearer imagery');
  // Least cloud: the older survey with no cloud at every tile (the newer of the two clear ones).
  await dialog.getByLabel(/^Least cloud/).check();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${OLDER_CLEAR}Sep 14, 20250 %`);
  await expect(surveys).toContainText('least cloud first');
  // …older imagery, and the newer survey passed over, flagged.
  await expect(flags).toContainText(new RegExp(`${OLDER_CLEAR}: captured Sep 14, 2025, \\d.* ago\\.`));
  await expect(flags).toContainText(`Newer imagery in the results is not used: ${NEWEST_CLOUDY}`);
  await expect(download).toBeEnabled();
  await readmePicture(page, 'geotiff-export');

  // A finer zoom than the cap allows: Download is disabled and says why, beside it.
  await dialog.getByLabel('Zoom').selectOption('20');
  await expect(download).toBeDisabled();
  await expect(dialog.getByText('Over 10,000 tiles at z20: choose a lower zoom.')).toBeVisible();
  await expect(download).toHaveAccessibleDescription('Over 10,000 tiles at z20: choose a lower zoom.');
  await dialog.screenshot({ path: 'test-results/geotiff-over-cap.png' });

  // A cloud limit under the newest rule: the three cloudiest surveys are left out, the newest of the rest is used.
  await dialog.getByLabel('Zoom').selectOption('15');
  await dialog.getByLabel(/^Newest/).check();
  await dialog.getByLabel('Max cloud cover').fill('30');
  await expect(rows.first()).toContainText(`${OLDER_CLEAR}Sep 14, 20250 %`);
  await expect(dialog.getByTestId('geotiff-left-out')).toContainText(`${NEWEST_CLOUDY} (cloud 39.8 %)`);
  await dialog.screenshot({ path: 'test-results/geotiff-cloud-limit.png' });
  await dialog.getByLabel('Max cloud cover').fill('');
  await expect(rows.first()).toContainText(NEWEST_CLOUDY);

  // The least-cloud file: every tile from the older, clear survey, the rule recorded beside it; GDAL reads it.
  await dialog.getByLabel(/^Least cloud/).check();
  await expect(rows.first()).toContainText(OLDER_CLEAR);
  const tiles = Number((await plan.textContent())!.match(/Tiles([\d,]+) at z15/)![1]);
  const files = await runExport(page, dialog, 'least-cloud');

  // After the export the plan stays in view; its files are offered only while the choice is the one exported.
  const saved = dialog.getByRole('status').filter({ hasText: /^Saved/ });
  await expect(rows.first()).toContainText(OLDER_CLEAR);
  await dialog.getByLabel(/^Newest/).check();
  await expect(saved).toHaveCount(0);
  await expect(rows.first()).toContainText(NEWEST_CLOUDY);
  await expect(download).toHaveText('Download');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Download GeoTIFF' }).click();
  await expect(plan).toContainText(/Tiles[\d,]+ at z15/);
  await expect(saved).toHaveCount(0);
  await dialog.getByLabel(/^Least cloud/).check();
  await expect(saved).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download again' })).toBeEnabled();
  expect(files.name).toBe('best-available-z15');
  const provenance = JSON.parse(readFileSync(files.provenance, 'utf8'));
  expect(provenance).toMatchObject({ selection_rule: 'least-cloud', max_cloud_cover: null });
  const tilesOf = (provenance as Provenance).features.map((f) => f.properties);
  expect(tilesOf).toHaveLength(tiles);
  expect(new Set(tilesOf.map((t) => t.survey_id))).toEqual(new Set([OLDER_CLEAR]));
  expect(tilesOf.every((t) => t.status === 'exported' && t.tile_url.includes(`/${OLDER_CLEAR}/`))).toBe(true);
  const stac = JSON.parse(readFileSync(files.stac, 'utf8'));
  expect(stac.properties).toMatchObject({
    'survey_viewer:selection_rule': 'least-cloud',
    'survey_viewer:surveys': [OLDER_CLEAR],
  });
  const info = gdalinfo(files.tif);
  expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ LAYOUT: 'COG', COMPRESSION: 'YCbCr JPEG' });
  expect(info.coordinateSystem.wkt).toMatch(/ID\["EPSG",3857\]\]$/);
});

test('with an API key, against the provider profile: the selected result, and no key in any exported file', async ({
  page,
  request,
}) => {
  const origin = `http://127.0.0.1:${PORTS.provider}`;
  const issued = await request.post(`${origin}/oauth/static_key`, {
    data: { client_id: DEMO.clientId, client_secret: DEMO.clientSecret },
  });
  const apiKey: string = (await issued.json()).api_key;
  await page.goto(`${origin}/?e2e`);
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.getByRole('textbox', { name: 'API key' }).fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0);
  await openAreaSearch(page);
  await pasteArea(page, SMALL_WKT);
  await results(page).getByRole('option').first().click();
  const surveyId = (await results(page).getByRole('option').first().getAttribute('data-survey-id'))!;

  const { dialog, tiles } = await planExport(page, /^Selected result/, 16);
  expect(tiles).toBeGreaterThan(4);
  const files = await runExport(page, dialog, 'selected-with-key');

  for (const file of [files.tif, files.provenance, files.stac, files.zip]) {
    const bytes = readFileSync(file).toString('latin1');
    expect(bytes).not.toContain(apiKey);
    expect(bytes).not.toContain('api_key');
  }
  const provenance = JSON.parse(readFileSync(files.provenance, 'utf8')) as Provenance;
  expect(provenance.features.every((f) => f.properties.survey_id === surveyId)).toBe(true);
  // The provider's capture-specific URLs, as its metadata gives them.
  expect(provenance.features[0].properties.tile_url).toContain(
    `/tile/v2/${surveyId}/${provenance.features[0].properties.mosaic_stac_id}/16/`,
  );
  const info = gdalinfo(files.tif);
  expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ LAYOUT: 'COG', COMPRESSION: 'YCbCr JPEG' });
  expect(info.coordinateSystem.wkt).toMatch(/ID\["EPSG",3857\]\]$/);
  expect(validateCog(files.tif)).toMatch(/is a valid cloud optimized GeoTIFF/);
});

test('through the gateway (session cookie): a best-available lossless export', async ({ page }) => {
  const origin = `http://127.0.0.1:${PORTS.gateway}`;
  await page.goto(`${origin}/?e2e`);
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Access key').fill(GATEWAY_ACCESS_KEY);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn).toHaveCount(0);
  await openAreaSearch(page);
  await pasteArea(page, SMALL_WKT);
  await expect(results(page).getByRole('option').first()).toBeVisible();
  const { dialog, tiles } = await planExport(page, /^Best available/, 15, /^Lossless/);
  expect(tiles).toBeGreaterThan(1);
  const files = await runExport(page, dialog, 'gateway');
  const info = gdalinfo(files.tif);
  expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ LAYOUT: 'COG', COMPRESSION: 'DEFLATE' });
  expect(info.bands.map((b) => b.colorInterpretation)).toEqual(['Red', 'Green', 'Blue', 'Alpha']);
  expect(validateCog(files.tif)).toMatch(/is a valid cloud optimized GeoTIFF/);

  // The lossless file in the ZIP too, read in place.
  expect(gdalinfo(`/vsizip/${files.zip}/${files.name}.tif`).metadata.IMAGE_STRUCTURE).toMatchObject({
    LAYOUT: 'COG',
    COMPRESSION: 'DEFLATE',
  });
  const provenance = JSON.parse(readFileSync(files.provenance, 'utf8')) as Provenance;
  expect(provenance.features.every((f) => f.properties.tile_url.startsWith(origin))).toBe(true);

  // Each pixel the area keeps whole is the service's PNG pixel as sent (colours not premultiplied by alpha).
  const tilesOf = provenance.features.map((f) => f.properties);
  const topLeft = gridOrigin(tilesOf);
  let compared = 0;
  for (const tile of tilesOf.filter((t) => t.status === 'exported').slice(0, 3)) {
    const answer = await page.request.get(tile.tile_url);
    expect(answer.status()).toBe(200);
    const png = PNG.sync.read(await answer.body());
    const samples: [number, number][] = [];
    for (let y = 8; y < 256; y += 40) for (let x = 8; x < 256; x += 40) samples.push([x, y]);
    const inFile = pixelsAt(
      files.tif,
      samples.map(([x, y]) => filePixel(topLeft, tile, x, y)),
    );
    samples.forEach(([x, y], i) => {
      const sent = rgbaAt(png, x, y);
      if (sent[3] === 0) expect(inFile[i][3]).toBe(0);
      if (inFile[i][3] !== 255) return;
      expect(inFile[i]).toEqual(sent);
      compared += 1;
    });
  }
  expect(compared).toBeGreaterThan(20);
});
