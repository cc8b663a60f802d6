import { booleanPointInPolygon } from '@turf/turf';
import { IMAGERY_MIN_MAP_ZOOM } from '../src/map/imagery-source.ts';
import {
  accessToken,
  boxesUnderPanels,
  changedShare,
  clearSkyRow,
  expect,
  hoverDrawn,
  mapCentre,
  mapSettled,
  selectSurvey,
  showBox,
  signInWithDemo,
  surveyList,
  test,
  tileRequests,
  zoomToImagery,
  readmePicture,
  mapEvent,
} from './support.ts';

test('footprints are drawn, every one in view; "Zoom to footprint" frames its imagery; hover and click both ways', {
  tag: '@readme',
}, async ({ page, request }) => {
  await signInWithDemo(page);
  await mapSettled(page);
  await expect
    .poll(() => page.evaluate(() => window.__surveyViewer!.map.querySourceFeatures('footprints').length))
    .toBeGreaterThan(3);

  const id = await selectSurvey(page, 2);
  const token = await accessToken(request);
  const answer = await request.get(`/tile/v2/${id}/footprint`, { headers: { Authorization: `Bearer ${token}` } });
  const { footprint } = await answer.json();
  const points: [number, number][] = (
    footprint.type === 'Polygon' ? footprint.coordinates : footprint.coordinates.flat()
  ).flat();
  const [west, east] = [Math.min(...points.map((p) => p[0])), Math.max(...points.map((p) => p[0]))];
  const [south, north] = [Math.min(...points.map((p) => p[1])), Math.max(...points.map((p) => p[1]))];

  // Picking goes to the imagery; after a look elsewhere, "Zoom to footprint" comes back to it at a zoom that draws its
  // imagery, clear of the panels (the open timeline, the layers panel): all of the footprint where it fits there, else
  // its imagery's centre, as the panel says.
  await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ center: [-100, 40], zoom: 5 }));
  await page.getByRole('button', { name: 'Timeline' }).click();
  const moved = await mapEvent(page, 'moveend');
  await page.getByRole('button', { name: 'Zoom to footprint' }).click();
  await moved();
  await mapSettled(page);
  const view = await page.evaluate(() => {
    const map = window.__surveyViewer!.map;
    const selected = map.queryRenderedFeatures({ layers: ['footprint-selected-outline'] }).map((f) => f.properties.id);
    return { zoom: map.getZoom(), centre: map.getCenter().toArray(), selected };
  });
  expect(new Set(view.selected)).toEqual(new Set([id]));
  expect(view.zoom).toBeGreaterThanOrEqual(IMAGERY_MIN_MAP_ZOOM - 1e-6);
  await expect(page.locator('.zoom-hint')).toHaveCount(0);
  const note = page.locator('#zoom-to-footprint-note');
  const panels = [
    page.getByRole('region', { name: 'Timeline' }),
    page.getByRole('group', { name: 'Map layers and usage' }),
  ];
  if (await note.isVisible()) {
    await expect(note).toContainText("so this goes to its imagery's centre");
    expect(booleanPointInPolygon(view.centre, footprint)).toBe(true);
  } else {
    expect(await boxesUnderPanels(page, [[west, south, east, north]], panels)).toEqual([]);
  }
  await page.getByRole('button', { name: 'Timeline' }).click();
  await showBox(page, [west, south, east, north]);
  await mapSettled(page);

  // Hovering a row highlights its footprint; clicking a footprint selects its row.
  const list = surveyList(page);
  await list.getByRole('option').nth(4).hover();
  const hovered = (await list.getByRole('option').nth(4).getAttribute('data-survey-id'))!;
  await expect.poll(() => hoverDrawn(page, hovered)).toBe(true);

  // Click the middle of the selected footprint on the map: that survey (or a choice including it) comes up.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  const map = page.getByRole('region', { name: 'Survey map' });
  const box = (await map.boundingBox())!;
  const point = await page.evaluate((surveyId) => {
    const m = window.__surveyViewer!.map;
    const hit = m.queryRenderedFeatures({ layers: ['footprints-fill'] }).find((f) => f.properties.id === surveyId)!;
    const geometry = hit.geometry as { type: string; coordinates: unknown[] };
    const ring = (
      geometry.type === 'Polygon' ? geometry.coordinates[0] : (geometry.coordinates[0] as unknown[])[0]
    ) as [number, number][];
    for (const [lon, lat] of ring) {
      const p = m.project([lon, lat]);
      const inward = m.project(m.getCenter());
      const x = p.x + (inward.x - p.x) * 0.15;
      const y = p.y + (inward.y - p.y) * 0.15;
      if (m.queryRenderedFeatures([x, y], { layers: ['footprints-fill'] }).some((f) => f.properties.id === surveyId))
        return { x, y };
    }
    return null;
  }, id);
  expect(point).not.toBeNull();
  await page.mouse.click(box.x + point!.x, box.y + point!.y);
  const chooser = page.getByRole('dialog', { name: 'Overlapping surveys' });
  if (await chooser.isVisible()) await chooser.getByRole('button', { name: new RegExp(id) }).click();
  await expect(list.locator(`[data-survey-id="${id}"]`)).toHaveAttribute('aria-selected', 'true');

  // Every survey whose footprint meets the view is drawn, not only those of the rows the list has paged in: at Denver,
  // older surveys far down the catalog too.
  await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ center: [-104.99, 39.74], zoom: 11 }));
  await mapSettled(page);
  const [w, s, e, n] = await page.evaluate(() => window.__surveyViewer!.map.getBounds().toArray().flat());
  const inView = await request.get('/tile/v2/surveys/coverage', {
    params: { wkt: `POLYGON((${w} ${s}, ${e} ${s}, ${e} ${n}, ${w} ${n}, ${w} ${s}))` },
    headers: { Authorization: `Bearer ${token}` },
  });
  const there = ((await inView.json()) as { id: string }[]).map((s) => s.id);
  const listed = await list
    .getByRole('option')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-survey-id')));
  const unlisted = there.filter((surveyId) => !listed.includes(surveyId));
  expect(unlisted.length, 'surveys at Denver the first page does not list').toBeGreaterThan(0);
  const drawn = () =>
    page.evaluate(() =>
      (
        window.__surveyViewer!.map.getSource('footprints') as unknown as {
          serialize(): { data: { features: { properties: { id: string } }[] } };
        }
      )
        .serialize()
        .data.features.map((f) => f.properties.id),
    );
  await expect
    .poll(async () => {
      const ids = await drawn();
      return there.filter((surveyId) => !ids.includes(surveyId));
    })
    .toEqual([]);
  await page.mouse.move(700, 880);
  await readmePicture(page, 'list-and-footprints');
});

