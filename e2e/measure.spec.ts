import { area, distance, length, lineString, polygon } from '@turf/turf';
import type { Page } from '@playwright/test';
import { expect, mapSettled, pointOf, showBox, test, expectAccessibleInBothThemes, readmePicture } from './support.ts';

/** Denver at about z15: the demo imagery's city. */
const BOX: [number, number, number, number] = [-105.0, 39.735, -104.985, 39.745];

/** The number in "1,234 m" / "1.23 km" / "4.5 ha", in the unit it is written in. */
const numberIn = (text: string) => Number(text.replace(/,/g, '').match(/[\d.]+/)![0]);

async function clickAt(page: Page, lonLat: [number, number]) {
  const { x, y } = await pointOf(page, lonLat);
  const onMap = await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.tagName, [x, y]);
  expect(onMap, `${lonLat} is clear of the panels`).toBe('CANVAS');
  await page.mouse.click(x, y);
}

/** The points the map holds for the measurement (a click lands on a whole pixel, not exactly on the aimed place). */
function placedPoints(page: Page): Promise<[number, number][]> {
  return page.evaluate(() => {
    const source = window.__surveyViewer!.map.getSource('measure') as unknown as {
      serialize(): {
        data: {
          features: { geometry: { type: string; coordinates: [number, number] }; properties: { role: string } }[];
        };
      };
    };
    return source
      .serialize()
      .data.features.filter((f) => f.properties.role === 'point')
      .map((f) => f.geometry.coordinates);
  });
}

const panel = (page: Page) => page.getByRole('region', { name: 'Measurement' });

