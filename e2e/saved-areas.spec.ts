import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { accessToken, expect, mapSettled, signInWithDemo, test, readmePicture } from './support.ts';
import { spawnService, type SpawnedService } from './spawned-service.ts';

test.describe.configure({ timeout: 120_000 });

type Box = [number, number, number, number];
const ring = ([w, s, e, n]: Box) => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];

/** One survey as the operator's catalog file holds it (README "Your own data"). */
function survey(id: string, box: Box, captured: string, lastUpdated: string, cloudCover = 2) {
  return {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: ring(box) },
    properties: {
      id,
      capture_date_start: `${captured}T16:00:00Z`,
      capture_date_end: `${captured}T20:00:00Z`,
      last_updated: lastUpdated,
      cloud_cover: cloudCover,
    },
  };
}

/** Central Denver; the saved area sits inside the first two surveys and clear of Boulder. */
const AREA_WKT = 'POLYGON((-104.99 39.72, -104.95 39.72, -104.95 39.75, -104.99 39.75, -104.99 39.72))';
const DEN_2023 = survey('E2E-DEN-2023', [-105.02, 39.68, -104.92, 39.78], '2023-08-10', '2023-08-12T00:00:00Z', 12);
const DEN_2024 = survey('E2E-DEN-2024', [-105.0, 39.7, -104.9, 39.76], '2024-06-02', '2024-06-05T00:00:00Z');
const BOULDER = survey('E2E-BOU-2024', [-105.3, 40.0, -105.2, 40.05], '2024-07-01', '2024-07-03T00:00:00Z');
const catalog = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features }, null, 2);

async function openAreaSearch(page: Page) {
  await page.getByRole('tab', { name: 'Area search' }).click();
  await expect(page.getByRole('heading', { name: 'Saved areas' })).toBeVisible();
}

const savedAreas = (page: Page) => page.getByRole('list', { name: 'Saved areas' });
const coverageResults = (page: Page) => page.getByRole('listbox', { name: 'Coverage results' });

test.describe('a saved area, with a catalog file the test edits while the service runs', () => {
  let dir: string;
  let file: string;
  let service: SpawnedService;

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'saved-areas-e2e-'));
    file = path.join(dir, 'catalog.geojson');
    writeFileSync(file, catalog(DEN_2024, DEN_2023, BOULDER));
    service = await spawnService(['--quiet', '--catalog', file]);
  });
  test.afterAll(async () => {
    await service?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test(
    'shows "1 new · 1 updated" after a survey arrives over it and another is ' +
      'updated; opening it clears the badge @readme',
    async ({ page, request }) => {
      await signInWithDemo(page, service.origin);
      await openAreaSearch(page);
      await expect(page.getByText('Save an area to see when new or updated imagery arrives over it.')).toBeVisible();

      await page.getByRole('button', { name: 'Paste WKT' }).click();
      const dialog = page.getByRole('dialog', { name: 'Paste WKT' });
      await dialog.getByLabel('WKT').fill(AREA_WKT);
      await dialog.getByRole('button', { name: 'Use area' }).click();
      await expect(coverageResults(page).getByRole('option')).toHaveCount(2);

      // Saved under the suggested name, then renamed; the name is kept across a reload below.
      await page.getByRole('button', { name: 'Save area' }).click();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Area 1');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(savedAreas(page).getByRole('button', { name: 'Open Area 1' })).toBeFocused();
      await page.getByRole('button', { name: 'Rename Area 1' }).click();
      await page.getByLabel('New name for Area 1').fill('Downtown Denver');
      await page.getByLabel('New name for Area 1').press('Enter');
      const open = savedAreas(page).getByRole('button', { name: 'Open Downtown Denver' });
      await expect(open).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save area' })).toHaveCount(0);

      // The operator adds a survey over the area, updates one there, and changes one elsewhere; the
      // file is written beside the old one and renamed over it, as editors do.
      const edited = catalog(
        survey('E2E-DEN-2025', [-104.98, 39.71, -104.93, 39.77], '2025-04-20', '2025-04-22T00:00:00Z'),
        DEN_2024,
        { ...DEN_2023, properties: { ...DEN_2023.properties, last_updated: '2025-05-01T00:00:00Z' } },
        { ...BOULDER, properties: { ...BOULDER.properties, last_updated: '2025-05-02T00:00:00Z' } },
        survey('E2E-BOU-2025', [-105.3, 40.0, -105.2, 40.05], '2025-05-10', '2025-05-11T00:00:00Z'),
      );
      writeFileSync(`${file}.tmp`, edited);
      renameSync(`${file}.tmp`, file);
      const token = await accessToken(request, service.origin);
      await expect(async () => {
        const answer = await request.get(`${service.origin}/tile/v2/surveys`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect((await answer.json()).total_results).toBe(5);
      }).toPass({ timeout: 20_000 });
      expect(service.output()).toContain(`Catalog reloaded from ${file}: 5 surveys.`);

      // After a reload (signed in again: tokens live in memory only) the saved area is checked again.
      await page.reload();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await openAreaSearch(page);
      const badge = savedAreas(page).getByRole('note', {
        name: '1 new survey and 1 updated survey since you last opened it',
      });
      await expect(badge).toHaveText('1 new · 1 updated');
      await expect(open).toHaveAccessibleDescription('1 new survey and 1 updated survey since you last opened it');

      // The screenshot: the badge over the restored area, with the results it counts.
      await expect(coverageResults(page).getByRole('option')).toHaveCount(3);
      await coverageResults(page)
        .getByRole('option', { name: /E2E-DEN-2025/ })
        .click();
      await mapSettled(page);
      await readmePicture(page, 'saved-areas');

      await open.click();
      await expect(badge).toHaveCount(0);
      await expect(savedAreas(page).getByRole('note')).toHaveCount(0);
      await expect(open).not.toHaveAttribute('aria-describedby');

      // Deleting can be undone, and what was kept survives a reload, badge cleared.
      await page.getByRole('button', { name: 'Delete Downtown Denver' }).click();
      await expect(open).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(open).toBeVisible();
      // An entry storage holds that is not an area (another version's, a damaged one) is kept, said, and discardable.
      await page.evaluate(() => {
        const key = 'survey-viewer:saved-areas:v1';
        const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
        stored.areas.push({ id: 'x', name: 'From a later version', geometry: { type: 'Circle' } });
        localStorage.setItem(key, JSON.stringify(stored));
      });
      await page.reload();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await openAreaSearch(page);
      await expect(open).toBeVisible();
      await expect(coverageResults(page).getByRole('option')).toHaveCount(3);
      await expect(savedAreas(page).getByRole('listitem')).toHaveCount(1);
      await expect(savedAreas(page).getByRole('note')).toHaveCount(0);
      const unreadable = page.getByRole('status').filter({ hasText: 'could not be read' });
      await expect(unreadable).toHaveText(/1 saved entry could not be read as an area, and is kept in this browser/);
      await page.screenshot({ path: 'test-results/screenshots/saved-areas-unreadable.png' });
      await unreadable.getByRole('button', { name: 'Discard' }).click();
      await expect(unreadable).toHaveCount(0);
      const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('survey-viewer:saved-areas:v1') ?? '{}'));
      expect(kept.unreadable).toBeUndefined();
      expect(kept.areas.map((a: { name: string }) => a.name)).toEqual(['Downtown Denver']);
    },
  );
});
