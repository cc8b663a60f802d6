import type { Page } from '@playwright/test';
import { GATEWAY_ACCESS_KEY, PORTS } from '../playwright.config.ts';
import {
  changedShare,
  clearSkyRow,
  expect,
  mapCentre,
  selectSurvey,
  surveyList,
  test,
  tileRequests,
  zoomToImagery,
  mapSettled,
} from './support.ts';

/**
 * Gateway mode: the viewer served by `npm start -- --upstream URL` in front of the reference service.
 * The upstream client id, secret and token stay in the gateway; the browser holds an HttpOnly cookie.
 */
const GATEWAY = `http://127.0.0.1:${PORTS.gateway}`;
const GATEWAY_TO_PROVIDER = `http://127.0.0.1:${PORTS.gatewayProvider}`;
const SESSION_COOKIE = 'sv_gateway_session';

/**
 * Upstream credentials and tokens, wherever they might show: the secret, JWTs (the upstream token), credential fields.
 */
const CREDENTIAL = /demo-secret|eyJ[\w-]{10,}\.[\w-]{10,}/i;
const BEARER = /^\s*bearer\s/i;
const CREDENTIAL_FIELD = /"(?:access_token|client_secret|api_key|clientSecret)"\s*:/;

/**
 * Watches every request the page makes and every answer it reads. Returns the problems found: a
 * request to another origin, an Authorization header, an api_key or token in a URL, an upstream
 * credential in any body or header.
 */
function watchCredentials(page: Page, origin: string) {
  const problems: string[] = [];
  const pending: Promise<unknown>[] = [];
  let requests = 0;
  page.on('request', (request) => {
    requests += 1;
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url)) problems.push(`request to another origin: ${url}`);
    if (/api_key|token|secret/i.test(url)) problems.push(`credential in a URL: ${url}`);
    const body = request.postData() ?? '';
    if (CREDENTIAL.test(body) || CREDENTIAL_FIELD.test(body)) problems.push(`credential in a request body to ${url}`);
    pending.push(
      request
        .allHeaders()
        .then((headers) => {
          if (headers.authorization !== undefined) problems.push(`Authorization header on ${url}`);
          for (const [name, value] of Object.entries(headers)) {
            if (CREDENTIAL.test(value) || BEARER.test(value))
              problems.push(`credential in request header ${name} of ${url}`);
          }
          const cookies = (headers.cookie ?? '')
            .split(/;\s*/)
            .filter(Boolean)
            .map((c) => c.split('=')[0]);
          if (cookies.some((name) => name !== SESSION_COOKIE))
            problems.push(`unexpected cookies ${cookies.join(',')} on ${url}`);
          // A request still under way when the test ends can no longer be read; it was not part of the checked journey.
        })
        .catch(() => undefined),
    );
  });
  page.on('response', (response) => {
    const url = response.url();
    pending.push(
      (async () => {
        const headers = await response.allHeaders();
        for (const [name, value] of Object.entries(headers)) {
          if (CREDENTIAL.test(value) || BEARER.test(value))
            problems.push(`credential in response header ${name} of ${url}`);
        }
        const type = headers['content-type'] ?? '';
        if (!/json|text|javascript/.test(type) || response.status() === 304) return;
        const body = await response.text().catch(() => '');
        if (CREDENTIAL.test(body)) problems.push(`credential in the answer of ${url}`);
        if (/json/.test(type) && CREDENTIAL_FIELD.test(body)) problems.push(`credential field in the answer of ${url}`);
        if (body.includes(GATEWAY_ACCESS_KEY)) problems.push(`access key echoed by ${url}`);
      })().catch(() => undefined),
    );
  });
  return {
    async problems() {
      await Promise.all(pending);
      return problems;
    },
    count: () => requests,
  };
}

/** No token or secret in the page's storage; the only cookie is the gateway's HttpOnly, SameSite=Strict session. */
async function expectCleanStorage(page: Page) {
  const stored = await page.evaluate(() => ({
    cookie: document.cookie,
    local: Object.entries(localStorage)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
    session: Object.entries(sessionStorage)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  }));
  expect(stored.cookie, 'cookies readable by scripts').toBe('');
  for (const text of [stored.local, stored.session]) {
    expect(text).not.toMatch(CREDENTIAL);
    expect(text).not.toMatch(/access_token|api_key|client_secret|clientSecret/i);
    expect(text).not.toContain(GATEWAY_ACCESS_KEY);
  }
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => ({ name: c.name, httpOnly: c.httpOnly, sameSite: c.sameSite, path: c.path }))).toEqual([
    { name: SESSION_COOKIE, httpOnly: true, sameSite: 'Strict', path: '/' },
  ]);
  expect(cookies[0].value).not.toMatch(CREDENTIAL);
  expect(cookies[0].value).not.toContain(GATEWAY_ACCESS_KEY);
}

