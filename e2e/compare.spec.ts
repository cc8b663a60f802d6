import { booleanPointInPolygon, centerOfMass, intersect, pointOnFeature } from '@turf/turf';
import { pointToTile, tileToBBOX } from '@mapbox/tilebelt';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { APIRequestContext, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import {
  accessToken,
  changedShare,
  DEMO,
  expect,
  mapSettled,
  openViewer,
  signInWithDemo,
  surveyList,
  test,
  tileRequests,
  readmePicture,
} from './support.ts';

/** Two Denver surveys of the demo catalog that overlap, a year and a half apart. */
const A = '2024Q1-CO-DEN';
const B = '2025Q3-CO-DEN';

test.describe.configure({ timeout: 120_000 });

async function footprintOf(
  request: APIRequestContext,
  token: string,
  id: string,
): Promise<Feature<Polygon | MultiPolygon>> {
  const answer = await request.get(`/tile/v2/${id}/footprint`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return { type: 'Feature', properties: {}, geometry: (await answer.json()).footprint };
}

/** A point inside both footprints. */
async function overlapPoint(request: APIRequestContext, token: string): Promise<[number, number]> {
  const both = intersect({
    type: 'FeatureCollection',
    features: [await footprintOf(request, token, A), await footprintOf(request, token, B)],
  });
  expect(both).not.toBeNull();
  const centre = centerOfMass(both!);
  const point = booleanPointInPolygon(centre, both!) ? centre : pointOnFeature(both!);
  return point.geometry.coordinates as [number, number];
}

/** Moves the map at once to where the service's z16 tiles are drawn (MapLibre zoom 15). */
async function jumpTo(page: Page, centre: [number, number], zoom = 15) {
  await page.evaluate(
    ([lng, lat, z]) => window.__surveyViewer!.map.jumpTo({ center: [lng, lat], zoom: z }),
    [...centre, zoom],
  );
  await mapSettled(page);
}

/** Waits until the swipe's second map has drawn its tiles. */
async function overlaySettled(page: Page) {
  await page.waitForFunction(
    () => {
      const overlay = window.__surveyViewer?.compareMap?.();
      return !!overlay && overlay.loaded() && overlay.areTilesLoaded() && !!overlay.getSource('compare-b');
    },
    undefined,
    { timeout: 20_000 },
  );
}

/** Screenshot of a band across the middle of the map. */
async function band(page: Page): Promise<Buffer> {
  const box = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  return page.screenshot({
    clip: { x: box.x + box.width / 2 - 300, y: box.y + box.height / 2 + 60, width: 600, height: 120 },
  });
}

/** Left and right halves of a screenshot. */
function halves(shot: Buffer): readonly [Buffer, Buffer] {
  const png = PNG.sync.read(shot);
  const half = (from: number) => {
    const out = new PNG({ width: png.width / 2, height: png.height });
    PNG.bitblt(png, out, from, 0, png.width / 2, png.height, 0, 0);
    return PNG.sync.write(out);
  };
  return [half(0), half(png.width / 2)] as const;
}

const timelineMark = (page: Page, id: string) =>
  page.getByRole('group', { name: /^Surveys / }).locator(`[data-survey-id="${id}"]`);

async function pickFromTimeline(page: Page, id: string, side: 'A' | 'B') {
  await timelineMark(page, id).click();
  const panel = page.getByRole('region', { name: 'Selected survey' });
  await expect(panel).toContainText(id);
  // The capture readout has its answer for the tile at the map centre before compare takes its place: a request cut
  // short there would be asked again under the cursor.
  const readout = page.getByRole('region', { name: 'Capture under the cursor' }).getByTestId('capture-survey');
  await expect(readout).toContainText(id);
  await expect(readout).not.toContainText('looking up');
  await panel.getByRole('button', { name: `Compare as ${side}` }).click();
  await expect(panel.getByRole('button', { name: `Compare as ${side}` })).toHaveAttribute('aria-pressed', 'true');
}

test(
  'compare shows both captures (swipe and fade) and the capture time of the ' +
    'tile under the cursor on each side @readme',
  async ({ page, request }) => {
    const token = await accessToken(request);
    const centre = await overlapPoint(request, token);
    const tiles = tileRequests(page);
    const metadataRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('metadata=true')) metadataRequests.push(r.url());
    });
    await signInWithDemo(page);
    await jumpTo(page, centre);

    // Pick A and B from the timeline of surveys around the map centre.
    await page.getByRole('button', { name: 'Timeline' }).click();
    await expect(timelineMark(page, A)).toBeVisible();
    await pickFromTimeline(page, A, 'A');
    await expect(page.getByText('Now pick B to compare.')).toBeVisible();
    await pickFromTimeline(page, B, 'B');
    await page.getByRole('button', { name: 'Timeline' }).click();

    const compare = page.getByRole('region', { name: 'Compare surveys' });
    await expect(compare).toBeVisible();
    const sideA = compare.getByRole('region', { name: 'Side A' });
    const sideB = compare.getByRole('region', { name: 'Side B' });
    await expect(sideA).toContainText(A);
    await expect(sideB).toContainText(B);
    // Each side labelled with its capture window (the year is in the local format either way).
    await expect(sideA).toContainText('2024');
    await expect(sideB).toContainText('2025');

    // Swipe: A on the main map, B on the second map; the plain preview is hidden meanwhile.
    await mapSettled(page);
    await overlaySettled(page);
    const layers = await page.evaluate(() => {
      const map = window.__surveyViewer!.map;
      return {
        preview: map.getLayer('survey-preview-imagery')
          ? map.getLayoutProperty('survey-preview-imagery', 'visibility')
          : 'absent',
        a: map.getLayoutProperty('compare-a-imagery', 'visibility') ?? 'visible',
        b: map.getLayoutProperty('compare-b-imagery', 'visibility'),
      };
    });
    expect(layers).toEqual({ preview: 'none', a: 'visible', b: 'none' });
    for (const id of [A, B]) {
      const ofSide = tiles.filter((t) => t.url().includes(`/tile/v2/${id}/16/`) && !t.url().includes('metadata'));
      expect(ofSide.length, `z16 tiles of ${id}`).toBeGreaterThan(0);
      for (const tile of ofSide) expect(await tile.headerValue('authorization')).toMatch(/^Bearer \S+$/);
    }

    // The divider by keyboard: End shows only A, Home only B; the middle shows A left and B right.
    const divider = page.getByRole('slider', { name: /Swipe divider/ });
    await expect(divider).toHaveAttribute('aria-valuenow', '50');
    await divider.focus();
    await page.keyboard.press('End');
    await expect(divider).toHaveAttribute('aria-valuenow', '100');
    await page.mouse.move(5, 5);
    const onlyA = await band(page);
    await page.keyboard.press('Home');
    await expect(divider).toHaveAttribute('aria-valuenow', '0');
    const onlyB = await band(page);
    expect(changedShare(onlyA, onlyB), 'the two surveys look different here').toBeGreaterThan(0.05);
    await page.keyboard.press('ArrowRight');
    await expect(divider).toHaveAttribute('aria-valuenow', '2');

    // Dragging the divider to the middle of the map.
    const mapBox = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
    const knob = (await divider.boundingBox())!;
    await page.mouse.move(knob.x + knob.width / 2, knob.y + knob.height / 2);
    await page.mouse.down();
    await page.mouse.move(mapBox.x + mapBox.width * 0.3, knob.y + knob.height / 2, { steps: 4 });
    await page.mouse.move(mapBox.x + mapBox.width / 2, knob.y + knob.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(divider).toHaveAttribute('aria-valuenow', '50');
    await page.mouse.move(5, 5);
    const split = halves(await band(page));
    const [aLeft] = halves(onlyA);
    const [, bRight] = halves(onlyB);
    expect(changedShare(split[0], aLeft), 'left of the divider is A').toBeLessThan(0.02);
    expect(changedShare(split[1], bRight), 'right of the divider is B').toBeLessThan(0.02);

    // Under the cursor: each side's capture time of that tile, as the service's tile metadata says.
    const target = { x: mapBox.x + mapBox.width * 0.45, y: mapBox.y + mapBox.height * 0.55 };
    const lngLat = await page.evaluate(
      ([x, y]) => window.__surveyViewer!.map.unproject([x, y]).toArray(),
      [target.x - mapBox.x, target.y - mapBox.y],
    );
    const [x, y, z] = pointToTile(lngLat[0], lngLat[1], 16);
    await page.mouse.move(target.x, target.y);
    for (const [id, side] of [
      [A, 'a'],
      [B, 'b'],
    ] as const) {
      const answer = await request.get(`/tile/v2/${id}/${z}/${x}/${y}?metadata=true`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(answer.ok()).toBe(true);
      const [item] = (await answer.json()) as { capture_date_start: string }[];
      const day = await page.evaluate(
        (iso) =>
          new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso)),
        item.capture_date_start,
      );
      const shown = page.getByTestId(`cursor-capture-${side}`);
      await expect(shown).toContainText(`Tile ${z}/${x}/${y}:`);
      await expect(shown).toContainText(day);
    }
    await readmePicture(page, 'compare');

    // Moving within the same tile asks nothing new: once a move into the tile to its left shows that tile's captures,
    // the moves within the first have been handled, and only that tile was asked about.
    const asked = metadataRequests.length;
    expect(asked, metadataRequests.join('\n')).toBe(2);
    await page.mouse.move(target.x + 2, target.y + 1, { steps: 3 });
    const [west, south, east, north] = tileToBBOX([x - 1, y, z]);
    const next = await page.evaluate((ll) => window.__surveyViewer!.map.project(ll), [
      (west + east) / 2,
      (south + north) / 2,
    ] as [number, number]);
    await page.mouse.move(mapBox.x + next.x, mapBox.y + next.y);
    await expect(page.getByTestId('cursor-capture-a')).toContainText(`Tile ${z}/${x - 1}/${y}:`);
    await expect(page.getByTestId('cursor-capture-b')).toContainText(`Tile ${z}/${x - 1}/${y}:`);
    expect(metadataRequests.slice(asked).filter((url) => !url.includes(`/${z}/${x - 1}/${y}?`))).toEqual([]);

    // Below the imagery's zoom, it says why no capture time is shown.
    await jumpTo(page, centre, 12);
    await page.mouse.move(target.x, target.y);
    await expect(compare).toContainText('Zoom in to see tile capture times');
    await jumpTo(page, centre);

    // Fade: both on the main map, B over A with the slider's opacity; no second map.
    await compare.getByRole('radio', { name: 'Fade' }).check();
    await expect(page.locator('.map-cover')).toHaveCount(0);
    const fade = compare.getByRole('slider', { name: 'Fade A to B' });
    await fade.fill('0');
    await page.mouse.move(5, 5);
    await mapSettled(page);
    expect(changedShare(await band(page), onlyA)).toBeLessThan(0.02);
    await fade.fill('1');
    await mapSettled(page);
    await expect.poll(async () => changedShare(await band(page), onlyB)).toBeLessThan(0.02);
    expect(
      await page.evaluate(() => window.__surveyViewer!.map.getPaintProperty('compare-b-imagery', 'raster-opacity')),
    ).toBe(1);

    // The timelapse draws its frames on the main map: the comparison waits behind it and comes back as it was.
    const timelapseButton = page.getByRole('group', { name: 'Map layers and usage' }).getByRole('button', {
      name: 'Timelapse',
    });
    await timelapseButton.click();
    await expect(page.getByRole('region', { name: 'Timelapse' })).toBeVisible();
    await expect(compare).toHaveCount(0);
    expect(await page.evaluate(() => !!window.__surveyViewer!.map.getLayer('compare-b-imagery'))).toBe(false);
    await timelapseButton.click();
    await expect(page.getByRole('region', { name: 'Timelapse' })).toHaveCount(0);
    await expect(fade).toHaveValue('1');

    // Swap, then close: back to the single preview of the selected survey.
    await compare.getByRole('button', { name: 'Swap sides' }).click();
    await expect(sideA).toContainText(B);
    await compare.getByRole('button', { name: 'Close compare' }).click();
    await expect(compare).toHaveCount(0);
    const after = await page.evaluate(() => {
      const map = window.__surveyViewer!.map;
      return {
        a: !!map.getLayer('compare-a-imagery'),
        preview: map.getLayoutProperty('survey-preview-imagery', 'visibility'),
      };
    });
    expect(after).toEqual({ a: false, preview: 'visible' });
  },
);

