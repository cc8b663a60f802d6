import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO, expect, selectSurvey, surveyList, test, TILE_REQUEST, zoomToImagery } from './support.ts';
import { spawnService, type SpawnedService } from './spawned-service.ts';

const DENVER_WKT = 'POLYGON((-105.12 39.7, -105.05 39.7, -105.05 39.75, -105.12 39.75, -105.12 39.7))';
/** A secret of this run only: the demo secret is public (config.json pre-fills it, the banner prints it). */
const CLIENT_SECRET = `hygiene-${randomUUID()}`;

test.describe.configure({ timeout: 150_000 });

let service: SpawnedService;
test.beforeAll(async () => {
  // Not --quiet: the access logs are part of what is checked.
  service = await spawnService([], { SERVICE_CLIENT_SECRET: CLIENT_SECRET });
});
test.afterAll(async () => service.stop());

/** Where a credential could end up that the page or the service keeps. */
interface Evidence {
  referers: string[];
  requestUrls: string[];
  pageUrls: string[];
  storage: string[];
  exports: { name: string; text: string }[];
}

const storageOf = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }),
  );

async function exported(page: Page, evidence: Evidence, button: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  evidence.exports.push({ name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') });
}

/** Selects the best coverage result and exports its tiles in both formats. */
async function exportTilesOfTopResult(page: Page, evidence: Evidence) {
  const top = page.getByRole('listbox', { name: 'Coverage results' }).getByRole('option').first();
  await top.click();
  await expect(top).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('tile-count')).toContainText('tiles at z16');
  await exported(page, evidence, 'Export tiles as CSV');
  await exported(page, evidence, 'Export tiles as GeoJSON');
}

test(
  'a scripted session leaves 0 credential occurrences in access logs, Referer ' + 'headers, URLs, storage and exports',
  async ({ page, context, request }) => {
    const evidence: Evidence = { referers: [], requestUrls: [], pageUrls: [], storage: [], exports: [] };
    const tokens: string[] = [];
    const pending: Promise<unknown>[] = [];
    context.on('request', (r) => {
      evidence.requestUrls.push(r.url());
      // Chromium reports an empty Referer on some of MapLibre's tile fetches: it says nothing.
      pending.push(
        r.headerValue('referer').then(
          (value) => value && evidence.referers.push(`${value} (asking for ${r.url()})`),
          () => undefined,
        ),
      );
    });
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/oauth/token' && r.ok())
        pending.push(r.json().then((body: { access_token: string }) => tokens.push(body.access_token)));
    });
    page.on('framenavigated', (frame) => frame === page.mainFrame() && evidence.pageUrls.push(frame.url()));

    // 1. Client credentials: sign in, list, select, preview tiles.
    const viewer = await page.goto(`${service.origin}/?e2e`);
    expect(viewer!.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByLabel('Client ID')).toHaveValue(DEMO.clientId);
    await expect(page.getByLabel('Client secret')).toHaveValue('');
    await page.getByLabel('Client secret').fill(CLIENT_SECRET);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(surveyList(page).getByRole('option').first()).toBeVisible();
    await selectSurvey(page, 0);
    await zoomToImagery(page);

    // Area search by pasted WKT, and every export there is.
    await page.getByRole('tab', { name: 'Area search' }).click();
    await page.getByRole('button', { name: 'Paste WKT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paste WKT' });
    await dialog.getByLabel('WKT').fill(DENVER_WKT);
    await dialog.getByRole('button', { name: 'Use area' }).click();
    await expect(page.getByRole('listbox', { name: 'Coverage results' }).getByRole('option')).toHaveCount(6);
    await exported(page, evidence, 'Export area as WKT');
    await exported(page, evidence, 'Export area as GeoJSON');
    await exported(page, evidence, 'Export footprints as GeoJSON');
    await exportTilesOfTopResult(page, evidence);
    evidence.storage.push(await storageOf(page));

    // 2. Sign out, then an API key (which rides in the URLs of requests to the service).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    evidence.storage.push(await storageOf(page));
    const issued = await request.post(`${service.origin}/oauth/static_key`, {
      data: { client_id: DEMO.clientId, client_secret: CLIENT_SECRET },
    });
    expect(issued.ok()).toBe(true);
    const apiKey: string = (await issued.json()).api_key;
    await page.getByRole('tab', { name: 'API key' }).click();
    await page.getByRole('textbox', { name: 'API key' }).fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0);
    await expect(page.getByRole('listbox', { name: 'Coverage results' }).getByRole('option')).toHaveCount(6);
    const keyedTile = page.waitForResponse(
      (r) =>
        TILE_REQUEST.test(r.url()) && r.status() === 200 && new URL(r.url()).searchParams.get('api_key') === apiKey,
    );
    await exportTilesOfTopResult(page, evidence);
    await page.getByRole('button', { name: 'Zoom to footprint' }).click();
    await zoomToImagery(page);
    await keyedTile;
    evidence.storage.push(await storageOf(page));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    evidence.storage.push(await storageOf(page));
    evidence.pageUrls.push(page.url());

    await Promise.all(pending);
    await service.stop();
    const log = service.output();

    // The checks can only pass for the right reason: the credentials were used, and the log saw them go by.
    expect(tokens.length, 'tokens issued to the page').toBeGreaterThan(0);
    expect(
      evidence.requestUrls.some((url) => new URL(url).searchParams.get('api_key') === apiKey),
      'requests with the api_key',
    ).toBe(true);
    expect(evidence.exports.map((e) => e.name)).toHaveLength(7);
    expect(log).toContain('Client secret:  (from SERVICE_CLIENT_SECRET)');
    expect(log).toContain('"url":"/oauth/token"');

    const credentials = {
      'client secret': CLIENT_SECRET,
      'api key': apiKey,
      ...Object.fromEntries(tokens.map((t, i) => [`token ${i + 1}`, t])),
    };
    const places: Record<string, string[]> = {
      'service log': [log],
      'Referer headers': evidence.referers,
      'page URLs': evidence.pageUrls,
      'local/session storage and cookies': evidence.storage,
      exports: evidence.exports.map((e) => e.text),
    };
    const found: string[] = [];
    for (const [place, texts] of Object.entries(places)) {
      for (const [name, value] of Object.entries(credentials)) {
        if (texts.some((text) => text.includes(value))) found.push(`${name} in ${place}`);
      }
    }
    expect(found, 'credential occurrences').toEqual([]);
    // Requests with the api_key were logged, redacted.
    expect(log).toMatch(/"url":"\/tile\/v2\/surveys[^"]*api_key=\[REDACTED\]/);
    // With Referrer-Policy: no-referrer no request says where it came from.
    expect(evidence.referers, 'Referer headers sent').toEqual([]);
    // The api_key goes only to the service, and the token and secret never travel in a URL.
    for (const url of evidence.requestUrls) {
      if (url.includes(apiKey)) expect(new URL(url).origin).toBe(service.origin);
      expect(url).not.toContain(CLIENT_SECRET);
      for (const token of tokens) expect(url).not.toContain(token);
    }
  },
);
