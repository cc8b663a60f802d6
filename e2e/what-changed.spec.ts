import { PORTS } from '../playwright.config.ts';
import { IMAGERY_MIN_MAP_ZOOM } from '../src/map/imagery-source.ts';
import { type UpdatedTile, updatesFrame } from '../src/features/mosaic-updates/mosaic-updates-model.ts';
import {
  boxesUnderPanels,
  expect,
  mapSettled,
  pasteArea,
  pointOf,
  showBox,
  signInWithDemo,
  squareWkt,
  surveyList,
  test,
} from './support.ts';

/** A demo survey (captured August 2023) whose south-west was re-flown and re-published in January 2024. */
const SURVEY = '2023-P01-CO-DEN';

for (const [profile, origin] of [
  ['seed', ''],
  ['provider', `http://127.0.0.1:${PORTS.provider}`],
] as const) {
  test(`"Updated since…" outlines the re-published tiles, with their new capture dates (${profile})`, async ({
    page,
  }) => {
    const updates: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/mosaic_updates')) updates.push(r.url());
    });
    await signInWithDemo(page, origin);
    await page.getByLabel('Search survey ids or places').fill(SURVEY);
    const option = surveyList(page).locator(`[data-survey-id="${SURVEY}"]`);
    await option.click();
    const panel = page.getByRole('region', { name: 'Selected survey' });
    await expect(panel).toContainText(SURVEY);

    // First visit on this device: no default day; the user picks one.
    const whatChanged = panel.getByRole('group', { name: 'What changed' });
    await whatChanged.getByLabel('Updated since…').check();
    await expect(whatChanged).toContainText('No earlier visit of this survey on this device');
    await whatChanged.getByLabel('Updated since', { exact: true }).fill('2023-12-01');
    await expect(whatChanged).not.toContainText('No earlier visit');
    // Every date in the panel in the one form the app writes a day in (the browser's locale: en-US here).
    await expect(whatChanged).toContainText(/\d+ tiles re-published since Dec 1, 2023, outlined on the map\./);
    const captures = whatChanged.getByRole('list', { name: 'New captures' }).getByRole('listitem');
    await expect(captures).toHaveCount(1);
    await expect(captures.first()).toContainText(/Captured [A-Z][a-z]{2} \d{1,2}, 2024/);
    expect(updates.at(-1)).toMatch(new RegExp(`/tile/v2/${SURVEY}/mosaic_updates\\?since=2023-12-0`));

    await whatChanged.getByRole('button', { name: 'Zoom to updates' }).click();
    await mapSettled(page);
    const drawn = await page.evaluate(() => {
      const map = window.__surveyViewer!.map;
      const style = map.getStyle().layers.filter((layer) => layer.id.startsWith('updated-tiles'));
      return {
        types: style.map((layer) => layer.type),
        outlines: map.queryRenderedFeatures({ layers: ['updated-tiles-outline'] }).map((f) => f.properties.key),
      };
    });
    // Outlines only: nothing translucent over the imagery.
    expect(drawn.types).toEqual(['line', 'line']);
    expect(new Set(drawn.outlines).size).toBeGreaterThan(0);
    await page.screenshot({ path: `e2e/screenshots/what-changed-${profile}.png` });

    // Since the first publication, every tile of the survey: with the timeline open, framed at a zoom that draws
    // their imagery (all of them where they fit there, else the one nearest their middle), clear of the timeline and
    // the layers panel.
    await whatChanged.getByLabel('Updated since', { exact: true }).fill('2023-08-01');
    await expect(whatChanged).toContainText(/\d+ tiles re-published since Aug 1, 2023, outlined on the map\./);
    await page.getByRole('button', { name: 'Timeline' }).click();
    await whatChanged.getByRole('button', { name: 'Zoom to updates' }).click();
    await mapSettled(page);
    expect(await page.evaluate(() => window.__surveyViewer!.map.getZoom())).toBeGreaterThanOrEqual(
      IMAGERY_MIN_MAP_ZOOM - 1e-6,
    );
    const updated = await page.evaluate(() =>
      (
        window.__surveyViewer!.map.getSource('updated-tiles') as unknown as {
          serialize(): { data: { features: { geometry: { coordinates: [number, number][][] } }[] } };
        }
      )
        .serialize()
        .data.features.map(({ geometry }) => {
          const ring = geometry.coordinates[0];
          const lons = ring.map((p) => p[0]);
          const lats = ring.map((p) => p[1]);
          return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)] as [
            number,
            number,
            number,
            number,
          ];
        }),
    );
    const { extent, centre } = updatesFrame(updated.map((e) => ({ extent: e }) as UpdatedTile));
    const panels = [
      page.getByRole('region', { name: 'Timeline' }),
      page.getByRole('group', { name: 'Map layers and usage' }),
    ];
    // All of them where they fit at that zoom; else the one nearest their middle, which the camera went to.
    if ((await boxesUnderPanels(page, [extent], panels)).length > 0) {
      const middle = updated.find((e) => (e[0] + e[2]) / 2 === centre[0] && (e[1] + e[3]) / 2 === centre[1])!;
      expect(await boxesUnderPanels(page, [middle], panels)).toEqual([]);
    }
    await page.getByRole('button', { name: 'Timeline' }).click();
    // A later day with nothing new says so and clears the outlines.
    await whatChanged.getByLabel('Updated since', { exact: true }).fill('2024-06-01');
    await expect(whatChanged).toContainText('No tiles re-published since Jun 1, 2024.');
    await expect
      .poll(() =>
        page.evaluate(
          () => window.__surveyViewer!.map.queryRenderedFeatures({ layers: ['updated-tiles-outline'] }).length,
        ),
      )
      .toBe(0);

    // The next visit (a reload after the half hour a visit lasts) defaults to the previous one.
    await page.evaluate((id) => {
      const key = 'survey-viewer:survey-visits:v2';
      const visits = JSON.parse(localStorage.getItem(key) ?? '{}');
      visits[id] = { started: '2023-12-15T12:00:00.000Z', previous: null };
      localStorage.setItem(key, JSON.stringify(visits));
    }, SURVEY);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Search survey ids or places').fill(SURVEY);
    await surveyList(page).locator(`[data-survey-id="${SURVEY}"]`).click();
    await panel.getByRole('group', { name: 'What changed' }).getByLabel('Updated since…').check();
    await expect(panel.getByLabel('Updated since', { exact: true })).toHaveValue('2023-12-15');
    await expect(panel).toContainText(/\d+ tiles re-published since Dec 15, 2023/);
    await expect(panel).toContainText('Your previous visit of this survey: Dec 15, 2023, 12:00 PM.');
  });
}

