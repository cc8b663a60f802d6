import type { APIRequestContext, Page } from '@playwright/test';
import { booleanPointInPolygon, centerOfMass, pointOnFeature } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { type CanvasRegion, canvasPixels, colourDifference, servicePixels, showAtOneToOne } from './imagery-pixels.ts';
import { accessToken, expect, pasteArea, signInWithDemo, squareWkt, surveyList, test, mapSettled } from './support.ts';

/** A Las Vegas survey of the demo catalog's first page, under five others' footprints. */
const SURVEY = '2026Q3-NV-LAS';
/** Map zooms 16–18: the service's z17–z19 tiles at 1:1. */
const MAP_ZOOMS = [16, 17, 18];
/** Mean and histogram shifts allowed per channel, in levels of 255 (screenshots of a WebGL canvas, PNG tiles). */
const TOLERANCE = 3;

test.describe.configure({ timeout: 300_000 });

/** The middle of the map: clear of the panels over it. */
async function middleRegion(page: Page): Promise<CanvasRegion> {
  const box = (await page.locator('.maplibregl-canvas').first().boundingBox())!;
  const size = 256;
  return { left: Math.round(box.width / 2 - size / 2), top: Math.round(box.height / 2 - size / 2), size };
}

/**
 * At z17–z19, the map's pixels over the imagery have the colours of the service's own tiles there: the same mean and
 * histogram per channel, within a few levels.
 */
async function expectServiceColours(
  page: Page,
  request: APIRequestContext,
  what: string,
  at: [number, number],
  tiles: { surveyId: string; query?: string },
  { zooms = MAP_ZOOMS, keepPointer = false } = {},
) {
  const token = await accessToken(request);
  const region = await middleRegion(page);
  for (const zoom of zooms) {
    const place = await showAtOneToOne(page, at, zoom);
    if (!keepPointer) await page.mouse.move(5, 5);
    await mapSettled(page); // tiles in and faded in
    const drawn = await canvasPixels(page, region);
    const expected = await servicePixels(request, token, { ...tiles, ...place }, region);
    const { meanShift, histogramShift } = colourDifference(drawn, expected);
    const worst = Math.max(...meanShift.map(Math.abs), ...histogramShift);
    expect(worst, `${what} at z${place.tileZoom}: mean ${meanShift}, histogram ${histogramShift}`).toBeLessThanOrEqual(
      TOLERANCE,
    );
  }
}

/** Selects the survey by its row; returns a point well inside its footprint, far from other footprints' edges. */
async function selectSurveyById(page: Page, request: APIRequestContext, id: string): Promise<[number, number]> {
  const row = surveyList(page).locator(`[data-survey-id="${id}"]`);
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  const answer = await request.get(`/tile/v2/${id}/footprint`, {
    headers: { Authorization: `Bearer ${await accessToken(request)}` },
  });
  const footprint = (await answer.json()).footprint as Polygon | MultiPolygon;
  const centre = centerOfMass(footprint);
  const inside = booleanPointInPolygon(centre, footprint) ? centre : pointOnFeature(footprint);
  return inside.geometry.coordinates as [number, number];
}

test('the imagery keeps its colours under footprints, hover, an area search and the tile grid, in both themes', async ({
  page,
  request,
}) => {
  await signInWithDemo(page);
  const at = await selectSurveyById(page, request, SURVEY);
  const preview = { surveyId: SURVEY };

  await expectServiceColours(page, request, 'selected survey', at, preview);

  // Hovering the survey (its row) highlights it by outline only.
  await surveyList(page).locator(`[data-survey-id="${SURVEY}"]`).hover();
  await page.waitForFunction(() => {
    const source = window.__surveyViewer!.map.getSource('footprint-hover') as unknown as {
      serialize(): { data: { features: unknown[] } };
    };
    return source.serialize().data.features.length > 0;
  });
  await expectServiceColours(page, request, 'hovered', at, preview, { zooms: [16, 18], keepPointer: true });

  // An area search around it: the area, the results' footprints, the uncovered part.
  await pasteArea(page, squareWkt(at, 0.004));
  const results = page.getByRole('listbox', { name: 'Coverage results' });
  await expect(results.getByRole('option').first()).toBeVisible();
  await expectServiceColours(page, request, 'with an area search', at, preview, { zooms: [17] });

  // The tile grid of the survey in the area.
  await results.locator(`[data-survey-id="${SURVEY}"]`).click();
  await expect(page.getByTestId('tile-count')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window.__surveyViewer!.map.getStyle().sources['tile-grid'] as { data: { features: unknown[] } }).data
            .features.length,
      ),
    )
    .toBeGreaterThan(0);
  await expectServiceColours(page, request, 'with the tile grid', at, preview, { zooms: [16, 18] });

  // Dark theme: a dark basemap, the same imagery.
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectServiceColours(page, request, 'dark theme, tile grid and area', at, preview, { zooms: [17] });
  await page.getByRole('tab', { name: 'Surveys' }).click();
  await expectServiceColours(page, request, 'dark theme, footprints', at, preview, { zooms: [16, 18] });
});

test('the latest imagery keeps its colours under the footprints', async ({ page, request }) => {
  await signInWithDemo(page);
  const at = await selectSurveyById(page, request, SURVEY);
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await page.getByRole('checkbox', { name: 'Latest imagery' }).check();
  await expectServiceColours(page, request, 'latest imagery', at, { surveyId: 'basemap' });
});
