import type { Page } from '@playwright/test';
import { booleanPointInPolygon, centerOfMass } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { PNG } from 'pngjs';
import { extentOf } from '../core/geo/geometry.ts';
import {
  accessToken,
  expect,
  mapCentre,
  mapSettled,
  pasteArea,
  pointOf,
  showBox,
  signInWithDemo,
  surveyList,
  test,
  surveyFramed,
  mapEvent,
} from './support.ts';

/**
 * Issue 34, a newcomer's walk through the app: footprints on every tab, a click that ends a measurement or a drawing
 * is theirs alone, a picked survey (or area search result) framed where its imagery draws, and a hovered footprint
 * named beside the pointer with its row brought into sight.
 */

type Footprint = Polygon | MultiPolygon;

/** The lowest map zoom at which the service's tiles (from tile zoom 14) are drawn: MapLibre rounds 13.5 up. */
const IMAGERY_ZOOM = 12.5;
/** A Boise and a Las Vegas survey of the demo catalog's first page: the newcomer's picks. */
const PICKS = ['2026Q4-ID-BOI', '2026-P01-NV-LAS'];
/** A small survey further down the first page, alone in its metro area (Iva, SC). */
const FURTHER_DOWN = '2026Q1-SC-IVA';
const DENVER_WKT = 'POLYGON((-105.12 39.7, -105.05 39.7, -105.05 39.75, -105.12 39.75, -105.12 39.7))';

const results = (page: Page) => page.getByRole('listbox', { name: 'Coverage results' });
const selectedPanel = (page: Page) => page.getByRole('region', { name: 'Selected survey' });
const zoomNow = (page: Page) => page.evaluate(() => window.__surveyViewer!.map.getZoom());

async function footprintOf(page: Page, id: string): Promise<Footprint> {
  const token = await accessToken(page.request);
  const answer = await page.request.get(`/tile/v2/${id}/footprint`, { headers: { Authorization: `Bearer ${token}` } });
  return (await answer.json()).footprint as Footprint;
}

/** Share of the map's visible part (above `bottom` px of the canvas, when given) that lies over the footprint. */
async function shareOverFootprint(page: Page, footprint: Footprint, bottom?: number): Promise<number> {
  const places = await page.evaluate((bottomEdge) => {
    const map = window.__surveyViewer!.map;
    const { clientWidth: width, clientHeight } = map.getCanvas();
    const height = Math.min(clientHeight, bottomEdge ?? clientHeight);
    const out: [number, number][] = [];
    for (let i = 0; i < 12; i++)
      for (let j = 0; j < 12; j++)
        out.push(map.unproject([((i + 0.5) * width) / 12, ((j + 0.5) * height) / 12]).toArray());
    return out;
  }, bottom);
  return places.filter((p) => booleanPointInPolygon(p, footprint)).length / places.length;
}

/** Of the pixels that the tile grid's outlines change in the middle of the map, the share drawn white. */
async function whiteShareOfGrid(page: Page): Promise<number> {
  const shot = async (visibility: 'visible' | 'none') => {
    await page.evaluate(async (v) => {
      const map = window.__surveyViewer!.map;
      const drawn = new Promise((resolve) => map.once('idle', resolve));
      map.setLayoutProperty('tile-grid-outline', 'visibility', v);
      await drawn;
    }, visibility);
    return PNG.sync.read(await mapCentre(page)).data;
  };
  const without = await shot('none');
  const withGrid = await shot('visible');
  let [changed, white] = [0, 0];
  for (let i = 0; i < withGrid.length; i += 4) {
    const d = [0, 1, 2].reduce((sum, c) => sum + Math.abs(withGrid[i + c] - without[i + c]), 0);
    if (d <= 40) continue;
    changed += 1;
    if (withGrid[i] > 215 && withGrid[i + 1] > 215 && withGrid[i + 2] > 215) white += 1;
  }
  expect(changed, 'pixels the grid lines change').toBeGreaterThan(200);
  return white / changed;
}