async function signInWithAccessKey(page: Page, key = GATEWAY_ACCESS_KEY) {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Access key').fill(key);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

test(
  'through the gateway: access key → list → select → preview tiles, with no ' + 'credential ever reaching the browser',
  async ({ page, request }) => {
    const row = await clearSkyRow(request);
    const watch = watchCredentials(page, GATEWAY);
    const tiles = tileRequests(page);

    await page.goto(`${GATEWAY}/?e2e`);
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('gateway');
    // No credential form: the gateway holds the client id and secret.
    for (const label of ['Client secret', 'Client ID', 'Service URL', 'API key'])
      await expect(dialog.getByLabel(label)).toHaveCount(0);

    await signInWithAccessKey(page, 'not-the-team-key');
    await expect(dialog.getByRole('alert')).toContainText('That access key is not right');
    await expect(dialog.getByRole('alert')).toContainText('HTTP 401');

    await signInWithAccessKey(page);
    const list = surveyList(page);
    await expect(list.getByRole('option').first()).toBeVisible();
    await expect(list.getByRole('option').first()).toContainText('Cloud'); // seed profile: cloud cover shown

    const id = await selectSurvey(page, row);
    await zoomToImagery(page);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      expect(tile.url().startsWith(`${GATEWAY}/tile/v2/${id}/`)).toBe(true);
      expect(await tile.headerValue('authorization')).toBeNull();
    }
    const statuses = await Promise.all(tiles.map(async (tile) => (await tile.response())?.status()));
    expect(statuses).toContain(200);
    const withImagery = await mapCentre(page);
    await page.getByLabel('Show imagery').uncheck();
    await mapSettled(page);
    expect(changedShare(withImagery, await mapCentre(page))).toBeGreaterThan(0.5);

    await expectCleanStorage(page);
    expect(watch.count()).toBeGreaterThan(10);
    expect(await watch.problems()).toEqual([]);
  },
);

test(
  'the gateway session: kept over a reload, ended by sign-out, and an expired one brings back the prompt with a ' +
    'notice',
  async ({ page }) => {
    const watch = watchCredentials(page, GATEWAY);
    await page.goto(`${GATEWAY}/?e2e`);
    await signInWithAccessKey(page);
    await expect(surveyList(page).getByRole('option').first()).toBeVisible();

    // The HttpOnly cookie outlives the page: a reload is signed in without a prompt.
    await page.reload();
    await expect(surveyList(page).getByRole('option').first()).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0);

    // The session goes away behind the app's back (expiry, a new access key): the next request finds out.
    await page.context().clearCookies();
    await surveyList(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText(
      'Your gateway session has ended. Enter the access key again to continue.',
    );
    await signInWithAccessKey(page);
    await expect(surveyList(page).getByRole('option').first()).toBeVisible();
    await expectCleanStorage(page);

    // Signing out clears the cookie at the gateway, so a reload asks for the key again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(dialog).toBeVisible();
    await expect.poll(async () => (await page.context().cookies()).length).toBe(0);
    await page.reload();
    await expect(dialog.getByLabel('Access key')).toBeVisible();
    expect(await watch.problems()).toEqual([]);
  },
);

test('through the gateway to a provider-profile upstream: WKT footprints, nested metadata, tiles drawn', async ({
  page,
  request,
}) => {
  const row = await clearSkyRow(request);
  const watch = watchCredentials(page, GATEWAY_TO_PROVIDER);
  const tiles = tileRequests(page);
  await page.goto(`${GATEWAY_TO_PROVIDER}/?e2e`);
  await signInWithAccessKey(page);
  const list = surveyList(page);
  await expect(list.getByRole('option').first()).toContainText('Cloud —');

  await selectSurvey(page, row);
  await zoomToImagery(page);
  expect(tiles.length).toBeGreaterThan(0);
  expect(await tiles[0].headerValue('authorization')).toBeNull();
  const withImagery = await mapCentre(page);
  await page.getByLabel('Show imagery').uncheck();
  await mapSettled(page);
  expect(changedShare(withImagery, await mapCentre(page))).toBeGreaterThan(0.5);

  await expectCleanStorage(page);
  expect(await watch.problems()).toEqual([]);
});

test('control: the same watch flags the credentials of direct mode (so the checks above are not vacuous)', async ({
  page,
}) => {
  const watch = watchCredentials(page, `http://127.0.0.1:${PORTS.main}`);
  await page.goto(`http://127.0.0.1:${PORTS.main}/?e2e`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(surveyList(page).getByRole('option').first()).toBeVisible();
  const problems = (await watch.problems()).join('\n');
  expect(problems).toMatch(/Authorization header on .*\/tile\/v2\/surveys/);
  expect(problems).toMatch(/credential in a request body to .*\/oauth\/token/);
  expect(problems).toMatch(/credential in the answer of .*\/oauth\/token/);
  expect(problems).toMatch(/credential in the answer of .*\/config\.json/);
});
