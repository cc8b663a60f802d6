import type { Locator, Page } from '@playwright/test';
import { expect, mapSettled, pasteArea, signInWithDemo, surveyList, test, surveyFramed } from './support.ts';

/** Issue 14's words, units, places, layout, links and keyboard, in real Chromium against the real service. */

/** Two Denver surveys of the demo catalog that overlap (as in compare.spec.ts). */
const A = '2024Q1-CO-DEN';
const B = '2025Q3-CO-DEN';
const DENVER: [number, number] = [-104.99, 39.74];
const DENVER_WKT = 'POLYGON((-105.12 39.7, -105.05 39.7, -105.05 39.75, -105.12 39.75, -105.12 39.7))';
/** About 45 m × 45 m in west Denver: 2,000 m², a size once written "< 0.01 km²". */
const SMALL_WKT = 'POLYGON((-105.1 39.72, -105.09948 39.72, -105.09948 39.7204, -105.1 39.7204, -105.1 39.72))';

test.describe.configure({ timeout: 240_000 });

const selectedPanel = (page: Page) => page.getByRole('region', { name: 'Selected survey' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Coverage results' });
const shot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/ux-${name}.png` });

async function jumpTo(page: Page, centre: [number, number], zoom: number) {
  await page.evaluate(
    ([lng, lat, z]) => window.__surveyViewer!.map.jumpTo({ center: [lng, lat], zoom: z }),
    [...centre, zoom],
  );
  await mapSettled(page);
}

/** Presses Tab until the focused element is this one. */
async function tabUntilFocused(page: Page, target: Locator, maxPresses = 60) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('not reached with Tab');
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = async (locator: Locator) => (await locator.boundingBox())!;

test.describe('keyboard', () => {
  test(
    'Enter on the survey list selects the row shown active on first focus; ' +
      'after "Zoom to imagery" the map has the keyboard',
    async ({ page }) => {
      await signInWithDemo(page);
      const list = surveyList(page);
      await tabUntilFocused(page, list);
      // The first row is shown active at once, so the first Enter chooses it.
      await expect(list).toHaveAttribute('aria-activedescendant', 'survey-option-0');
      const first = list.locator('#survey-option-0');
      await expect(first).toHaveClass(/is-active/);
      const id = (await first.getAttribute('data-survey-id'))!;
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(selectedPanel(page)).toContainText(id);

      // Far out, the hint offers to zoom in; after it, the focus is on the map, not lost with the hint.
      await surveyFramed(page, id);
      const view = await page.evaluate(() => window.__surveyViewer!.map.getCenter().toArray() as [number, number]);
      await jumpTo(page, view, 9);
      const zoomButton = page.getByRole('button', { name: 'Zoom to imagery' });
      await expect(page.locator('.zoom-hint')).toContainText('tile zoom 14');
      await expect(page.locator('.zoom-hint')).toContainText('Map zoom now 9');
      await tabUntilFocused(page, zoomButton, 120);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => Math.abs((window.__surveyViewer?.map.getZoom() ?? 0) - 15) < 0.01);
      await expect(zoomButton).toHaveCount(0);
      const focused = await page.evaluate(() => ({
        canvas: document.activeElement?.classList.contains('maplibregl-canvas') ?? false,
        visible: document.activeElement?.matches(':focus-visible') ?? false,
      }));
      expect(focused).toEqual({ canvas: true, visible: true });
      // The arrows now pan the map.
      await mapSettled(page);
      const before = await page.evaluate(() => window.__surveyViewer!.map.getCenter().lng);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.evaluate(() => window.__surveyViewer!.map.getCenter().lng)).toBeGreaterThan(before);
    },
  );
});

test.describe('units and the drawing read-out', () => {
  test(
    'small areas in m², imperial units remembered across a reload, ' +
      'and a self-crossing outline explained while drawn',
    async ({ page }) => {
      await signInWithDemo(page);
      await pasteArea(page, SMALL_WKT);
      const size = page.getByTestId('area-km2');
      await expect(size).toHaveText(/^[\d,]+ m²$/);
      const m2 = Number((await size.textContent())!.replace(/[^\d]/g, ''));
      expect(Math.abs(m2 - 2000)).toBeLessThan(150);
      await page.getByRole('combobox', { name: 'Units' }).selectOption('imperial');
      await expect(size).toHaveText(/^[\d,]+ ft²$/);
      const ft2 = Number((await size.textContent())!.replace(/[^\d]/g, ''));
      expect(Math.abs(ft2 - m2 * 10.7639)).toBeLessThan(20);

      // Remembered on this device: the restored area comes back in feet.
      await page.reload();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByTestId('area-km2')).toHaveText(/^[\d,]+ ft²$/);
      await page.getByRole('combobox', { name: 'Units' }).selectOption('metric');

      // A larger area in hectares or km², never a bound.
      await pasteArea(page, DENVER_WKT);
      await expect(size).toHaveText(/^[\d.,]+ km²$/);
      await expect(page.getByTestId('uncovered').or(page.getByText(/covers? all of (the area|it)\./))).toBeVisible();

      // Drawing a bow tie: the read-out says so before the drawing is finished.
      await jumpTo(page, [-105.08, 39.72], 14);
      await page.getByRole('button', { name: 'Draw polygon' }).click();
      const region = await box(page.getByRole('region', { name: 'Survey map' }));
      const at = (fx: number, fy: number) => ({ x: region.x + region.width * fx, y: region.y + region.height * fy });
      const corners = [at(0.35, 0.35), at(0.65, 0.65), at(0.65, 0.35)];
      for (const corner of corners) await page.mouse.click(corner.x, corner.y);
      const hint = page.locator('.draw-hint');
      await expect(hint).not.toContainText('crosses itself');
      const crossing = at(0.35, 0.65);
      await page.mouse.move(crossing.x, crossing.y, { steps: 6 });
      await expect(hint).toContainText('The outline crosses itself: it would be refused.');
      await expect(page.locator('.area-summary__live')).toContainText('crosses itself');
      await expect(page.locator('.draw-hint__size')).toHaveText(/^[\d.,]+ (m²|ha|km²)$/);
      await shot(page, 'crossing');
      await page.keyboard.press('Escape');
      await expect(hint).toHaveCount(0);
      await expect(size).toHaveText(/ km²$/); // the area stayed
    },
  );
});

test.describe('places', () => {
  test(
    'the id search finds surveys by place, ' + 'and the place box flies to a city or county from the offline data',
    async ({ page }) => {
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await signInWithDemo(page);
      const search = page.getByRole('searchbox', { name: 'Search survey ids or places' });
      for (const [place, code] of [
        ['Denver', '-CO-DEN'],
        ['Tampa', '-FL-TPA'],
      ] as const) {
        await search.fill(place);
        await expect(page.getByText(/\d+ match(es)? · \d+ surveys in the catalog/)).toBeVisible({ timeout: 30_000 });
        const ids = await surveyList(page)
          .getByRole('option')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-survey-id')!));
        expect(ids.length).toBeGreaterThan(0);
        for (const id of ids) expect(id.endsWith(code), id).toBe(true);
        await expect(
          page
            .getByRole('button', { name: `Remove filter: Id or place “${place}”` })
            .or(page.getByText(`Id or place “${place}”`)),
        ).toBeVisible();
      }
      await search.fill('');

      const box = page.getByRole('combobox', { name: 'Go to a place' });
      await box.fill('Tampa');
      const options = page.getByRole('listbox', { name: 'Places' }).getByRole('option');
      await expect(options.first()).toHaveText(/Tampa, FL/);
      await box.press('ArrowDown');
      await box.press('Enter');
      await expect(box).toHaveValue('Tampa, FL');
      await mapSettled(page);
      const tampa = await page.evaluate(() => {
        const map = window.__surveyViewer!.map;
        return { ...map.getCenter(), zoom: map.getZoom() };
      });
      expect(Math.abs(tampa.lng - -82.46)).toBeLessThan(0.05);
      expect(Math.abs(tampa.lat - 27.95)).toBeLessThan(0.05);
      expect(tampa.zoom).toBeCloseTo(11, 1);

      await box.fill('Hillsborough County, FL');
      await options.filter({ hasText: 'Hillsborough County, FL' }).click();
      await mapSettled(page);
      const county = await page.evaluate(() => {
        const map = window.__surveyViewer!.map;
        return { bounds: map.getBounds().toArray(), zoom: map.getZoom() };
      });
      const [[west, south], [east, north]] = county.bounds;
      expect(west).toBeLessThan(-82.46);
      expect(east).toBeGreaterThan(-82.46);
      expect(south).toBeLessThan(27.95);
      expect(north).toBeGreaterThan(27.95);
      expect(county.zoom).toBeLessThan(11);
      await shot(page, 'place-search');

      // Nothing but this service and the app's own files was asked for.
      const origins = new Set(requests.map((u) => new URL(u).origin));
      expect([...origins].filter((o) => !o.startsWith('http://127.0.0.1:'))).toEqual([]);
      expect(requests.filter((u) => u.includes('/basemap/gazetteer.json'))).toHaveLength(1);
    },
  );
});

test.describe('layout', () => {
  test('the compare panel never covers the zoom hint; the selection collapses so the list keeps five rows', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 760 });
    await page.goto(`/?e2e#map=9/${DENVER[1]}/${DENVER[0]}&survey=${A}&compare=${A},${B}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const hint = page.locator('.zoom-hint');
    const compare = page.getByRole('region', { name: 'Compare surveys' });
    await expect(hint).toBeVisible();
    await expect(compare).toBeVisible();
    expect(overlap(await box(hint), await box(compare))).toBe(false);
    await shot(page, 'compare-and-hint');

    await page.getByRole('tab', { name: 'Surveys' }).click();
    const list = surveyList(page);
    await expect(list.getByRole('option').first()).toBeVisible();
    const rows = () => list.evaluate((el) => el.clientHeight / 78);
    const expanded = await rows();
    await selectedPanel(page).getByRole('button', { name: 'Hide details' }).click();
    await expect(selectedPanel(page).getByRole('button', { name: 'Show details' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(selectedPanel(page).getByText('Imagery opacity')).toBeHidden();
    await expect(selectedPanel(page)).toContainText(A);
    expect(await rows()).toBeGreaterThan(expanded);
    expect(await rows()).toBeGreaterThanOrEqual(5);
    await shot(page, 'collapsed-selection');
  });

  test("the timeline's tip sits over its own mark, and a click while comparing changes the side it belongs to", async ({
    page,
  }) => {
    await page.goto(`/?e2e#map=12/${DENVER[1]}/${DENVER[0]}&compare=${A},${B}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('region', { name: 'Compare surveys' })).toBeVisible();
    await page.getByRole('button', { name: 'Timeline' }).click();
    const marks = page.getByRole('group', { name: /^Surveys around the map centre/ }).getByRole('button');
    await expect(marks.nth(2)).toBeVisible();
    const count = await marks.count();
    for (let i = 0; i < count; i++) {
      const mark = marks.nth(i);
      await mark.hover();
      const tip = mark.locator('.timeline__tip');
      await expect(tip).toBeVisible();
      const [m, t] = [await box(mark), await box(tip)];
      const centre = m.x + m.width / 2;
      expect(t.x, `tip ${i} starts left of its mark's centre`).toBeLessThanOrEqual(centre);
      expect(t.x + t.width, `tip ${i} ends right of its mark's centre`).toBeGreaterThanOrEqual(centre);
      expect(m.y - (t.y + t.height), `tip ${i} just above its mark`).toBeGreaterThanOrEqual(0);
      expect(m.y - (t.y + t.height), `tip ${i} just above its mark`).toBeLessThan(16);
      // The mark whose tip shows is drawn above its neighbours, so that none covers the tip.
      expect(await mark.evaluate((el) => getComputedStyle(el).zIndex)).toBe('2');
    }
    await shot(page, 'timeline-tip');

    const ids = await marks.evaluateAll((els) => els.map((el) => el.getAttribute('data-survey-id')!));
    const note = page.getByTestId('timeline-compare-note');
    await marks.nth(ids.indexOf(A)).click();
    await expect(note).toHaveText(`${A} is already side A.`);
    // The oldest capture other than A and B belongs with whichever of them is nearer in time.
    const other = ids.find((id) => id !== A && id !== B)!;
    await marks.nth(ids.indexOf(other)).click();
    await expect(note).toHaveText(/^Side [AB] now shows /);
    const side = (await note.textContent())!.includes('Side A') ? 'A' : 'B';
    await expect(page.getByRole('region', { name: `Side ${side}` })).toContainText(other);
    await expect(page.getByRole('region', { name: `Side ${side === 'A' ? 'B' : 'A'}` })).toContainText(
      side === 'A' ? B : A,
    );
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test(
      'the zoom hint wraps inside the screen, ' +
        'clear of the draw tools, zoom buttons, place search and compare panel',
      async ({ page }) => {
        await page.goto(`/?e2e#map=9/${DENVER[1]}/${DENVER[0]}&survey=${A}`);
        await page.getByRole('button', { name: 'Sign in' }).click();
        const hint = page.locator('.zoom-hint');
        await expect(hint).toBeVisible();
        // The area tools load once the map has first drawn its view.
        await expect(page.getByRole('button', { name: 'Draw polygon' })).toBeEnabled({ timeout: 60_000 });
        const others = {
          tools: await box(page.getByRole('toolbar', { name: 'Area tools' })),
          zoom: await box(page.locator('.maplibregl-ctrl-top-right .maplibregl-ctrl-group')),
          places: await box(page.getByRole('combobox', { name: 'Go to a place' })),
        };
        const check = async () => {
          const h = await box(hint);
          expect(h.x).toBeGreaterThanOrEqual(0);
          expect(h.x + h.width).toBeLessThanOrEqual(390);
          for (const [name, other] of Object.entries(others)) expect(overlap(h, other), name).toBe(false);
        };
        await check();
        await shot(page, 'phone-hint');

        // A new page (not just a new fragment), as when the link is opened.
        await page.goto(`/?e2e&again#map=9/${DENVER[1]}/${DENVER[0]}&survey=${A}&compare=${A},${B}`);
        await page.getByRole('button', { name: 'Sign in' }).click();
        const compare = page.getByRole('region', { name: 'Compare surveys' });
        await expect(compare).toBeVisible();
        await expect(hint).toBeVisible();
        await shot(page, 'phone-compare');
        await check();
        expect(overlap(await box(hint), await box(compare))).toBe(false);
      },
    );
  });
});

test.describe('links', () => {
  test(
    'the URL follows the map as soon as it comes to rest, without waiting for its tiles, ' +
      'and a reload comes back at that zoom',
    async ({ page }) => {
      // A survey's imagery over Denver: zooming in asks for its tiles.
      await page.goto(`/?e2e#map=13/${DENVER[1]}/${DENVER[0]}&survey=${A}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(selectedPanel(page)).toContainText(A);
      await page.evaluate(() => window.__surveyViewer!.map.setZoom(11));
      await page.getByRole('button', { name: 'Zoom to imagery' }).click();
      await page.waitForFunction(() => Math.abs((window.__surveyViewer?.map.getZoom() ?? 0) - 15) < 0.01);
      await mapSettled(page);
      // The imagery's tiles are held back: the map comes to rest but is not done drawing (no idle).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/tile\/v2\/|\/basemap\//, async (route) => {
        await held;
        await route.continue();
      });
      await page.evaluate(() => {
        const map = window.__surveyViewer!.map;
        const state = { rested: false, idle: false };
        (window as unknown as { viewState: typeof state }).viewState = state;
        map.once('moveend', () => {
          state.rested = true;
          map.once('idle', () => (state.idle = true));
        });
      });
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForFunction(() => (window as unknown as { viewState: { rested: boolean } }).viewState.rested);
      const zoom = await page.evaluate(() => Number(window.__surveyViewer!.map.getZoom().toFixed(2)));
      expect(zoom).toBeCloseTo(16, 1);
      await expect.poll(() => page.evaluate(() => /map=([\d.]+)\//.exec(location.hash)?.[1])).toBe(String(zoom));
      // Written while tiles were still on their way: the URL did not wait for the map to finish drawing.
      expect(await page.evaluate(() => (window as unknown as { viewState: { idle: boolean } }).viewState.idle)).toBe(
        false,
      );
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      release();
      await page.reload();
      await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
      expect(await page.evaluate(() => window.__surveyViewer!.map.getZoom())).toBeCloseTo(zoom, 2);
    },
  );

  test('a link without an area keeps the current one, and after Back an area keeps how it came', async ({ page }) => {
    await signInWithDemo(page);
    await pasteArea(page, SMALL_WKT);
    await expect(page.getByTestId('area-km2')).toBeVisible();
    await pasteArea(page, DENVER_WKT);
    await expect(results(page).getByRole('option').first()).toBeVisible();
    const meta = page.locator('.area-summary__meta');
    await expect(meta).toContainText('pasted');

    // Back to the first area: it was pasted, not opened from a shared link.
    await page.goBack();
    await expect(page.getByTestId('area-km2')).toHaveText(/ m²$/);
    await expect(meta).toContainText('pasted');
    await expect(meta).not.toContainText('shared link');
    await page.goForward();
    await expect(page.getByTestId('area-km2')).toHaveText(/ km²$/);
    await expect(meta).toContainText('pasted');

    // A link opened in this tab without an area: its view and survey, the user's area kept.
    const size = await page.getByTestId('area-km2').textContent();
    await page.evaluate(
      ([lng, lat]) => (location.hash = `#map=13/${lat}/${lng}&survey=${'2025Q3-CO-DEN'}`),
      [-104.95, 39.76],
    );
    await expect(selectedPanel(page)).toContainText('2025Q3-CO-DEN');
    await expect(page.getByTestId('area-km2')).toHaveText(size!);
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('area=');

    // The same in a newly opened page: the stored area stays, and the map stays at the link's view.
    await page.goto('/?e2e&again#map=12/39.76/-104.95');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('area-km2')).toHaveText(size!);
    await mapSettled(page);
    const view = await page.evaluate(() => {
      const map = window.__surveyViewer!.map;
      return { ...map.getCenter(), zoom: map.getZoom() };
    });
    expect(view.zoom).toBeCloseTo(12, 1);
    expect(view.lng).toBeCloseTo(-104.95, 2);
  });
});

test.describe('words', () => {
  test(
    'the spectral range reads as RGB with an explanation; ' + 'the tiles step explains tile zoom against map zoom',
    async ({ page }) => {
      await signInWithDemo(page);
      const spectral = surveyList(page).getByRole('option').first().getByTestId('spectral-range');
      await expect(spectral).toContainText('RGB');
      await expect(spectral).toHaveAttribute('title', /visible light \(red, green, blue\)/);
      await expect(surveyList(page).getByRole('option').first()).not.toContainText(/\bvisible\b(?! light)/);

      await pasteArea(page, DENVER_WKT);
      await results(page).getByRole('option').first().click();
      await expect(page.getByTestId('tile-count')).toBeVisible();
      const note = page.getByTestId('tile-zoom-note');
      await expect(note).toContainText("Tile zoom counts the service's 256-pixel tiles: at z16 a pixel is about 1.8 m");
      await expect(note).toContainText('at map zoom 15');
      await page.getByLabel('Tile zoom').selectOption('18');
      await expect(note).toContainText('at z18 a pixel is about 46 cm');
      await expect(note).toContainText('at map zoom 17');
    },
  );
});
