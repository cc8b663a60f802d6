import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  expect,
  mapSettled,
  openViewer,
  pasteArea as pasteWkt,
  selectSurvey,
  signInWithDemo,
  surveyList,
  test,
  TILE_REQUEST,
  transitionsDone,
  readmePicture,
} from './support.ts';

const DENVER_WKT = 'POLYGON((-105.12 39.7, -105.05 39.7, -105.05 39.75, -105.12 39.75, -105.12 39.7))';
const results = (page: Page) => page.getByRole('listbox', { name: 'Coverage results' });

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
test.describe.configure({ timeout: 90_000 });

async function pasteArea(page: Page, wkt: string) {
  await pasteWkt(page, wkt);
  await expect(results(page).getByRole('option').first()).toBeVisible();
}

const selectedId = (page: Page) => page.getByRole('region', { name: 'Selected survey' }).getByRole('heading');
const view = (page: Page) =>
  page.evaluate(() => {
    const map = window.__surveyViewer!.map;
    return { lng: map.getCenter().lng, lat: map.getCenter().lat, zoom: map.getZoom() };
  });

/** Presses Tab until the focused element has this accessible name (keyboard only), and checks its focus is visible. */
async function tabTo(page: Page, name: RegExp, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return null;
      const labelledBy = el.getAttribute('aria-labelledby');
      const label =
        el.getAttribute('aria-label') ??
        (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        '';
      const style = getComputedStyle(el);
      return {
        label: label.trim(),
        outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
        shadow: style.boxShadow !== 'none',
      };
    });
    if (focused && name.test(focused.label)) {
      expect(focused.outline || focused.shadow, `visible focus on "${focused.label}"`).toBe(true);
      return;
    }
  }
  throw new Error(`${name} was not reached with Tab`);
}