test('with an API key, both sides and the tile capture times carry the key; the bearer header is not used', async ({
  page,
  request,
}) => {
  const token = await accessToken(request);
  const centre = await overlapPoint(request, token);
  const issued = await request.post('/oauth/static_key', {
    data: { client_id: DEMO.clientId, client_secret: DEMO.clientSecret },
  });
  const apiKey: string = (await issued.json()).api_key;
  const tiles = tileRequests(page);
  await openViewer(page);
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.getByRole('textbox', { name: 'API key' }).fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(surveyList(page).getByRole('option').first()).toBeVisible();
  await jumpTo(page, centre);

  await page.getByRole('button', { name: 'Timeline' }).click();
  await pickFromTimeline(page, A, 'A');
  await pickFromTimeline(page, B, 'B');
  await mapSettled(page);
  await overlaySettled(page);
  const box = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
  await expect(page.getByTestId('cursor-capture-a')).toContainText('2024');
  await expect(page.getByTestId('cursor-capture-b')).toContainText('2025');

  for (const id of [A, B]) {
    const ofSide = tiles.filter((t) => t.url().includes(`/tile/v2/${id}/`));
    expect(
      ofSide.some((t) => t.url().includes('metadata=true')),
      `tile metadata of ${id}`,
    ).toBe(true);
    expect(
      ofSide.some((t) => /\/16\/\d+\/\d+\?api_key=/.test(t.url())),
      `z16 tiles of ${id}`,
    ).toBe(true);
    for (const tile of ofSide) {
      expect(new URL(tile.url()).searchParams.get('api_key')).toBe(apiKey);
      expect(await tile.headerValue('authorization')).toBeNull();
    }
  }
});
