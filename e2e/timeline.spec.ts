import type { APIRequestContext, Page } from '@playwright/test';
import { centreCell, searchAround } from '../src/features/timeline/timeline-area.ts';
import { accessToken, expect, mapSettled, signInWithDemo, test, zoomToImagery, readmePicture } from './support.ts';

/** Central Denver, where the demo catalog has several surveys over the years. */
const DENVER: [number, number] = [-104.99, 39.74];

/** Tampa, far from Denver, with surveys of its own. */
const TAMPA: [number, number] = [-82.4572, 27.9506];

/** The surveys the service finds in the box the timeline asks about around `centre`, oldest first. */
async function surveysNear(request: APIRequestContext, centre: [number, number]) {
  const answer = await request.get('/tile/v2/surveys/coverage', {
    params: { wkt: searchAround(centreCell(centre)).wkt },
    headers: { Authorization: `Bearer ${await accessToken(request)}` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { id: string; capture_date_start: string }[]).sort(
    (a, b) => Date.parse(a.capture_date_start) - Date.parse(b.capture_date_start) || a.id.localeCompare(b.id),
  );
}

const marks = (page: Page) => page.getByRole('group', { name: /^Surveys around the map centre/ }).getByRole('button');

test(
  'the timeline shows the surveys around the map centre in time order; ' +
    'clicking or stepping by keys previews one @readme',
  async ({ page, request }) => {
    // What the service finds in the same box the timeline asks about.
    const found = await surveysNear(request, DENVER);
    expect(found.length).toBeGreaterThanOrEqual(3);
    const ids = found.map((s) => s.id);

    await signInWithDemo(page);
    await page.evaluate((centre) => window.__surveyViewer!.map.jumpTo({ center: centre, zoom: 12 }), DENVER);
    await mapSettled(page);

    const toggle = page.getByRole('button', { name: 'Timeline' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('status')).toHaveText(
      `${ids.length} surveys around the map centre`,
    );
    await expect(marks(page)).toHaveCount(ids.length);
    // Oldest left, newest right, in the service's capture times.
    expect(await marks(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-survey-id')))).toEqual(ids);
    const lefts = await marks(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
    expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);
    // Year ticks on the axis.
    const years = new Set(found.map((s) => s.capture_date_start.slice(0, 4)));
    for (const year of years)
      if (Number(year) > Number([...years][0]))
        await expect(page.locator('.timeline__tick', { hasText: year })).toBeVisible();

    // Hover names the capture.
    const second = marks(page).nth(1);
    await second.hover();
    await expect(second.locator('.timeline__tip')).toBeVisible();
    await expect(second.locator('.timeline__tip')).toContainText(ids[1]);

    // Click previews it: selected, and its tiles are what the preview shows.
    await second.click();
    const panel = page.getByRole('region', { name: 'Selected survey' });
    await expect(panel).toContainText(ids[1]);
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const source = window.__surveyViewer!.map.getSource('survey-preview') as { tiles?: string[] } | undefined;
          return source?.tiles?.[0] ?? '';
        }),
      )
      .toContain(`/tile/v2/${ids[1]}/`);

    // Keys: → next capture, ← previous, End newest, Home oldest; focus follows.
    await page.keyboard.press('ArrowRight');
    await expect(panel).toContainText(ids[2]);
    await expect(marks(page).nth(2)).toBeFocused();
    await expect(marks(page).nth(2)).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(panel).toContainText(ids[0]);
    await page.keyboard.press('ArrowLeft');
    await expect(panel).toContainText(ids[0]);
    await page.keyboard.press('End');
    await expect(panel).toContainText(ids.at(-1)!);
    await expect(marks(page).last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(panel).toContainText(ids[0]);

    // Only the selected mark is in the tab order; Tab leaves the group.
    expect(await marks(page).evaluateAll((els) => els.filter((el) => el.getAttribute('tabindex') === '0').length)).toBe(
      1,
    );

    // Screenshot: the previewed capture's imagery, with a mark's tip showing.
    await marks(page).nth(1).click();
    await zoomToImagery(page);
    await expect(marks(page).first()).toBeVisible();
    await marks(page).nth(2).hover();
    await mapSettled(page);
    await readmePicture(page, 'timeline');

    // Far from any survey, it says so.
    await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ center: [-100.5, 37.5], zoom: 12 }));
    await expect(page.getByText('No survey covers the map centre.')).toBeVisible();

    // Collapsed, it takes no room.
    await toggle.click();
    await expect(marks(page)).toHaveCount(0);
  },
);

test("with an area set, the timeline shows the area search's surveys while the area is in view", async ({
  page,
  request,
}) => {
  const wkt = 'POLYGON((-105.12 39.7, -105.05 39.7, -105.05 39.75, -105.12 39.75, -105.12 39.7))';
  await signInWithDemo(page);
  await page.getByRole('tab', { name: 'Area search' }).click();
  await expect(page.getByRole('button', { name: 'Draw polygon' })).toBeEnabled();
  await page.getByRole('button', { name: 'Paste WKT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste WKT' });
  await dialog.getByLabel('WKT').fill(wkt);
  await dialog.getByRole('button', { name: 'Use area' }).click();
  const results = page.getByRole('listbox', { name: 'Coverage results' }).getByRole('option');
  await expect(results.first()).toBeVisible();
  const found = await results.evaluateAll((els) => els.map((el) => el.getAttribute('data-survey-id')).sort());

  await page.getByRole('button', { name: 'Timeline' }).click();
  const inArea = page.getByRole('group', { name: /^Surveys in the area/ }).getByRole('button');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('status')).toHaveText(
    `${found.length} surveys in the area`,
  );
  expect((await inArea.evaluateAll((els) => els.map((el) => el.getAttribute('data-survey-id')))).sort()).toEqual(found);

  // Looking at Tampa with the Denver area still set: the strip and its side-by-side pick list Tampa's surveys, not the
  // far-away area's, and say why the area's are not listed.
  const tampa = (await surveysNear(request, TAMPA)).map((s) => s.id);
  expect(tampa.some((id) => found.includes(id))).toBe(false);
  await page.evaluate((centre) => window.__surveyViewer!.map.jumpTo({ center: centre, zoom: 12 }), TAMPA);
  const status = page.getByRole('region', { name: 'Timeline' }).getByRole('status');
  await expect(status.first()).toHaveText(`${tampa.length} surveys around the map centre`);
  await expect(status.filter({ hasText: 'The area is out of view.' })).toBeVisible();
  expect(await marks(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-survey-id')))).toEqual(tampa);
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  const grid = page.getByRole('region', { name: 'Side by side', exact: true });
  await expect(grid.locator('.side-by-side__pane')).toHaveCount(Math.min(4, tampa.length));
  const panes = await grid.locator('.side-by-side__pane').evaluateAll((els) => els.map((el) => el.ariaLabel));
  for (const pane of panes) expect(tampa).toContain(pane!.split(': ')[1]);
  await grid.getByRole('button', { name: 'Close side by side' }).click();

  // Back over the area, its surveys again.
  await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ center: [-105.08, 39.72], zoom: 12 }));
  await expect(status).toHaveText(`${found.length} surveys in the area`);
});