test('measure a distance and an area on the map: geodesic sizes in either unit, by mouse or keyboard', {
  tag: '@readme',
}, async ({ page }) => {
  // Over a Denver survey's imagery: the measurement is outlines and labels only.
  await page.goto('/?e2e#survey=2024Q1-CO-DEN');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('2024Q1-CO-DEN').first()).toBeVisible();
  await showBox(page, BOX);
  await mapSettled(page);

  // Distance: three clicks, then Finish; the sizes are turf's great-circle lengths of the clicked places.
  const path: [number, number][] = [
    [-104.998, 39.737],
    [-104.99, 39.739],
    [-104.987, 39.744],
  ];
  await page.getByRole('button', { name: 'Measure distance' }).click();
  await expect(page.getByRole('button', { name: 'Measure distance' })).toHaveAttribute('aria-pressed', 'true');
  // With no point yet, Finish cannot end it, and says why; the tool stays on.
  const finish = panel(page).getByRole('button', { name: 'Finish' });
  await expect(finish).toBeDisabled();
  await expect(finish).toHaveAccessibleDescription('Add 2 points to finish: a distance needs 2.');
  // The panel leaves the map's top left to the measuring: a click there adds a point.
  const map = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  const topLeft = { x: map.x + 200, y: map.y + 150 };
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, topLeft)).toBe('CANVAS');
  await page.mouse.click(topLeft.x, topLeft.y);
  await expect(finish).toHaveAccessibleDescription('Add 1 more point to finish: a distance needs 2.');
  await panel(page).getByRole('button', { name: 'Undo point' }).click();
  for (const p of path) await clickAt(page, p);
  await page.getByRole('button', { name: 'Finish' }).click();
  const placed = await placedPoints(page);
  expect(placed).toHaveLength(3);
  const expectedKm = length(lineString(placed), { units: 'kilometers' });
  const total = await page.getByTestId('measure-total').textContent();
  expect(total).toMatch(/ km$/);
  expect(Math.abs(numberIn(total!) - expectedKm) / expectedKm).toBeLessThan(0.005);
  const segments = panel(page).getByRole('list', { name: 'Segments' }).getByRole('listitem');
  await expect(segments).toHaveCount(2);
  const firstKm = distance(placed[0], placed[1], { units: 'kilometers' });
  expect(Math.abs(numberIn((await segments.first().textContent())!) - firstKm * 1000) / (firstKm * 1000)).toBeLessThan(
    0.005,
  );
  // Labels are drawn on the map: one per segment.
  await expect
    .poll(() =>
      page.evaluate(() => window.__surveyViewer!.map.queryRenderedFeatures({ layers: ['measure-labels'] }).length),
    )
    .toBe(2);
  // A click while the measurement is shown selects nothing: the tool is off, the survey list is untouched.
  await expect(page.getByRole('button', { name: 'Measure distance' })).toHaveAttribute('aria-pressed', 'false');

  // Editing: a finished measurement's point is dragged to a new place (clear of the panel); the sizes follow it and
  // the map does not pan.
  const before = await page.evaluate(() => window.__surveyViewer!.map.getCenter().toArray());
  const from = await pointOf(page, placed[2]);
  const to = await pointOf(page, [-104.9885, 39.7418]);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  const moved = await placedPoints(page);
  expect(moved.slice(0, 2)).toEqual(placed.slice(0, 2));
  expect(Math.abs(moved[2][0] + 104.9885)).toBeLessThan(0.0002);
  expect(Math.abs(moved[2][1] - 39.7418)).toBeLessThan(0.0002);
  expect(await page.evaluate(() => window.__surveyViewer!.map.getCenter().toArray())).toEqual(before);
  const movedKm = length(lineString(moved), { units: 'kilometers' });
  const movedTotal = (await page.getByTestId('measure-total').textContent())!;
  expect(Math.abs(numberIn(movedTotal) - movedKm) / movedKm).toBeLessThan(0.005);

  // The same from the keyboard: show point 2, pan with an arrow key, move the point to the map centre.
  const centre = () => page.evaluate(() => window.__surveyViewer!.map.getCenter().toArray());
  const move = panel(page).getByRole('group', { name: 'Move a point' });
  await move.getByLabel('Point').selectOption('2');
  await move.getByRole('button', { name: 'Show point' }).click();
  await expect
    .poll(async () => {
      const [lon, lat] = await centre();
      return Math.hypot(lon - moved[1][0], lat - moved[1][1]);
    })
    .toBeLessThan(1e-7);
  await page.locator('.maplibregl-canvas').focus();
  await page.keyboard.press('ArrowRight');
  await mapSettled(page);
  const target = await centre();
  expect(target[0]).toBeGreaterThan(moved[1][0] + 0.0001);
  await move.getByRole('button', { name: 'Move to map centre' }).click();
  const keyed = await placedPoints(page);
  expect([keyed[0], keyed[2]]).toEqual([moved[0], moved[2]]);
  expect(Math.hypot(keyed[1][0] - target[0], keyed[1][1] - target[1])).toBeLessThan(1e-9);
  const keyedKm = length(lineString(keyed), { units: 'kilometers' });
  const keyedTotal = (await page.getByTestId('measure-total').textContent())!;
  expect(Math.abs(numberIn(keyedTotal) - keyedKm) / keyedKm).toBeLessThan(0.005);
  await page.evaluate((center) => window.__surveyViewer!.map.jumpTo({ center }), before as [number, number]);
  await mapSettled(page);

  // Area: four corners (clear of the panel) and a double click on the last; the size and the perimeter match turf.
  const corners: [number, number][] = [
    [-104.994, 39.738],
    [-104.989, 39.738],
    [-104.989, 39.742],
    [-104.994, 39.742],
  ];
  await page.getByRole('button', { name: 'Measure area' }).click();
  for (const p of corners.slice(0, 3)) await clickAt(page, p);
  const last = await pointOf(page, corners[3]);
  await page.mouse.dblclick(last.x, last.y);
  await expect(page.getByRole('button', { name: 'Measure area' })).toHaveAttribute('aria-pressed', 'false');
  const zoom = () => page.evaluate(() => window.__surveyViewer!.map.getZoom());
  const zoomBefore = await zoom();
  await mapSettled(page);
  expect(await zoom(), 'the double click that ended the measurement did not zoom').toBe(zoomBefore);
  await mapSettled(page);
  const cornersPlaced = await placedPoints(page);
  expect(cornersPlaced).toHaveLength(4);
  const ring = polygon([[...cornersPlaced, cornersPlaced[0]]]);
  const m2 = area(ring);
  const areaText = (await page.getByTestId('measure-area').textContent())!;
  expect(areaText).toMatch(/ ha$/);
  expect(Math.abs(numberIn(areaText) * 10_000 - m2) / m2).toBeLessThan(0.005);
  const perimeterKm = length(lineString([...cornersPlaced, cornersPlaced[0]]), { units: 'kilometers' });
  expect(
    Math.abs(numberIn((await page.getByTestId('measure-total').textContent())!) - perimeterKm) / perimeterKm,
  ).toBeLessThan(0.005);
  await readmePicture(page, 'measure');

  // Imperial, remembered: acres and miles.
  await panel(page).getByLabel('Units').selectOption('imperial');
  await expect(page.getByTestId('measure-area')).toHaveText(/ acres$/);
  await expect(page.getByTestId('measure-total')).toHaveText(/ mi$/);

  // Keyboard only: start the tool, pan with the arrows, add points at the centre, finish; Escape ends it too.
  await page.getByRole('button', { name: 'Measure distance' }).focus();
  await page.keyboard.press('Enter');
  await panel(page).getByRole('button', { name: 'Add point at centre' }).press('Enter');
  await page.evaluate(() => window.__surveyViewer!.map.panBy([200, 0], { duration: 0 }));
  await panel(page).getByRole('button', { name: 'Add point at centre' }).press('Enter');
  await expect(panel(page).getByRole('list', { name: 'Segments' }).getByRole('listitem')).toHaveCount(1);
  await panel(page).getByRole('button', { name: 'Undo point' }).press('Enter');
  await expect(panel(page).getByRole('list', { name: 'Segments' })).toHaveCount(0);

  await expectAccessibleInBothThemes(page, '.measure-panel', '.measure-toolbar');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Measure distance' })).toHaveAttribute('aria-pressed', 'false');
});