test(
  'a copied link restores view, selection, area and layers in a fresh browser; Back and Forward walk through ' +
    'selections',
  async ({ page, browser, baseURL }) => {
    await signInWithDemo(page);
    const first = await selectSurvey(page, 0);
    const second = await selectSurvey(page, 1);
    await page.goBack();
    await expect(selectedId(page)).toHaveText(first);
    await expect(surveyList(page).getByRole('option', { selected: true })).toHaveAttribute('data-survey-id', first);
    await page.goForward();
    await expect(selectedId(page)).toHaveText(second);

    await page.getByRole('searchbox', { name: 'Search survey ids' }).fill('co');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Max cloud').fill('30');
    await pasteArea(page, DENVER_WKT);
    const firstPick = results(page).getByRole('option').nth(2);
    const otherId = (await firstPick.getAttribute('data-survey-id'))!;
    await firstPick.click();
    await page.getByRole('button', { name: 'Compare as A' }).click();
    const chosen = results(page).getByRole('option').nth(1);
    const chosenId = (await chosen.getAttribute('data-survey-id'))!;
    await chosen.click();
    await expect(selectedId(page)).toHaveText(chosenId);
    await page.getByRole('button', { name: 'Compare as B' }).click();
    const compare = page.getByRole('region', { name: 'Compare surveys' });
    await compare.getByRole('radio', { name: 'Fade' }).check();
    await expect(compare).toContainText(otherId);
    await page.getByRole('checkbox', { name: 'Latest imagery' }).check();
    await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ center: [-105.081, 39.727], zoom: 13.4 }));
    await mapSettled(page);
    const km2 = await page.getByTestId('area-km2').textContent();
    const shared = await view(page);

    await page.getByRole('button', { name: 'Copy link to this view' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link to this view copied.' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('#map=');
    expect(link).not.toMatch(/api_key|token|secret|eyJ/i);

    const fresh = await browser.newContext({ baseURL });
    try {
      const other = await fresh.newPage();
      const errors: string[] = [];
      other.on('pageerror', (error) => errors.push(error.message));
      await other.goto(link);
      await expect(other.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
      await other.getByRole('button', { name: 'Sign in' }).click();
      await expect(selectedId(other)).toHaveText(chosenId);
      await expect(other.getByRole('tab', { name: 'Area search' })).toHaveAttribute('aria-selected', 'true');
      await expect(other.getByTestId('area-km2')).toHaveText(km2!);
      await expect(results(other).getByRole('option', { selected: true })).toHaveAttribute('data-survey-id', chosenId);
      await expect(other.getByRole('checkbox', { name: 'Latest imagery' })).toBeChecked();
      const restoredCompare = other.getByRole('region', { name: 'Compare surveys' });
      await expect(restoredCompare).toContainText(otherId);
      await expect(restoredCompare).toContainText(chosenId);
      await expect(restoredCompare.getByRole('radio', { name: 'Fade' })).toBeChecked();
      await other.getByRole('tab', { name: 'Surveys' }).click();
      await expect(other.getByRole('searchbox', { name: 'Search survey ids' })).toHaveValue('co');
      await expect(other.getByLabel('Max cloud')).toHaveValue('30');
      expect(errors, 'page errors in the fresh browser').toEqual([]);
      const restored = await view(other);
      expect(restored.zoom).toBeCloseTo(shared.zoom, 1);
      expect(restored.lng).toBeCloseTo(shared.lng, 3);
      expect(restored.lat).toBeCloseTo(shared.lat, 3);
    } finally {
      await fresh.close();
    }
  },
);

test('a link to a survey beyond the loaded pages opens it by id', async ({ page, request }) => {
  const token = (
    await (
      await request.post('/oauth/token', {
        data: {
          client_id: 'demo',
          client_secret: 'demo-secret',
          audience: 'https://api.survey-viewer.example/tile',
          grant_type: 'client_credentials',
        },
      })
    ).json()
  ).access_token;
  const page4 = await (
    await request.get('/tile/v2/surveys?page=4', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const far: string = page4.results[0].id;
  await page.goto(`/?e2e#survey=${encodeURIComponent(far)}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(selectedId(page)).toHaveText(far);
  await page.getByRole('button', { name: 'Zoom to footprint' }).click();
  await expect.poll(() => page.evaluate(() => !!window.__surveyViewer!.map.getSource('survey-preview'))).toBe(true);
});

test(
  'the latest imagery layer draws the basemap survey under everything, and ' + 'the usage meter counts billed tiles',
  async ({ page }) => {
    // Imagery tiles: the capture readout's metadata requests are not billed tiles.
    const tiles: string[] = [];
    page.on('request', (r) => TILE_REQUEST.test(r.url()) && !r.url().includes('metadata=') && tiles.push(r.url()));
    await signInWithDemo(page);
    const meter = page.getByRole('group', { name: 'Map layers and usage' }).locator('output');
    await expect(meter).toHaveText('0');
    await page.keyboard.press('l');
    await expect(page.getByRole('checkbox', { name: 'Latest imagery' })).toBeChecked();
    await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ center: [-105.081, 39.727], zoom: 15 }));
    await mapSettled(page);
    const basemapTiles = tiles.filter((u) => u.includes('/tile/v2/basemap/'));
    expect(basemapTiles.length).toBeGreaterThan(0);
    // Under every outline; over the fills, which no imagery may be tinted by.
    const layers = await page.evaluate(() => window.__surveyViewer!.map.getStyle().layers.map((l) => l.id));
    expect(layers.indexOf('latest-imagery-raster')).toBeLessThan(layers.indexOf('footprints-outline'));
    expect(layers.indexOf('latest-imagery-raster')).toBeGreaterThan(layers.indexOf('footprints-fill'));
    await expect(meter).toHaveText(String(tiles.length));
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(meter).toHaveText('0');
  },
);

test('keyboard only: sign in, search an area, open a result and export its tiles', async ({ page }) => {
  await openViewer(page);
  await page.keyboard.press('Enter');
  await expect(surveyList(page).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  // The help links to the guide of what is open (the survey list), which the app serves as a page of its own.
  const guide = help.getByRole('link', { name: 'Getting started: sign in, browse, preview' });
  const guidePage = await page.request.get((await guide.getAttribute('href')) ?? '');
  expect(guidePage.headers()['referrer-policy']).toBe('no-referrer');
  expect(await guidePage.text()).toContain('<h1>Getting started: sign in, browse, preview</h1>');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.keyboard.press('2');
  await expect(page.getByRole('tab', { name: 'Area search' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('?');
  await expect(help.getByRole('link', { name: 'Area search' })).toHaveAttribute('href', '/docs/guide/area-search.html');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  // The tab's panel loads on first use: a user tabs once its tools are shown.
  await expect(page.getByRole('button', { name: 'Paste WKT' })).toBeEnabled();
  await tabTo(page, /^Paste WKT$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Paste WKT' }).getByLabel('WKT')).toBeFocused();
  await page.keyboard.type(DENVER_WKT);
  await tabTo(page, /^Use area$/);
  await page.keyboard.press('Enter');
  await expect(results(page).getByRole('option').first()).toBeVisible();
  await tabTo(page, /^Coverage results$/);
  // Focus by keyboard makes the first result active, so Enter chooses it at once.
  await expect(results(page)).toHaveAttribute('aria-activedescendant', 'coverage-option-0');
  await page.keyboard.press('Enter');
  const id = (await results(page).getByRole('option').first().getAttribute('data-survey-id'))!;
  await expect(selectedId(page)).toHaveText(id);
  await expect(page.getByTestId('tile-count')).toBeVisible();
  await tabTo(page, /^Export tiles as CSV$/, 120);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe(`${id}_z16_tiles.csv`);
});

test(
  'axe finds no violations on the sign-in dialog, the list, the area search, compare, the timeline and the help ' +
    'dialog, in both themes',
  async ({ page }) => {
    const scan = async (what: string) => {
      const { violations } = await new AxeBuilder({ page }).exclude('.maplibregl-canvas').analyze();
      expect(
        violations.map(
          (v) =>
            `${what}: ${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
        ),
      ).toEqual([]);
    };
    await openViewer(page);
    await scan('sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(surveyList(page).getByRole('option').first()).toBeVisible();
    await selectSurvey(page, 0);
    await scan('list');
    await pasteArea(page, DENVER_WKT);
    await results(page).getByRole('option').first().click();
    await expect(page.getByTestId('tile-count')).toBeVisible();
    await scan('area search');
    await page.getByRole('button', { name: 'Compare as A' }).click();
    await results(page).getByRole('option').nth(1).click();
    await page.getByRole('button', { name: 'Compare as B' }).click();
    await page.getByRole('button', { name: 'Timeline' }).click();
    await expect(page.getByRole('region', { name: 'Compare surveys' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('button').nth(1)).toBeVisible();
    await scan('compare and timeline');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Colours change at once, backgrounds over a short transition: scanned once every transition has ended.
    await transitionsDone(page);
    await scan('area search, dark');
    await page.getByRole('tab', { name: 'Surveys' }).click();
    await scan('list, dark');
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await scan('help');
  },
);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the sidebar is a bottom sheet: sign in, pull it up, pick a survey, see its imagery', {
    tag: '@readme',
  }, async ({ page }) => {
    await signInWithDemo(page);
    const sheet = page.getByRole('complementary', { name: 'Surveys and area search' });
    const half = (await sheet.boundingBox())!;
    expect(half.y).toBeGreaterThanOrEqual(422);
    await page.getByRole('button', { name: 'Show more of the list' }).tap();
    await expect.poll(async () => (await sheet.boundingBox())!.height).toBeGreaterThan(half.height + 200);
    const option = surveyList(page).getByRole('option').nth(1);
    const id = (await option.getAttribute('data-survey-id'))!;
    await option.tap();
    // The pick leaves the upper half of the screen to the map.
    await expect.poll(async () => (await sheet.boundingBox())!.y).toBeGreaterThanOrEqual(422);
    await expect(selectedId(page)).toHaveText(id);
    // Picking frames the imagery: a map zoom that draws the service's tiles (12.5 and deeper draw tile zoom 14).
    await page.waitForFunction(() => (window.__surveyViewer?.map.getZoom() ?? 0) >= 12.5);
    await mapSettled(page);
    expect(await page.evaluate(() => !!window.__surveyViewer!.map.getLayer('survey-preview-imagery'))).toBe(true);
    // The layers panel is a button over the map until opened; open, it stays clear of the place search and the sheet.
    const layers = page.getByRole('group', { name: 'Map layers and usage' });
    const toggle = layers.getByRole('button', { name: 'Layers' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(layers.getByLabel('Footprints')).toBeHidden();
    const closed = (await layers.boundingBox())!;
    expect(closed.height).toBeLessThan(48);
    await readmePicture(page, 'phone');
    await toggle.tap();
    await expect(layers.getByLabel('Footprints')).toBeVisible();
    const open = (await layers.boundingBox())!;
    const search = (await page.getByRole('combobox', { name: 'Go to a place' }).boundingBox())!;
    expect(open.y).toBeGreaterThanOrEqual(search.y + search.height);
    expect(open.y + open.height).toBeLessThanOrEqual((await sheet.boundingBox())!.y);
    await layers.getByLabel('Latest imagery', { exact: true }).tap();
    await expect(layers.getByLabel('Latest imagery', { exact: true })).toBeChecked();
    await readmePicture(page, 'phone-layers');
  });
});