test('preview tiles are requested with the bearer token and drawn at z16', { tag: '@readme' }, async ({
  page,
  request,
}) => {
  const tiles = tileRequests(page);
  const row = await clearSkyRow(request);
  await signInWithDemo(page);
  const id = await selectSurvey(page, row);
  await zoomToImagery(page);
  await expect(page.getByRole('status').filter({ hasText: 'Zoom in' })).toHaveCount(0);

  // The capture readout asks the tile at the centre for its metadata; the rest are imagery, none below z14.
  const imagery = tiles.filter((tile) => !new URL(tile.url()).searchParams.has('metadata'));
  expect(imagery.some((tile) => tile.url().includes(`/tile/v2/${id}/16/`))).toBe(true);
  for (const tile of imagery) {
    expect(tile.url()).toMatch(new RegExp(`/tile/v2/${id}/(1[4-9]|2[01])/\\d+/\\d+$`));
    expect(await tile.headerValue('authorization')).toMatch(/^Bearer \S+$/);
    expect(tile.url()).not.toContain('api_key');
  }
  // MapLibre cancels tiles it no longer needs; those have no status.
  const statuses = (await Promise.all(imagery.map(async (t) => (await t.response())?.status()))).filter(
    (s) => s !== undefined,
  );
  expect(statuses).toContain(200);
  expect(statuses.filter((s) => s !== 200 && s !== 404)).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);

  const withImagery = await mapCentre(page);
  await readmePicture(page, 'preview-z16');
  await page.getByLabel('Show imagery').uncheck();
  await mapSettled(page);
  const without = await mapCentre(page);
  expect(changedShare(withImagery, without)).toBeGreaterThan(0.5);

  await page.getByLabel('Show imagery').check();
  await page.getByLabel('Imagery opacity').fill('0.3');
  await mapSettled(page); // the opacity's transition is done
  const faded = await mapCentre(page);
  expect(changedShare(withImagery, faded)).toBeGreaterThan(0.2);
});