test('measure a point: one click gives its coordinates, on the map and in the panel', async ({ page }) => {
  await page.goto('/?e2e#survey=2024Q1-CO-DEN');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('2024Q1-CO-DEN').first()).toBeVisible();
  await showBox(page, BOX);
  await mapSettled(page);

  await page.getByRole('button', { name: 'Measure point' }).click();
  await expect(panel(page)).toContainText('Click a place for its coordinates.');
  await clickAt(page, [-104.99, 39.74]);
  // One click measures the point: the tool is off again and the place stays drawn, labelled.
  await expect(page.getByRole('button', { name: 'Measure point' })).toHaveAttribute('aria-pressed', 'false');
  const [[lng, lat]] = await placedPoints(page);
  expect(Math.abs(lng + 104.99)).toBeLessThan(0.0001);
  expect(Math.abs(lat - 39.74)).toBeLessThan(0.0001);
  const written = `${lat.toFixed(5)}° N, ${Math.abs(lng).toFixed(5)}° W`;
  await expect(page.getByTestId('measure-point')).toHaveText(written);
  await expect
    .poll(() =>
      page.evaluate(() =>
        window.__surveyViewer!.map.queryRenderedFeatures({ layers: ['measure-labels'] }).map((f) => f.properties.label),
      ),
    )
    .toEqual([written]);
  await expect(panel(page).getByRole('heading', { name: 'Point' })).toBeVisible();
});

test('measure on the right-hand side of a swipe comparison: the measurement is drawn over that side too', async ({
  page,
}) => {
  await page.goto('/?e2e#map=15.5/39.7401/-104.9925&compare=2024Q1-CO-DEN,2025Q3-CO-DEN');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await mapSettled(page);
  await page.waitForFunction(() => window.__surveyViewer?.compareMap?.()?.loaded());
  const overlayFeatures = (layer: string) =>
    page.evaluate((id) => window.__surveyViewer!.compareMap!()!.queryRenderedFeatures({ layers: [id] }).length, layer);

  // Right of the divider (the middle of the map): the second map covers the main one there.
  const box = (await page.locator('.maplibregl-canvas').first().boundingBox())!;
  const right = (fx: number, fy: number) =>
    page.evaluate(
      ([x, y]) => window.__surveyViewer!.map.unproject([x, y]).toArray() as [number, number],
      [box.width * fx, box.height * fy],
    );
  await page.getByRole('button', { name: 'Measure distance' }).click();
  await clickAt(page, await right(0.6, 0.55));
  await clickAt(page, await right(0.8, 0.4));
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('measure-total')).toHaveText(/\d m$/);
  await expect.poll(() => overlayFeatures('measure-line')).toBeGreaterThan(0);
  await expect.poll(() => overlayFeatures('measure-labels')).toBe(1);
  // Cleared on the main map, gone from the second too.
  await page.getByRole('region', { name: 'Measurement' }).getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => overlayFeatures('measure-line')).toBe(0);
});
