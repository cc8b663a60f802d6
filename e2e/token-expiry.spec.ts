import { PORTS } from '../playwright.config.ts';
import {
  expect,
  mapSettled,
  scrollToEnd,
  signInWithDemo,
  surveyList,
  test,
  tileRequests,
  zoomToImagery,
} from './support.ts';

const ORIGIN = `http://127.0.0.1:${PORTS.shortTokens}`;

test('with 8-second tokens the session keeps working through several expiries', async ({ page }) => {
  test.setTimeout(90_000);
  const tokenAnswers: number[] = [];
  const failures: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/oauth/token') tokenAnswers.push(r.status());
    else if (path.startsWith('/tile/v2/') && r.status() !== 200 && r.status() !== 404 && r.status() !== 401)
      failures.push(`${r.status()} ${path}`);
  });
  const tiles = tileRequests(page);
  await signInWithDemo(page, ORIGIN);
  const list = surveyList(page);
  const started = Date.now();

  for (let step = 0; Date.now() - started < 26_000; step += 1) {
    await list
      .getByRole('option')
      .nth(step % 6)
      .click();
    await page.waitForTimeout(1200);
    if (step % 3 === 2) {
      await zoomToImagery(page);
      await page.mouse.move(900, 450);
      await page.mouse.down();
      await page.mouse.move(800, 400, { steps: 5 });
      await page.mouse.up();
    }
    await list.evaluate((el) => el.scrollBy(0, 400));
    await page.waitForTimeout(300);
    await list.evaluate((el) => el.scrollTo(0, 0));
    await expect(page.getByRole('alert')).toHaveCount(0);
  }

  // The list still pages in with a fresh token, and the map's tiles kept coming.
  await scrollToEnd(page);
  await mapSettled(page);
  expect(tokenAnswers.length).toBeGreaterThanOrEqual(4);
  expect(tokenAnswers.every((s) => s === 200)).toBe(true);
  expect(tiles.length).toBeGreaterThan(0);
  expect(failures).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