/** Whether each of these sources holds features the map has tiled (it draws them where they are in view). */
const sourceFilled = (page: Page, source: string) =>
  page.evaluate((id) => window.__surveyViewer!.map.querySourceFeatures(id).length > 0, source);

async function expectFootprintsOnTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  // Once the map has redrawn after the change of tab (they went then).
  await mapSettled(page);
  expect(await sourceFilled(page, 'footprints'), `footprints drawn on the ${tab} tab`).toBe(true);
}

/** Whether the map's footprints source holds the survey's footprint. */
const footprintDrawn = (page: Page, id: string) =>
  page.evaluate(
    (id) => window.__surveyViewer!.map.querySourceFeatures('footprints').some((f) => f.properties.id === id),
    id,
  );

test.describe('at 1400×900', () => {
  test(
    'a picked survey is framed where its imagery draws; "Zoom to footprint" says it needs a zoom without imagery; ' +
      'a hovered footprint is named beside the pointer and brings its row into sight',
    async ({ page }) => {
      await signInWithDemo(page);
      await mapSettled(page);
      for (const id of PICKS) {
        // The newcomer picks a survey from the list, seeing the whole country: it landed on the footprint's edge.
        await showBox(page, [-125, 25, -66, 49]);
        await surveyList(page).locator(`[data-survey-id="${id}"]`).click();
        await expect(selectedPanel(page)).toContainText(id);
        await surveyFramed(page, id);
        const footprint = await footprintOf(page, id);
        expect(await zoomNow(page), `${id}: a zoom that draws its imagery`).toBeGreaterThanOrEqual(IMAGERY_ZOOM);
        const share = await shareOverFootprint(page, footprint);
        expect(share, `${id}: the view over its imagery`).toBeGreaterThan(0.8);
        await page.screenshot({ path: `test-results/map-ux-picked-${id}.png` });
      }

      // "Zoom to footprint" goes where its imagery draws: the whole footprint would need a zoom without imagery, so
      // it goes to the imagery's centre at the zoom imagery draws from, and says so first.
      const zoomButton = page.getByRole('button', { name: 'Zoom to footprint' });
      const note = page.locator('#zoom-to-footprint-note');
      await expect(note).toHaveText(
        new RegExp(
          "^Imagery draws from map zoom 12\\.5 \\(the service's tile zoom 14\\); " +
            "the whole footprint needs map zoom 1[01]\\.\\d, so this goes to its imagery's centre at 12\\.5\\.$",
        ),
      );
      await expect(zoomButton).toHaveAttribute('title', (await note.textContent())!);
      await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ zoom: 9 }));
      await mapSettled(page);
      const moved = await mapEvent(page, 'moveend');
      await zoomButton.click();
      await moved();
      await mapSettled(page);
      expect(Math.abs((await zoomNow(page)) - 12.5)).toBeLessThan(0.1);
      await page.getByRole('button', { name: 'Clear selection' }).click();

      // Hover: the list has been scrolled through (footprints known further down), then back to its top.
      const list = surveyList(page);
      await list.evaluate((el) => el.scrollTo(0, 26 * 78));
      await expect(list.locator(`[data-survey-id="${FURTHER_DOWN}"]`)).toBeAttached();
      const further = await footprintOf(page, FURTHER_DOWN);
      await showBox(page, extentOf(further));
      await expect.poll(() => footprintDrawn(page, FURTHER_DOWN)).toBe(true);
      await list.evaluate((el) => el.scrollTo(0, 0));
      const row = list.locator(`[data-survey-id="${FURTHER_DOWN}"]`);
      await expect(row).not.toBeAttached();
      // Its row gone from the screen, its footprint is still drawn (from the view's coverage answer).
      await mapSettled(page);
      await expect.poll(() => footprintDrawn(page, FURTHER_DOWN)).toBe(true);
      const search = page.getByRole('searchbox', { name: 'Search survey ids or places' });
      await search.focus();
      const inside = centerOfMass(further).geometry.coordinates as [number, number];
      expect(booleanPointInPolygon(inside, further)).toBe(true);
      const at = await pointOf(page, inside);
      await page.mouse.move(at.x, at.y, { steps: 3 });
      const label = page.getByTestId('footprint-label');
      await expect(label).toBeVisible();
      await expect(label).toContainText(FURTHER_DOWN);
      await expect(label).toContainText(/\d{4}, \d{2}:\d{2}/);
      await expect(label).toContainText(/Cloud (\d+%|—)/);
      const box = (await label.boundingBox())!;
      expect(Math.abs(box.x - at.x)).toBeLessThan(40);
      await expect(row).toBeInViewport();
      await expect(row).toHaveClass(/is-highlighted/);
      await expect(search).toBeFocused();
      await page.screenshot({ path: 'test-results/map-ux-hover-label.png' });
      // Off the footprint, the label no longer names it (every survey in view is drawn: another may be there); and off
      // the map it goes.
      const [fw, fs, , fn] = extentOf(further);
      const beside = await pointOf(page, [fw, (fs + fn) / 2]);
      await page.mouse.move(beside.x - 15, beside.y, { steps: 3 });
      await expect
        .poll(async () => ((await label.isVisible()) ? await label.textContent() : ''))
        .not.toContain(FURTHER_DOWN);
      await page.mouse.move(at.x, at.y, { steps: 3 });
      await expect(label).toBeVisible();
      await page.mouse.move(100, at.y, { steps: 3 });
      await expect(label).toBeHidden();
    },
  );

  test(
    'footprints on every tab (dimmed behind area results); a result is framed with a legible grid; the double ' +
      'click that ends a measurement or a drawing opens no tile and selects nothing',
    async ({ page }) => {
      await signInWithDemo(page);
      await mapSettled(page);
      await expect.poll(() => sourceFilled(page, 'footprints')).toBe(true);
      for (const tab of ['Notes', 'Portfolio', 'Area search']) await expectFootprintsOnTab(page, tab);

      // An area search: its results emphasized over the catalog's footprints, which stay, dimmed.
      await pasteArea(page, DENVER_WKT);
      await expect(results(page).getByRole('option').first()).toBeVisible();
      const paint = (layer: string, property: 'line-opacity' | 'line-width') =>
        page.evaluate(([l, p]) => window.__surveyViewer!.map.getPaintProperty(l, p) as number, [
          layer,
          property,
        ] as const);
      await expect.poll(() => paint('footprints-outline', 'line-opacity')).toBeLessThan(0.5);
      expect(await paint('coverage-outline', 'line-width')).toBeGreaterThan(1.4);

      // A result picked from the whole country: framed over its part of the area, where imagery and grid read.
      await showBox(page, [-125, 25, -66, 49]);
      await expect.poll(() => sourceFilled(page, 'footprints'), "the catalog's footprints with the results").toBe(true);
      const top = results(page).getByRole('option').first();
      const id = (await top.getAttribute('data-survey-id'))!;
      await top.click();
      await expect(page.getByTestId('tile-count')).toBeVisible();
      await mapSettled(page); // the move framing the result started when it was chosen
      const zoom = await zoomNow(page);
      expect(zoom).toBeGreaterThanOrEqual(IMAGERY_ZOOM);
      expect(zoom, 'not the jump to z15, where the grid is white lines only').toBeLessThan(14.5);
      const footprint = await footprintOf(page, id);
      const [fw, fs, fe, fn] = extentOf(footprint);
      const part = [Math.max(-105.12, fw), Math.max(39.7, fs), Math.min(-105.05, fe), Math.min(39.75, fn)];
      const [[vw, vs], [ve, vn]] = await page.evaluate(
        () => window.__surveyViewer!.map.getBounds().toArray() as [[number, number], [number, number]],
      );
      expect(vw <= part[0] && vs <= part[1] && ve >= part[2] && vn >= part[3], 'its part of the area in view').toBe(
        true,
      );
      // Over the imagery the cells are outlined in their coverage colours, not in white.
      await page.mouse.move(5, 5);
      await mapSettled(page);
      expect(await whiteShareOfGrid(page), 'white among the pixels the grid lines change').toBeLessThan(0.2);
      await mapSettled(page);
      await page.screenshot({ path: 'test-results/map-ux-result-framed.png' });

      // Watches for a tile's details opening, however briefly.
      await page.evaluate(() => {
        const seen = { tile: false };
        (window as unknown as { seen: typeof seen }).seen = seen;
        new MutationObserver(() => {
          if (document.querySelector('[aria-label="Tile details"]')) seen.tile = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      const tileOpened = () => page.evaluate(() => (window as unknown as { seen: { tile: boolean } }).seen.tile);
      const selectedText = () => selectedPanel(page).locator('.selected-panel__id').textContent();
      const centre = (lon: number, lat: number) => pointOf(page, [lon, lat]);

      // Measuring over the grid: the double click that ends it is the measurement's.
      await showBox(page, [-105.13, 39.69, -105.04, 39.76]);
      await mapSettled(page);
      const zoomBefore = await zoomNow(page);
      await page.getByRole('button', { name: 'Measure distance' }).click();
      const a = await centre(-105.1, 39.715);
      const b = await centre(-105.07, 39.735);
      await page.mouse.click(a.x, a.y);
      await page.mouse.dblclick(b.x, b.y);
      await expect(page.getByRole('button', { name: 'Measure distance' })).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByTestId('measure-total')).toBeVisible();
      await mapSettled(page); // a zoom or tile click set off by the double click would be done by now
      expect(await tileOpened(), 'tile details after the measuring double click').toBe(false);
      expect(await selectedText()).toBe(id);
      expect(await zoomNow(page)).toBe(zoomBefore);
      await page.getByRole('region', { name: 'Measurement' }).getByRole('button', { name: 'Close' }).click();
      // A plain click there opens its tile (the double click above was over the grid).
      await page.mouse.click(b.x, b.y);
      await expect(page.getByRole('region', { name: 'Tile details' })).toBeVisible();
      await page.getByRole('button', { name: 'Close tile details' }).click();
      await page.evaluate(() => {
        (window as unknown as { seen: { tile: boolean } }).seen.tile = false;
      });

      // Drawing over the grid: the double click that closes the polygon is the drawing's.
      await page.getByRole('button', { name: 'Draw polygon' }).click();
      for (const [lon, lat] of [
        [-105.11, 39.705],
        [-105.06, 39.705],
        [-105.06, 39.745],
      ] as const) {
        const p = await centre(lon, lat);
        await page.mouse.click(p.x, p.y);
      }
      const last = await centre(-105.1, 39.74);
      await page.mouse.dblclick(last.x, last.y);
      await expect(page.getByRole('button', { name: 'Draw polygon' })).toHaveAttribute('aria-pressed', 'false');
      await mapSettled(page);
      expect(await tileOpened(), 'tile details after the drawing double click').toBe(false);
      await expect(page.getByRole('dialog', { name: 'Overlapping surveys' })).toHaveCount(0);
      expect(await selectedText()).toBe(id);
      expect(await zoomNow(page)).toBe(zoomBefore);
    },
  );
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a survey picked on a phone is framed where its imagery draws; footprints stay on the other tabs', async ({
    page,
  }) => {
    await signInWithDemo(page);
    await mapSettled(page);
    await expect.poll(() => sourceFilled(page, 'footprints')).toBe(true);
    const id = PICKS[0];
    await surveyList(page).locator(`[data-survey-id="${id}"]`).tap();
    await expect(selectedPanel(page)).toContainText(id);
    await surveyFramed(page, id);
    const sheet = (await page.getByRole('complementary', { name: 'Surveys and area search' }).boundingBox())!;
    expect(await zoomNow(page)).toBeGreaterThanOrEqual(IMAGERY_ZOOM);
    expect(await shareOverFootprint(page, await footprintOf(page, id), sheet.y)).toBeGreaterThan(0.8);
    await page.screenshot({ path: 'test-results/map-ux-phone-picked.png' });
    await expectFootprintsOnTab(page, 'Area search');
  });
});
