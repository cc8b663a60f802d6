import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { PNG } from 'pngjs';

export const DEMO = {
  clientId: 'demo',
  clientSecret: 'demo-secret',
  audience: 'https://api.survey-viewer.example/tile',
};
export const TILE_REQUEST = /\/tile\/v2\/[^/]+\/(?:[^/]+\/)?\d+\/\d+\/\d+(?:\.(?:png|jpe?g))?(?:\?|$)/;

interface Guards {
  /** Console lines of the page, checked for credentials at the end of each test. */
  consoleLines: string[];
}

/**
 * Every test fails on an uncaught page error, a CSP violation, and a credential appearing in the console or the page
 * URL.
 */
export const test = base.extend<Guards>({
  consoleLines: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      const lines: string[] = [];
      const urls: string[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      page.on('console', (message) => lines.push(message.text()));
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) urls.push(frame.url());
      });
      await use(lines);
      expect(
        errors.map((e) => e.message),
        'uncaught page errors',
      ).toEqual([]);
      expect(
        lines.filter((l) => /bearer\s|api_key=|demo-secret|eyJ[\w-]{10,}\./i.test(l)),
        'credentials in the console',
      ).toEqual([]);
      expect(
        lines.filter((l) => /Content Security Policy/i.test(l)),
        'Content-Security-Policy violations',
      ).toEqual([]);
      expect(
        urls.filter((u) => /api_key|token|secret/i.test(u)),
        'credentials in the page URL',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The viewer with its e2e hook (window.__surveyViewer.map). */
export async function openViewer(page: Page, origin = '') {
  await page.goto(`${origin}/?e2e`);
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
}

/** Signs in with the pre-filled demo credentials and waits for the first rows. */
export async function signInWithDemo(page: Page, origin = '') {
  await openViewer(page, origin);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('listbox', { name: 'Surveys' }).getByRole('option').first()).toBeVisible();
}

export const surveyList = (page: Page) => page.getByRole('listbox', { name: 'Surveys' });

/** Scrolls the list to its end again and again until every page is in. */
export async function scrollToEnd(page: Page) {
  const list = surveyList(page);
  await expect(async () => {
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(page.getByText(/\d+ loaded/)).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

export async function accessToken(request: APIRequestContext, origin = ''): Promise<string> {
  const answer = await request.post(`${origin}/oauth/token`, {
    data: {
      client_id: DEMO.clientId,
      client_secret: DEMO.clientSecret,
      audience: DEMO.audience,
      grant_type: 'client_credentials',
    },
  });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).access_token;
}

/**
 * Index in the first rows of a survey with a clear sky (so its imagery shows ground, not cloud), from the seed-profile
 * service.
 */
export async function clearSkyRow(request: APIRequestContext): Promise<number> {
  const token = await accessToken(request);
  const answer = await request.get('/tile/v2/surveys', { headers: { Authorization: `Bearer ${token}` } });
  const { results } = (await answer.json()) as { results: { cloud_cover: number }[] };
  const index = results.slice(0, 6).findIndex((s) => s.cloud_cover < 5);
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

/**
 * Waits for the map's next `idle` after a repaint: no camera move under way, every frame asked for until now drawn,
 * its tiles in and fades done. What an action set off on the map (a move, a layer, new tiles) has happened by then;
 * a look at the tiles alone would pass before a jumpTo's new tiles were even asked for.
 */
export async function mapSettled(page: Page) {
  await page.waitForFunction(() => !!window.__surveyViewer?.map, undefined, { timeout: 20_000 });
  const idle = await mapEvent(page, 'idle');
  await page.evaluate(() => window.__surveyViewer!.map.triggerRepaint());
  await idle();
}

/** Starts listening for the map's next `event`, before the action that sets it off; the result waits for it. */
export async function mapEvent(page: Page, event: 'moveend' | 'idle'): Promise<() => Promise<void>> {
  const seen = await page.evaluateHandle((name) => {
    const flag = { fired: false };
    window.__surveyViewer!.map.once(name, () => {
      flag.fired = true;
    });
    return flag;
  }, event);
  return async () => {
    await page.waitForFunction((flag) => flag.fired, seen, { timeout: 30_000 });
    await seen.dispose();
  };
}

/** Whether the map draws a survey's footprint as hovered (its layers draw the hover source on top). */
export function hoverDrawn(page: Page, surveyId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const source = window.__surveyViewer!.map.getSource('footprint-hover') as unknown as {
      serialize(): { data: { features: { properties: { id: string } }[] } };
    };
    return source.serialize().data.features.some((f) => f.properties.id === id);
  }, surveyId);
}

export function tileRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (TILE_REQUEST.test(r.url())) seen.push(r);
  });
  return seen;
}

