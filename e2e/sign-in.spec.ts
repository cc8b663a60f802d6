import {
  DEMO,
  expect,
  openViewer,
  selectSurvey,
  surveyList,
  test,
  tileRequests,
  zoomToImagery,
  readmePicture,
} from './support.ts';

test('signs in with the demo credentials that config.json pre-fills', async ({ page }) => {
  const configRequests: string[] = [];
  page.on(
    'request',
    (request) => new URL(request.url()).pathname === '/config.json' && configRequests.push(request.url()),
  );
  await openViewer(page);
  await expect(page.getByLabel('Service URL')).not.toHaveValue('');
  await expect(page.getByLabel('Audience')).toHaveValue(DEMO.audience);
  await expect(page.getByLabel('Client ID')).toHaveValue(DEMO.clientId);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(surveyList(page).getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0);
  // index.html preloads it beside the scripts; the app reads that answer rather than asking again.
  expect(configRequests).toHaveLength(1);

  // Neither the secret nor the token is ever written anywhere the page can keep.
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
  );
  expect(stored).not.toContain(DEMO.clientSecret);
  expect(stored).not.toMatch(/eyJ[\w-]+\./);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
});

test('a wrong secret shows status, message and correlation id, and keeps what was typed', { tag: '@readme' }, async ({
  page,
}) => {
  await openViewer(page);
  await page.getByLabel('Client ID').fill('demo');
  await page.getByLabel('Client secret').fill('not-the-secret');
  const answer = page.waitForResponse((r) => r.url().endsWith('/oauth/token'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const correlationId = (await answer).headers()['x-correlation-id'];

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Sign-in failed');
  await expect(alert).toContainText('HTTP 401');
  await expect(alert).toContainText('Unknown client id or wrong client secret.');
  await expect(alert).toContainText(correlationId);
  await expect(page.getByLabel('Client ID')).toHaveValue('demo');
  await expect(page.getByLabel('Client secret')).toHaveValue('not-the-secret');
  await readmePicture(page, 'sign-in-error');

  await page.getByLabel('Client secret').fill(DEMO.clientSecret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(surveyList(page).getByRole('option').first()).toBeVisible();
});

test('an unreachable service URL is reported without a status', async ({ page }) => {
  await openViewer(page);
  await page.getByLabel('Service URL').fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('No response');
  await expect(page.getByRole('alert')).toContainText('Could not reach http://127.0.0.1:9');
  await expect(page.getByLabel('Service URL')).toHaveValue('http://127.0.0.1:9');
});

test('signs in with an API key: tiles carry api_key, the page URL never does; remember and forget', async ({
  page,
  request,
}) => {
  const issued = await request.post('/oauth/static_key', {
    data: { client_id: DEMO.clientId, client_secret: DEMO.clientSecret },
  });
  const apiKey: string = (await issued.json()).api_key;
  const tiles = tileRequests(page);
  const listRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/tile/v2/surveys')) listRequests.push(r.url());
  });

  await openViewer(page);
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.getByRole('textbox', { name: 'API key' }).fill(apiKey);
  await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(surveyList(page).getByRole('option').first()).toBeVisible();
  expect(listRequests.every((url) => new URL(url).searchParams.get('api_key') === apiKey)).toBe(true);

  await selectSurvey(page, 0);
  await zoomToImagery(page);
  expect(tiles.length).toBeGreaterThan(0);
  for (const tile of tiles) {
    expect(new URL(tile.url()).searchParams.get('api_key')).toBe(apiKey);
    expect(await tile.headerValue('authorization')).toBeNull();
  }
  expect(page.url()).not.toContain(apiKey);

  // Remembered: a reload signs in again without the dialog; forgetting removes the key from storage.
  await page.reload();
  await expect(surveyList(page).getByRole('option').first()).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).toContain(apiKey);
  await page.getByRole('button', { name: 'Forget key' }).click();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(apiKey);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
});

test(
  'when the session code cannot be loaded (e.g. replaced by a new deployment), ' +
    'signing in says so and the map stays',
  async ({ page }) => {
    await page.route(/\/assets\/signed-in-[\w-]+\.js$/, (route) => route.abort());
    await openViewer(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The viewer could not be loaded. Reload the page to try again.');
    await expect(page.getByRole('region', { name: 'Survey map' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0);
  },
);
