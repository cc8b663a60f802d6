import type { APIRequestContext, Page } from '@playwright/test';
import { booleanPointInPolygon, centerOfMass, intersect, pointOnFeature } from '@turf/turf';
import { pointToTile } from '@mapbox/tilebelt';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { canvasPixels, colourDifference, servicePixels, showAtOneToOne } from './imagery-pixels.ts';
import {
  accessToken,
  expect,
  mapSettled,
  pasteArea,
  signInWithDemo,
  squareWkt,
  surveyList,
  test,
  TILE_REQUEST,
  surveyFramed,
} from './support.ts';

/** Two Las Vegas surveys of the demo catalog's first page that overlap: the newer is cloudy, the older clear. */
const NEWER = '2026-P01-NV-LAS';
const OLDER = '2026Q3-NV-LAS';
/** Elsewhere: Boise. */
const FAR = '2026Q4-ID-BOI';
/** The lowest map zoom that draws the service's tiles (zoom 14; the map's zoom counts 512-px tiles). */
const IMAGERY_MIN_ZOOM = 12.5;
/** The map zoom that draws the service's z16 tiles. */
const IMAGERY_ZOOM = 15;

test.describe.configure({ timeout: 120_000 });

type Footprint = Polygon | MultiPolygon;

async function footprintOf(request: APIRequestContext, id: string): Promise<Footprint> {
  const answer = await request.get(`/tile/v2/${id}/footprint`, {
    headers: { Authorization: `Bearer ${await accessToken(request)}` },
  });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).footprint;
}

const inside = (footprint: Footprint): [number, number] => {
  const centre = centerOfMass(footprint);
  return (booleanPointInPolygon(centre, footprint) ? centre : pointOnFeature(footprint)).geometry.coordinates as [
    number,
    number,
  ];
};

async function insideBoth(request: APIRequestContext): Promise<[number, number]> {
  const feature = async (id: string): Promise<Feature<Footprint>> => ({
    type: 'Feature',
    properties: {},
    geometry: await footprintOf(request, id),
  });
  const both = intersect({ type: 'FeatureCollection', features: [await feature(NEWER), await feature(OLDER)] });
  expect(both).not.toBeNull();
  return inside(both!.geometry);
}

const camera = (page: Page) =>
  page.evaluate(() => {
    const map = window.__surveyViewer!.map;
    return { centre: map.getCenter().toArray() as [number, number], zoom: map.getZoom() };
  });

const row = (page: Page, id: string) => surveyList(page).locator(`[data-survey-id="${id}"]`);

async function jumpTo(page: Page, centre: [number, number], zoom: number) {
  await page.evaluate(
    ([lng, lat, z]) => {
      window.__surveyViewer!.map.jumpTo({ center: [lng, lat], zoom: z });
    },
    [...centre, zoom],
  );
  await mapSettled(page);
}

/** Waits until the map rests at a zoom that draws imagery. */
async function restsOnImagery(page: Page) {
  await page.waitForFunction(
    (z) => !window.__surveyViewer?.map.isMoving() && (window.__surveyViewer?.map.getZoom() ?? 0) >= z,
    IMAGERY_MIN_ZOOM,
  );
  await mapSettled(page);
}

test('picking a survey goes straight to its imagery; another of the same place keeps the view', async ({
  page,
  request,
}) => {
  const tiles: string[] = [];
  page.on('request', (r) => TILE_REQUEST.test(r.url()) && tiles.push(r.url()));
  await signInWithDemo(page);
  expect((await camera(page)).zoom).toBeLessThan(5);

  // From the whole country, one click: the survey framed at a zoom that draws its imagery, over its footprint.
  await row(page, OLDER).click();
  await restsOnImagery(page);
  const older = await footprintOf(request, OLDER);
  expect(booleanPointInPolygon((await camera(page)).centre, older)).toBe(true);
  expect(tiles.some((url) => new RegExp(`/tile/v2/${OLDER}/1[4-9]/`).test(url))).toBe(true);
  await expect(page.getByRole('button', { name: 'Zoom to imagery' })).toHaveCount(0);

  // Another survey of the same place, where it has imagery too: zoom and centre stay.
  const both = await insideBoth(request);
  await jumpTo(page, both, 16.4);
  const before = await camera(page);
  await row(page, NEWER).click();
  await expect(page.getByRole('region', { name: 'Selected survey' })).toContainText(NEWER);
  await expect
    .poll(() =>
      page.evaluate(() => (window.__surveyViewer!.map.getSource('survey-preview') as { tiles?: string[] }).tiles?.[0]),
    )
    .toContain(`/tile/v2/${NEWER}/`);
  // A move to frame it would have started in the render that showed its tiles; the map is at rest after it.
  await mapSettled(page);
  expect(await camera(page)).toEqual(before);

  // A survey elsewhere: the map frames its imagery there.
  await row(page, FAR).click();
  await surveyFramed(page, FAR);
  const farFootprint = await footprintOf(request, FAR);
  await expect.poll(async () => booleanPointInPolygon((await camera(page)).centre, farFootprint)).toBe(true);
  await restsOnImagery(page);
  const far = await camera(page);
  expect(far.zoom).toBeGreaterThanOrEqual(IMAGERY_MIN_ZOOM);
  expect(booleanPointInPolygon(far.centre, farFootprint)).toBe(true);
});