/** Share of pixels that differ clearly between two screenshots of the same area. */
export function changedShare(a: Buffer, b: Buffer): number {
  const [pa, pb] = [PNG.sync.read(a), PNG.sync.read(b)];
  let changed = 0;
  for (let i = 0; i < pa.data.length; i += 4) {
    const d =
      Math.abs(pa.data[i] - pb.data[i]) +
      Math.abs(pa.data[i + 1] - pb.data[i + 1]) +
      Math.abs(pa.data[i + 2] - pb.data[i + 2]);
    if (d > 40) changed += 1;
  }
  return changed / (pa.width * pa.height);
}

/** Selects a survey by its row and waits for the map to fit to it. */
export async function selectSurvey(page: Page, index: number): Promise<string> {
  const option = surveyList(page).getByRole('option').nth(index);
  const id = (await option.getAttribute('data-survey-id'))!;
  await option.click();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Selected survey' })).toContainText(id);
  await surveyFramed(page, id);
  return id;
}

/**
 * Waits until a picked survey's imagery is on the map (its footprint is in) and the map has come to rest: the move
 * that frames it, when there is one, starts in the same render as its preview source.
 */
export async function surveyFramed(page: Page, id: string) {
  await page.waitForFunction(
    (path) => {
      const source = window.__surveyViewer?.map.getSource('survey-preview') as { tiles?: string[] } | undefined;
      return source?.tiles?.[0]?.includes(path) ?? false;
    },
    `/tile/v2/${encodeURIComponent(id)}/`,
    { timeout: 30_000 },
  );
  await mapSettled(page);
}

/** Waits for the page's next two animation frames: input sent before it (e.g. a pointer move) has been handled. */
export async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Waits for the selected survey's imagery where the service's z16 tiles are drawn (MapLibre zoom 15: its zoom levels
 * count 512-px tiles): picking a survey frames its imagery (from map zoom 12.5), the hint's button goes there from
 * further out, or else the map is zoomed in where it is, over the imagery.
 */
export async function zoomToImagery(page: Page) {
  // A move under way (e.g. "Zoom to footprint") ends first: the hint shows only once the map rests too far out.
  await page.waitForFunction(() => window.__surveyViewer?.map.isMoving() === false);
  const atDetail = () => page.evaluate(() => Math.abs((window.__surveyViewer?.map.getZoom() ?? 0) - 15) < 0.01);
  if (!(await atDetail())) {
    const hint = page.getByRole('button', { name: 'Zoom to imagery' });
    const shown = await hint.waitFor({ state: 'visible', timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    // A late footprint may take the map to the imagery by itself meanwhile, and the hint away with it.
    if (shown) await hint.click({ timeout: 5_000 }).catch(() => undefined);
    else await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ zoom: 15 }));
  }
  await expect.poll(atDetail).toBe(true);
  await mapSettled(page);
}

/**
 * A picture for the README, named after its file in docs/screenshots/. The test run saves it under
 * test-results/screenshots/ to look at; `npm run screenshots` (UPDATE_SCREENSHOTS=1) retakes the tracked ones. Its
 * test carries the `@readme` tag that script selects.
 */
export async function readmePicture(page: Page, name: string): Promise<Buffer> {
  expect(test.info().tags, `a test that takes the README picture "${name}" is tagged @readme`).toContain('@readme');
  const folder = process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots';
  return page.screenshot({ path: `${folder}/${name}.png` });
}

