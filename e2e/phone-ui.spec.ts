import type { Locator, Page } from '@playwright/test';
import { extentOf } from '../core/geo/geometry.ts';
import { imageryCentre } from '../src/features/preview/focus-point.ts';
import {
  accessToken,
  expect,
  openViewer,
  pasteArea,
  signInWithDemo,
  squareWkt,
  surveyFramed,
  surveyList,
  test,
} from './support.ts';

/** Issue 34's walk through the app: what a newcomer ran into at 390×844 and at 1400×900, and what they find now. */

/** Whether a tap or click at the middle of the element reaches it (nothing lies over it). */
const onTop = (element: Locator) =>
  element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });

/** On the 390×844 screen, whole, and reached by a tap at its middle. */
async function expectInReach(element: Locator) {
  const name = await element.evaluate((el) => el.outerHTML.slice(0, 80));
  const box = await element.boundingBox();
  expect(box, name).not.toBeNull();
  expect(box!.x, name).toBeGreaterThanOrEqual(0);
  expect(box!.y, name).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
  expect(box!.y + box!.height, name).toBeLessThanOrEqual(844);
  expect(await onTop(element), name).toBe(true);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/phone-ui-${name}.png` });

/** An area in south Denver that four demo surveys cover together, none of them whole. */
const COVERED_TOGETHER = squareWkt([-104.976, 39.688], 0.015);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test(
    'every control is reachable: the Timeline above the sheet, half the screen after a pick, ' +
      'a handle that drags, taps and takes keys, a compact measure readout',
    async ({ page, request }) => {
      await signInWithDemo(page);
      const sheet = page.getByRole('complementary', { name: 'Surveys and area search' });
      const height = async () => (await sheet.boundingBox())!.height;
      const handle = page.locator('.sheet-handle');

      // The newcomer's tap on Timeline landed on a survey row under the sheet; the button sits above the sheet now.
      const timeline = page.getByRole('button', { name: 'Timeline' });
      await expect(timeline).toBeVisible({ timeout: 60_000 });
      expect(await onTop(timeline)).toBe(true);
      await timeline.tap();
      await expect(timeline).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('status')).toBeVisible();
      await shot(page, 'timeline');
      await timeline.tap();
      await expect(timeline).toHaveAttribute('aria-expanded', 'false');

      // Pulled up to browse, then a pick: the sheet had stayed over ~85 % of the screen; now at most half.
      await expect(handle).toHaveAccessibleName('Show more of the list');
      await handle.tap();
      await expect.poll(height).toBeGreaterThan(844 * 0.8);
      const picked = surveyList(page).getByRole('option').nth(1);
      const id = (await picked.getAttribute('data-survey-id')) as string;
      await picked.tap();
      await expect(page.getByRole('region', { name: 'Selected survey' })).toBeVisible();
      await expect.poll(height).toBeLessThanOrEqual(844 / 2);
      // What the pick framed (the footprint's box, or its imagery's centre where the box is too large) is in the middle
      // of the map left above the sheet, not at the middle of the screen, under the sheet's edge.
      await surveyFramed(page, id);
      const answer = await request.get(`/tile/v2/${id}/footprint`, {
        headers: { Authorization: `Bearer ${await accessToken(request)}` },
      });
      const footprint = (await answer.json()).footprint;
      const [west, south, east, north] = extentOf(footprint);
      const framed = await page.evaluate((points) => points.map((p) => window.__surveyViewer!.map.project(p).y), [
        imageryCentre(footprint),
        [(west + east) / 2, (south + north) / 2],
      ] as [number, number][]);
      const sheetTop = (await sheet.boundingBox())!.y;
      expect(Math.min(...framed.map((y) => Math.abs(y - sheetTop / 2))), `framed at ${framed}`).toBeLessThan(4);
      await expect(handle).toHaveAccessibleName('Show more map');
      await shot(page, 'picked');

      // The handle: dragged down, the sheet collapses to its tabs (and the Timeline follows it down).
      const grip = (await handle.boundingBox())!;
      const [x, y] = [grip.x + grip.width / 2, grip.y + grip.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 250, { steps: 6 });
      await page.mouse.up();
      await expect.poll(height).toBeLessThan(120);
      await expect(surveyList(page)).toBeHidden();
      await expect(handle).toHaveAccessibleName('Show the list');
      expect(await onTop(timeline)).toBe(true);
      await shot(page, 'collapsed');
      // Keys: ↑ ↓ step it, End and Home pull it up in full and collapse it; Enter is a tap.
      await handle.focus();
      await page.keyboard.press('ArrowUp');
      await expect.poll(height).toBeCloseTo(422, -1);
      await page.keyboard.press('End');
      await expect.poll(height).toBeGreaterThan(844 * 0.8);
      await page.keyboard.press('ArrowDown');
      await expect.poll(height).toBeCloseTo(422, -1);
      await page.keyboard.press('Home');
      await expect.poll(height).toBeLessThan(120);
      await page.keyboard.press('Enter');
      await expect.poll(height).toBeCloseTo(422, -1);

      // Measuring: the distance panel covered a third of the map above the sheet; now a compact readout, with Details.
      const halfTop = (await sheet.boundingBox())!.y;
      await page.getByRole('button', { name: 'Measure distance' }).tap();
      await page.touchscreen.tap(150, halfTop - 250);
      await page.touchscreen.tap(250, halfTop - 150);
      const panel = page.getByRole('region', { name: 'Measurement' });
      await expect(panel.getByTestId('measure-total')).toHaveText(/\d/);
      await expect(panel.getByRole('button', { name: 'Finish' })).toBeVisible();
      await expect(panel.getByRole('list', { name: 'Segments' })).toBeHidden();
      const box = (await panel.boundingBox())!;
      expect(box.width * box.height).toBeLessThan(0.15 * 390 * halfTop);
      await shot(page, 'measure');
      await panel.getByRole('button', { name: 'Details' }).tap();
      await expect(panel.getByRole('list', { name: 'Segments' })).toBeVisible();
      await panel.getByRole('button', { name: 'Fewer details' }).tap();
      await panel.getByRole('button', { name: 'Finish' }).tap();
      await panel.getByRole('button', { name: 'Close' }).tap();
      await expect(panel).toBeHidden();
    },
  );

  test('the timeline, the timelapse and side by side fit the screen: every control on it, the map keeps room', async ({
    page,
  }) => {
    await signInWithDemo(page);
    const sheet = page.getByRole('complementary', { name: 'Surveys and area search' });
    const handle = page.locator('.sheet-handle');
    await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ center: [-104.99, 39.74], zoom: 14 }));

    // The timeline's bar: "Side by side" lay at x = 414 and "Timelapse" was cut off, the header a column of words.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await page.getByRole('button', { name: 'Timeline' }).tap();
    await expect(timeline.getByRole('group', { name: /^Surveys around the map centre/ })).toBeVisible();
    await expect(timeline.getByRole('button', { name: 'Side by side' })).toBeVisible();
    for (const control of await timeline.locator('.timeline__bar button').all()) await expectInReach(control);
    expect((await timeline.locator('.timeline__bar').boundingBox())!.height).toBeLessThan(80);
    await shot(page, 'timeline-open');

    // The timelapse: its controls in reach (beside the tools and the zoom buttons), the sheet down to its tabs; pulled
    // up to half again, a band of map as tall as a fifth of the screen still shows between the player and the rest.
    await timeline.getByRole('button', { name: 'Timelapse' }).tap();
    const player = page.getByRole('region', { name: 'Timelapse' });
    await expect(player.getByTestId('timelapse-caption')).toBeVisible();
    await expect(handle).toHaveAccessibleName('Show the list');
    for (const control of [
      ...(await player.locator('button, select, input').all()),
      ...(await page.getByRole('toolbar', { name: 'Area tools' }).getByRole('button').all()),
      page.getByRole('button', { name: 'Zoom out' }),
    ])
      await expectInReach(control);
    await handle.tap();
    await expect.poll(async () => (await sheet.boundingBox())!.y).toBeCloseTo(422, -1);
    const below = Math.min((await timeline.boundingBox())!.y, (await sheet.boundingBox())!.y);
    const playerBox = (await player.boundingBox())!;
    // A fifth of the screen: the player's options row (cloud limit, only changed, export) takes a second line here.
    expect(below - (playerBox.y + playerBox.height)).toBeGreaterThan(844 / 5);
    await shot(page, 'timelapse-half-sheet');
    await player.getByRole('button', { name: 'Close timelapse' }).tap();

    // Side by side from the timeline: the maps above the timeline and the layers button, all in reach.
    await timeline.getByRole('button', { name: 'Side by side' }).tap();
    const grid = page.getByRole('region', { name: 'Side by side', exact: true });
    const maps = grid.locator('.side-by-side__map');
    await expect(maps).toHaveCount(4);
    await expect(handle).toHaveAccessibleName('Show the list');
    const layers = page.getByRole('group', { name: 'Map layers and usage' }).getByRole('button', { name: 'Layers' });
    for (const control of [...(await timeline.locator('.timeline__bar button').all()), layers])
      await expectInReach(control);
    const covers = [(await timeline.boundingBox())!, (await layers.boundingBox())!];
    for (const map of await maps.all()) {
      const box = (await map.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThan(100);
      for (const c of covers)
        expect(c.y >= box.y + box.height || c.y + c.height <= box.y || c.x >= box.x + box.width).toBe(true);
    }
    await shot(page, 'side-by-side-timeline');
  });
});

test.describe('at 1400×900', () => {
  test('the theme switch is on the sign-in dialog; the page behind shows nothing usable', async ({ page }) => {
    await openViewer(page);
    // The newcomer saw the theme button behind the sign-in dialog and could not use it.
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await expect(page.locator('.sidebar button')).toHaveCount(0);
    expect(await page.locator('.app').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await signIn.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shot(page, 'sign-in-dark');
    await signIn.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(surveyList(page).getByRole('option').first()).toBeVisible();
    expect(await page.locator('.app').evaluate((el) => (el as HTMLElement).inert)).toBe(false);
  });

  test('the survey list is a few Tab stops from the top; a date field is one stop', async ({ page }) => {
    await signInWithDemo(page);
    // 20 Tab presses took the newcomer to the survey list (four tabs, four stops per date field…). From the top of
    // the page: a click on the name there (Tab goes on from where the page was last clicked).
    await page.getByRole('heading', { name: 'Survey Viewer' }).click();
    let presses = 0;
    while (presses < 25 && !(await surveyList(page).evaluate((el) => el === document.activeElement))) {
      await page.keyboard.press('Tab');
      presses++;
    }
    expect(presses).toBeLessThanOrEqual(9);
    // Opened, the filters add one stop per date field (Chromium stops at its month, day and year) and one for cloud.
    await page.getByRole('button', { name: /^Filters/ }).focus();
    await page.keyboard.press('Enter');
    const [from, to, cloud] = [
      page.getByLabel('Captured from'),
      page.getByLabel('Captured to'),
      page.getByLabel('Max cloud'),
    ];
    for (const field of [from, to, cloud]) {
      await page.keyboard.press('Tab');
      await expect(field).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(surveyList(page)).toBeFocused();
    for (const field of [cloud, to, from]) {
      await page.keyboard.press('Shift+Tab');
      await expect(field).toBeFocused();
    }
  });

  test('the toast of a copy in the layer URL dialog shows over the dialog', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithDemo(page);
    await surveyList(page).getByRole('option').first().click();
    await page.getByRole('region', { name: 'Selected survey' }).getByRole('button', { name: 'Copy layer URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open in QGIS or ArcGIS' });
    await dialog.getByLabel('Key name').fill('issue 34');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByRole('button', { name: 'Copy', exact: true }).first().click();
    // The newcomer's toast showed behind the dialog's backdrop.
    const toast = page.locator('.toast__text');
    await expect(toast).toHaveText(/copied\.$/);
    // The toast lets clicks through (pointer-events: none): for the hit test it catches them for a moment.
    await toast.evaluate((el) => {
      (el.parentElement as HTMLElement).style.pointerEvents = 'auto';
    });
    expect(await onTop(toast)).toBe(true);
    await toast.evaluate((el) => {
      (el.parentElement as HTMLElement).style.pointerEvents = '';
    });
    await shot(page, 'toast-over-dialog');
  });

  test('an area the surveys cover only together is summed up without contradiction', async ({ page }) => {
    await signInWithDemo(page);
    await pasteArea(page, COVERED_TOGETHER);
    // The newcomer read "3 surveys cover parts of the area" beside "The results cover all of the area".
    const sentence = page.getByTestId('coverage-sentence');
    await expect(sentence).toHaveText(/^No single survey covers all of the area; together the \d+ cover all of it\.$/);
    await expect(page.getByTestId('uncovered')).toHaveCount(0);
    await sentence.scrollIntoViewIfNeeded();
    await shot(page, 'area-summary');
  });
});