test('versions of a tile: the tile details list every capture, and an older one is drawn on the map', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A z16 tile in the part of the survey re-flown in January 2024: the August 2023 capture is still served.
  const tile = { z: 16, x: 13650, y: 24857 };
  const centre: [number, number] = [-105.0183, 39.8001];
  await signInWithDemo(page);
  await pasteArea(page, squareWkt(centre, 0.004));
  const result = page.getByRole('listbox', { name: 'Coverage results' }).locator(`[data-survey-id="${SURVEY}"]`);
  await result.click();
  await expect(page.getByTestId('tile-count')).toContainText('tiles at z16');
  await showBox(page, [centre[0] - 0.006, centre[1] - 0.004, centre[0] + 0.006, centre[1] + 0.004]);
  const at = await pointOf(page, centre);
  await page.mouse.click(at.x, at.y);

  const card = page.getByRole('region', { name: 'Tile details' });
  await expect(card).toContainText(`${tile.z}/${tile.x}/${tile.y}`);
  await expect(card).toContainText('2 captures of this tile');
  await expect(card).toContainText(/Aug \d+, 2023/);
  const show = card.getByRole('button', { name: 'Show this capture on the map' });
  await expect(show).toHaveCount(1);
  const older = page.waitForResponse(
    (r) => /\/tile\/v2\/2023-P01-CO-DEN\/20230806T\w+\/1[5-7]\/\d+\/\d+$/.test(r.url()) && r.status() === 200,
  );
  await show.click();
  await older;
  await expect(card.getByRole('button', { name: 'Showing this capture on the map' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await mapSettled(page);
  const layers = () =>
    page.evaluate(() =>
      window
        .__surveyViewer!.map.getStyle()
        .layers.filter((layer) => layer.id === 'tile-capture-imagery')
        .map((layer) => layer.type),
    );
  expect(await layers()).toEqual(['raster']);
  await page.screenshot({ path: 'e2e/screenshots/tile-versions.png' });

  // Back to the newest: the older capture leaves the map.
  await card.getByRole('button', { name: 'Showing this capture on the map' }).click();
  await expect.poll(layers).toEqual([]);

  // Compared with the newest: A the survey, B the August 2023 capture, its tiles by capture id.
  await card.getByRole('button', { name: 'Compare with the newest' }).click();
  const panel = page.getByRole('region', { name: 'Compare surveys' });
  await expect(panel.getByRole('region', { name: 'Side A' })).toContainText(SURVEY);
  await expect(panel.getByRole('region', { name: 'Side B' })).toContainText('one earlier capture');
  await expect(panel.getByRole('region', { name: 'Side B' })).toContainText(/Aug 6, 2023/);
  // Swiping, B is the second map: its source asks for the capture's tiles, and they are drawn.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const overlay = window.__surveyViewer?.compareMap?.();
        const source = overlay?.getStyle().sources['compare-b'] as { tiles?: string[] } | undefined;
        return overlay?.areTilesLoaded() ? (source?.tiles?.[0] ?? '') : '';
      }),
    )
    .toMatch(/\/tile\/v2\/2023-P01-CO-DEN\/20230806T\w+\/\{z\}\/\{x\}\/\{y\}$/);
  await mapSettled(page);
  await page.screenshot({ path: 'e2e/screenshots/tile-versions-compare.png' });
});
