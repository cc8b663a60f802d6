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
  surveyFramed,
  nextFrames,
} from './support.ts';

const ORIGIN = `http://127.0.0.1:${PORTS.shortTokens}`;

test('with 8-second tokens the session keeps working through several expiries, renewed before each', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tokenAnswers: number[] = [];
  const otherApiCalls: string[] = [];
  const failures: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/oauth/token') tokenAnswers.push(r.status());
    else if (path.startsWith('/tile/v2/')) {
      if (!/\/\d+\/\d+\/\d+(\.\w+)?$/.test(path)) otherApiCalls.push(path);
      // Renewed before expiry (issued + expires_in − buffer), no request goes out with an expired token: not even a
      // 401 that a refresh-and-retry would have hidden.
      if (r.status() !== 200 && r.status() !== 404) failures.push(`${r.status()} ${path}`);
    }
  });
  const tiles = tileRequests(page);
  await signInWithDemo(page, ORIGIN);
  const list = surveyList(page);
  const started = Date.now();

  for (let step = 0; Date.now() - started < 12_000; step += 1) {
    const option = list.getByRole('option').nth(step % 6);
    await option.click();
    await surveyFramed(page, (await option.getAttribute('data-survey-id'))!);
    if (step % 3 === 2) {
      await zoomToImagery(page);
      await page.mouse.move(900, 450);
      await page.mouse.down();
      await page.mouse.move(800, 400, { steps: 5 });
      await page.mouse.up();
    }
    await list.evaluate((el) => el.scrollBy(0, 400));
    await nextFrames(page); // the scrolled rows are drawn
    await list.evaluate((el) => el.scrollTo(0, 0));
    await expect(page.getByRole('alert')).toHaveCount(0);
  }

  // Left alone over two lifetimes, with no API call to renew it on the way, the token is still renewed before each
  // expiry (the proactive refresh), so the tiles asked for next carry a live one.
  await zoomToImagery(page);
  await mapSettled(page);
  const [tokensBefore, callsBefore] = [tokenAnswers.length, otherApiCalls.length];
  await page.waitForTimeout(17_000); // the idle window itself, not a timing assertion
  expect(otherApiCalls.slice(callsBefore)).toEqual([]);
  expect(tokenAnswers.length - tokensBefore).toBeGreaterThanOrEqual(2);
  const tilesBefore = tiles.length;
  await page.mouse.move(900, 450);
  await page.mouse.down();
  await page.mouse.move(600, 300, { steps: 5 });
  await page.mouse.up();
  await mapSettled(page);
  expect(tiles.length).toBeGreaterThan(tilesBefore);

  // The list still pages in with a fresh token, and the map's tiles kept coming.
  await scrollToEnd(page);
  await mapSettled(page);
  expect(tokenAnswers.length).toBeGreaterThanOrEqual(4);
  expect(tokenAnswers.every((s) => s === 200)).toBe(true);
  expect(failures).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
