import { PORTS } from '../playwright.config.ts';
import {
  changedShare,
  clearSkyRow,
  expect,
  mapCentre,
  selectSurvey,
  signInWithDemo,
  surveyList,
  test,
  tileRequests,
  zoomToImagery,
  readmePicture,
  mapSettled,
} from './support.ts';

const ORIGIN = `http://127.0.0.1:${PORTS.provider}`;

test("works against the provider's published shapes: WKT footprints, no cloud cover, nested metadata", {
  tag: '@readme',
}, async ({ page, request }) => {
  const row = await clearSkyRow(request); // same demo catalog; the seed profile tells which survey is cloud-free
  const footprintBodies: string[] = [];
  page.on('response', async (r) => {
    if (r.url().endsWith('/footprint') && r.ok()) footprintBodies.push(await r.text());
  });
  const tiles = tileRequests(page);
  await signInWithDemo(page, ORIGIN);
  const list = surveyList(page);
  await expect(list.getByRole('option').first()).toContainText('Cloud —');

  const id = await selectSurvey(page, row);
  expect(footprintBodies.some((body) => /"footprint":"(MULTI)?POLYGON/.test(body))).toBe(true);
  const selected = await page.evaluate(() =>
    window
      .__surveyViewer!.map.queryRenderedFeatures({ layers: ['footprint-selected-outline'] })
      .map((f) => f.properties.id),
  );
  expect(new Set(selected)).toEqual(new Set([id]));

  await zoomToImagery(page);
  expect(tiles.length).toBeGreaterThan(0);
  expect(await tiles[0].headerValue('authorization')).toMatch(/^Bearer /);
  const withImagery = await mapCentre(page);
  await readmePicture(page, 'provider-profile-preview');
  await page.getByLabel('Show imagery').uncheck();
  await mapSettled(page);
  expect(changedShare(withImagery, await mapCentre(page))).toBeGreaterThan(0.5);
});