const CAPTURE_TITLE =
  'the capture under the cursor: the selected survey and the latest imagery, which can skip cloudy captures';
test(CAPTURE_TITLE, async ({ page, request }) => {
  const token = await accessToken(request);
  const tiles: string[] = [];
  page.on('request', (r) => TILE_REQUEST.test(r.url()) && tiles.push(r.url()));
  await signInWithDemo(page);
  await row(page, OLDER).click();
  await expect(page.getByRole('region', { name: 'Selected survey' })).toContainText(OLDER);
  const at = await insideBoth(request);
  await jumpTo(page, at, IMAGERY_ZOOM);

  const readout = page.getByRole('region', { name: 'Capture under the cursor' });
  const metadata = async (id: string, [lng, lat]: [number, number], query = '') => {
    const [x, y, z] = pointToTile(lng, lat, 16);
    const answer = await request.get(`/tile/v2/${id}/${z}/${x}/${y}?metadata=true${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.ok()).toBe(true);
    const [item] = (await answer.json()) as { capture_date_start: string; mosaic_stac_id: string }[];
    const day = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso)),
      item.capture_date_start,
    );
    return { tile: `${z}/${x}/${y}`, day, mosaic: item.mosaic_stac_id };
  };

  // The pointer off the map: the tile at the map centre.
  await page.mouse.move(5, 5);
  const centre = await metadata(OLDER, at);
  await expect(readout).toContainText(`At the map centre, tile ${centre.tile}`);
  await expect(readout.getByTestId('capture-survey')).toContainText(centre.day);
  await expect(readout.getByTestId('capture-survey')).toContainText(centre.mosaic);

  // Under the cursor, tile by tile.
  const box = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  const target = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.45 };
  const lngLat = await page.evaluate(
    ([x, y]) => window.__surveyViewer!.map.unproject([x, y]).toArray() as [number, number],
    [target.x - box.x, target.y - box.y],
  );
  await page.mouse.move(target.x, target.y);
  const pointed = await metadata(OLDER, lngLat);
  await expect(readout).toContainText(`Under the cursor, tile ${pointed.tile}`);
  await expect(readout.getByTestId('capture-survey')).toContainText(pointed.day);

  // The latest imagery: the newest capture there, cloudy; "No cloud" skips it for the older, clear one.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await page.getByLabel('Latest imagery', { exact: true }).check();
  await page.mouse.move(target.x, target.y);
  const newest = await metadata('basemap', lngLat);
  expect(newest.mosaic).toBe((await metadata(NEWER, lngLat)).mosaic);
  await expect(readout.getByTestId('capture-latest')).toContainText(newest.day);
  await page.getByLabel('Latest imagery: skip captures cloudier than').selectOption({ label: 'No cloud' });
  const clear = await metadata('basemap', lngLat, '&max_cloud=0');
  expect(clear.mosaic).toBe((await metadata(OLDER, lngLat)).mosaic);
  await expect(readout.getByTestId('capture-latest')).toContainText(clear.day);
  await expect(readout.getByTestId('capture-latest')).toContainText(clear.mosaic);

  // And the map draws those clear tiles.
  await expect.poll(() => tiles.some((url) => /\/tile\/v2\/basemap\/\d+\/\d+\/\d+\?max_cloud=0$/.test(url))).toBe(true);
  const place = await showAtOneToOne(page, at, 16);
  await page.mouse.move(5, 5);
  await mapSettled(page); // tiles in and faded in
  const region = { left: 400, top: 300, size: 128 };
  const difference = colourDifference(
    await canvasPixels(page, region),
    await servicePixels(request, token, { surveyId: 'basemap', query: '?max_cloud=0', ...place }, region),
  );
  expect(Math.max(...difference.meanShift.map(Math.abs), ...difference.histogramShift)).toBeLessThanOrEqual(3);
});

test('closing a drawn polygon is not a map click: no overlap chooser, the selection stays', async ({
  page,
  request,
}) => {
  await signInWithDemo(page);
  await row(page, FAR).click();
  const selected = page.getByRole('region', { name: 'Selected survey' }).getByRole('heading');
  await expect(selected).toHaveText(FAR);

  // An area over both Las Vegas surveys: their footprints are drawn as results, overlapping (the selected survey,
  // elsewhere, has no tile grid here that would take the clicks).
  const [lng, lat] = await insideBoth(request);
  await pasteArea(page, squareWkt([lng, lat], 0.01));
  const results = page.getByRole('listbox', { name: 'Coverage results' });
  await expect(results.locator(`[data-survey-id="${NEWER}"]`)).toBeVisible();
  await jumpTo(page, [lng, lat], 14);
  const box = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  const pointOf = async (ll: [number, number]) => {
    const p = await page.evaluate((at) => window.__surveyViewer!.map.project(at), ll);
    return { x: box.x + p.x, y: box.y + p.y };
  };
  // A click there (no tool) offers both surveys: the place is a fair test of the closing click.
  const first = await pointOf([lng - 0.002, lat - 0.002]);
  await page.mouse.click(first.x, first.y);
  const chooser = page.getByRole('dialog', { name: 'Overlapping surveys' });
  await expect(chooser).toBeVisible();
  await chooser.getByRole('button', { name: 'Close' }).click();
  await expect(chooser).toHaveCount(0);

  // A polygon by clicks, closed on its first corner, over the same place.
  await page.getByRole('button', { name: 'Draw polygon' }).click();
  for (const corner of [
    [lng - 0.002, lat - 0.002],
    [lng + 0.002, lat - 0.002],
    [lng + 0.002, lat + 0.002],
    [lng - 0.002, lat + 0.002],
  ] as [number, number][]) {
    const p = await pointOf(corner);
    await page.mouse.click(p.x, p.y);
  }
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/tile/v2/surveys/coverage');
  await page.mouse.click(first.x, first.y);
  await searched;
  await expect(page.getByRole('button', { name: 'Draw polygon' })).toHaveAttribute('aria-pressed', 'false');
  // The closing click's answer is in and the map has drawn what followed it: a chooser it opened would show by now.
  await mapSettled(page);
  await expect(chooser).toHaveCount(0);
  await expect(selected).toHaveText(FAR);
});

test('the dark theme gets a dark basemap, and switching keeps the layers and the imagery', async ({
  page,
  request,
}) => {
  const tiles: string[] = [];
  page.on('request', (r) => TILE_REQUEST.test(r.url()) && tiles.push(r.url()));
  await signInWithDemo(page);
  await row(page, OLDER).click();
  await expect(page.getByRole('region', { name: 'Selected survey' })).toContainText(OLDER);
  await jumpTo(page, inside(await footprintOf(request, OLDER)), IMAGERY_ZOOM);
  // The area tools load after the map's first idle and add their layers then: the style compared is the whole one.
  await page.waitForFunction(() => !!window.__surveyViewer!.map.getLayer('area-draw-polygon'));
  const style = () =>
    page.evaluate(() => {
      const map = window.__surveyViewer!.map;
      return {
        layers: map.getStyle().layers.map((l) => l.id),
        water: map.getPaintProperty('water', 'background-color'),
        land: map.getPaintProperty('land', 'fill-color'),
        previewLoaded: map.isSourceLoaded('survey-preview'),
      };
    });
  const light = await style();
  const asked = tiles.length;

  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => (await style()).land).not.toEqual(light.land);
  const dark = await style();
  expect(dark.layers).toEqual(light.layers);
  expect(dark.previewLoaded).toBe(true);
  await mapSettled(page);
  expect(tiles.length, 'no imagery asked for again').toBe(asked);

  // Zoomed out over land and water with nothing on them: the basemap itself is dark.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await jumpTo(page, [-118.5, 33.6], 6);
  const shot = await canvasPixels(page, { left: 100, top: 100, size: 200 });
  let sum = 0;
  for (const level of shot.rgb) sum += level;
  expect(sum / shot.rgb.length, 'mean level of the basemap').toBeLessThan(60);

  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(async () => (await style()).land).toEqual(light.land);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tapped survey opens on its imagery, with the capture at the map centre', async ({ page }) => {
    await signInWithDemo(page);
    await page.getByRole('button', { name: 'Show more of the list' }).tap();
    await row(page, OLDER).tap();
    await page.getByRole('button', { name: 'Show more map' }).tap();
    await restsOnImagery(page);
    await expect(page.getByRole('button', { name: 'Zoom to imagery' })).toHaveCount(0);
    // On a phone the layers panel is a button until opened.
    await page.getByRole('button', { name: 'Layers' }).tap();
    const readout = page.getByRole('region', { name: 'Capture under the cursor' });
    await expect(readout).toContainText('At the map centre');
    await expect(readout.getByTestId('capture-survey')).toContainText(/\d{4}/);
    const box = (await readout.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/phone-imagery-first.png' });
  });
});
