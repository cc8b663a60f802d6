import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { pointToTile } from '@mapbox/tilebelt';
import { STAC_ITEM_SCHEMA, stacValidator } from '../src/test/stac-schemas/validate.ts';
import { GATEWAY_ACCESS_KEY, PORTS } from '../playwright.config.ts';
import { DEMO, expect, test, readmePicture } from './support.ts';

const SURVEY = '2024Q1-CO-DEN';

test('Copy layer URL: a read-only tile key opens the survey in XYZ, TileJSON, WMTS and QGIS until revoked', {
  tag: '@readme',
}, async ({ page, request }) => {
  await page.goto('/?e2e');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Search survey ids or places').fill(SURVEY);
  await page.getByRole('option', { name: new RegExp(SURVEY) }).click();
  const panel = page.getByRole('region', { name: 'Selected survey' });
  await expect(panel.getByRole('heading', { name: SURVEY })).toBeVisible();

  await panel.getByRole('button', { name: 'Copy layer URL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open in QGIS or ArcGIS' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Key name')).toBeFocused();
  await dialog.getByLabel('Key name').fill('Denver roofs (QGIS)');
  await dialog.getByRole('radio', { name: `This survey (${SURVEY})` }).check();
  await dialog.getByLabel('Expires after').selectOption({ label: '1 day' });
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const template = await dialog.getByLabel('XYZ template').inputValue();
  expect(template).toMatch(new RegExp(`/tiles/${SURVEY}/\\{z\\}/\\{x\\}/\\{y\\}\\.png\\?key=tk_[\\w-]{43}$`));
  const wmts = await dialog.getByLabel('WMTS capabilities URL').inputValue();
  const tileJson = await dialog.getByLabel('TileJSON URL').inputValue();
  // The user's own credential is in none of them.
  for (const url of [template, wmts, tileJson]) {
    expect(url).not.toContain(DEMO.clientSecret);
    expect(url).not.toMatch(/eyJ[\w-]+\./);
    expect(url).not.toContain('api_key');
  }
  await expect(dialog.getByRole('region', { name: 'Your tile keys' })).toContainText('Denver roofs (QGIS)');
  await expect(dialog.getByRole('region', { name: 'Your tile keys' })).toContainText(SURVEY);
  const axe = await new AxeBuilder({ page }).include('.layer-urls').analyze();
  expect(axe.violations).toEqual([]);
  await readmePicture(page, 'layer-urls');

  // What QGIS would fetch: a tile with imagery, the TileJSON and the capabilities, with nothing but the URL.
  const [x, y] = pointToTile(-104.99, 39.74, 16);
  const tileUrl = template.replace('{z}', '16').replace('{x}', `${x}`).replace('{y}', `${y}`);
  const tile = await request.get(tileUrl);
  expect(tile.status()).toBe(200);
  expect(tile.headers()['content-type']).toBe('image/png');
  expect((await (await request.get(tileJson)).json()).tiles).toEqual([template]);
  expect(await (await request.get(wmts)).text()).toContain(`<ows:Identifier>${SURVEY}</ows:Identifier>`);
  // Another survey and the catalog stay closed to it.
  expect((await request.get(tileUrl.replace(SURVEY, '2024Q3-CO-DEN'))).status()).toBe(403);
  expect((await request.get(`/tile/v2/surveys?key=${new URL(tileUrl).searchParams.get('key')}`)).status()).toBe(403);

  // The QGIS layer file is the same XYZ layer.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download QGIS layer (.qlr)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${SURVEY}.qlr`);
  const qlr = await readFile((await download.path()) as string, 'utf8');
  const datasource = /<datasource>([^<]+)<\/datasource>/.exec(qlr)?.[1] ?? '';
  expect(new URLSearchParams(datasource.replace(/&amp;/g, '&')).get('url')).toBe(template);

  // The STAC Item: the survey's footprint and capture window, its layers as assets; valid against STAC 1.0.
  const stacDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download STAC Item' }).click();
  const stac = JSON.parse(await readFile((await (await stacDownload).path()) as string, 'utf8'));
  expect(stacValidator()(STAC_ITEM_SCHEMA, stac)).toEqual([]);
  expect(stac.id).toBe(SURVEY);
  expect(stac.assets.xyz.href).toBe(template);
  expect(stac.assets.tilejson.href).toBe(tileJson);

  // Revoked: gone from the list, and the URL stops working at once.
  await dialog.getByRole('button', { name: 'Revoke Denver roofs (QGIS)' }).click();
  await expect(dialog.getByRole('region', { name: 'Your tile keys' })).not.toContainText('Denver roofs (QGIS)');
  expect((await request.get(tileUrl)).status()).toBe(401);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The selection is kept, and focus returns to the button.
  await expect(panel.getByRole('button', { name: 'Copy layer URL' })).toBeFocused();
});

test('behind the gateway: a team key, the gateway’s own URLs, and no upstream credential in them', async ({
  page,
  request,
}) => {
  const gateway = `http://127.0.0.1:${PORTS.gateway}`;
  await page.goto(`${gateway}/?e2e`);
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Access key').fill(GATEWAY_ACCESS_KEY);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Search survey ids or places').fill(SURVEY);
  await page.getByRole('option', { name: new RegExp(SURVEY) }).click();
  await page.getByRole('region', { name: 'Selected survey' }).getByRole('button', { name: 'Copy layer URL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open in QGIS or ArcGIS' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const template = await dialog.getByLabel('XYZ template').inputValue();
  expect(template.startsWith(`${gateway}/tiles/${SURVEY}/`)).toBe(true);
  const [x, y] = pointToTile(-104.99, 39.74, 16);
  const tile = await request.get(template.replace('{z}', '16').replace('{x}', `${x}`).replace('{y}', `${y}`));
  expect(tile.status()).toBe(200);
  const capabilities = await (await request.get(await dialog.getByLabel('WMTS capabilities URL').inputValue())).text();
  expect(capabilities).toContain(`<ows:Identifier>${SURVEY}</ows:Identifier>`);
  for (const text of [template, capabilities]) {
    expect(text).not.toMatch(/eyJ[\w-]+\./);
    expect(text).not.toContain('demo-secret');
    expect(text).not.toContain(`127.0.0.1:${PORTS.main}`);
  }
});