/** Screenshot of the middle of the map, away from controls and overlays. */
export async function mapCentre(page: Page): Promise<Buffer> {
  const box = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  return page.screenshot({
    clip: { x: box.x + box.width / 2 - 150, y: box.y + box.height / 2 - 150, width: 300, height: 300 },
  });
}

/** Pastes an area of interest as WKT in the area search, and waits for the dialog to close. */
export async function pasteArea(page: Page, wkt: string) {
  await page.getByRole('tab', { name: 'Area search' }).click();
  await page.getByRole('button', { name: 'Paste WKT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste WKT' });
  await dialog.getByLabel('WKT').fill(wkt);
  await dialog.getByRole('button', { name: 'Use area' }).click();
  await expect(dialog).toBeHidden();
}

/** A square area of interest around a point, as WKT: `d` degrees each way. */
export function squareWkt([lon, lat]: readonly [number, number], d: number): string {
  const [w, s, e, n] = [lon - d, lat - d, lon + d, lat + d];
  return `POLYGON((${w} ${s}, ${e} ${s}, ${e} ${n}, ${w} ${n}, ${w} ${s}))`;
}

/** Shows a lon/lat box on the map at once (points can be projected right away; tiles may still be loading). */
export async function showBox(page: Page, [west, south, east, north]: [number, number, number, number]) {
  await page.evaluate(
    async (box) => {
      window.__surveyViewer!.map.fitBounds(
        [
          [box[0], box[1]],
          [box[2], box[3]],
        ],
        { duration: 0, padding: 40 },
      );
      await new Promise((resolve) => requestAnimationFrame(resolve));
    },
    [west, south, east, north],
  );
}

/** Page coordinates of a lon/lat on the map. */
export async function pointOf(page: Page, lonLat: [number, number]): Promise<{ x: number; y: number }> {
  const box = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  const p = await page.evaluate((ll) => window.__surveyViewer!.map.project(ll), lonLat);
  return { x: box.x + p.x, y: box.y + p.y };
}

/** Waits until no CSS transition runs (a theme change fades colours in). */
export async function transitionsDone(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length))
    .toBe(0);
}

/** axe finds no violation in the parts of the page `selectors` name, in the light theme and the dark; ends light. */
export async function expectAccessibleInBothThemes(page: Page, ...selectors: string[]) {
  for (const theme of ['light', 'dark']) {
    if (theme === 'dark') await page.getByRole('button', { name: 'Dark theme' }).click();
    await transitionsDone(page);
    const axe = selectors.reduce((builder, selector) => builder.include(selector), new AxeBuilder({ page }));
    const { violations } = await axe.analyze();
    expect(violations.map((v) => `${theme}: ${v.id} ${v.nodes[0]?.html ?? ''}`)).toEqual([]);
  }
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await transitionsDone(page);
}

/**
 * The boxes ([west, south, east, north]) on the map that lie under any of `panels` (or off the map): framing is to
 * leave room for the panels, so none should.
 */
export async function boxesUnderPanels(
  page: Page,
  boxes: [number, number, number, number][],
  panels: Locator[],
): Promise<[number, number, number, number][]> {
  const map = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  const covers = (await Promise.all(panels.map((panel) => panel.boundingBox()))).filter((box) => box !== null);
  const onScreen = await page.evaluate(
    (all) =>
      all.map(([west, south, east, north]) => {
        const m = window.__surveyViewer!.map;
        const a = m.project([west, north]);
        const b = m.project([east, south]);
        return { left: a.x, top: a.y, right: b.x, bottom: b.y };
      }),
    boxes,
  );
  return boxes.filter((_, i) => {
    const r = onScreen[i];
    const [left, top, right, bottom] = [map.x + r.left, map.y + r.top, map.x + r.right, map.y + r.bottom];
    const offMap = left < map.x || top < map.y || right > map.x + map.width || bottom > map.y + map.height;
    return offMap || covers.some((c) => left < c.x + c.width && c.x < right && top < c.y + c.height && c.y < bottom);
  });
}
