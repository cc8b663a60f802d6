import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Annotation } from '../src/features/annotations/annotation.ts';
import { annotationsLinkParam } from '../src/features/annotations/annotation-link.ts';
import { expect, mapSettled, pointOf, showBox, test, expectAccessibleInBothThemes, readmePicture } from './support.ts';

/** Denver at about z15: the demo imagery's city. */
const BOX: [number, number, number, number] = [-105.0, 39.735, -104.985, 39.745];

async function clickAt(page: Page, lonLat: [number, number]) {
  const { x, y } = await pointOf(page, lonLat);
  await page.mouse.click(x, y);
}

const notes = (page: Page) => page.getByRole('region', { name: /^Annotations/ });
const pinsDrawn = (page: Page) =>
  page.evaluate(() =>
    window.__surveyViewer!.map.queryRenderedFeatures({ layers: ['annotations-pins'] }).map((f) => f.properties.title),
  );

test('annotate: a measured point kept with its title, note and capture; survives a reload; GeoJSON round trip', {
  tag: '@readme',
}, async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?e2e#survey=2024Q1-CO-DEN');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('2024Q1-CO-DEN').first()).toBeVisible();
  await showBox(page, BOX);
  await mapSettled(page);

  // The capture the readout shows at the map centre is the one the pin is tied to.
  await page.getByRole('button', { name: 'Measure point' }).click();
  const centre = await page.evaluate(() => window.__surveyViewer!.map.getCenter().toArray() as [number, number]);
  await clickAt(page, centre);
  const captureShown = (await page.getByTestId('capture-survey').locator('.capture-readout__mosaic').textContent())!;
  const measurement = page.getByRole('region', { name: 'Measurement' });
  await measurement.getByRole('button', { name: 'Save as annotation' }).click();
  const form = measurement.getByRole('form', { name: 'New annotation' });
  await form.getByLabel('Title').fill('Hail damage, north slope');
  await form.getByLabel('Note').fill('Dents visible on the 2024 capture.\nRe-inspect.');
  await expectAccessibleInBothThemes(page, '.measure-panel');
  await form.getByRole('button', { name: 'Save annotation' }).click();
  await expect(measurement).toHaveCount(0);
  await expect.poll(() => pinsDrawn(page)).toEqual(['Hail damage, north slope']);

  await page.getByRole('tab', { name: 'Notes' }).click();
  const item = notes(page).getByRole('listitem').filter({ hasText: 'Hail damage, north slope' });
  await expect(item).toContainText('Dents visible on the 2024 capture.');
  await expect(item).toContainText('Over 2024Q1-CO-DEN, captured');
  await expect(item.locator('.annotation__capture')).toHaveText(captureShown);
  await expect(item).toContainText(/Pin · \d+\.\d{5}° N, \d+\.\d{5}° W/);
  await expectAccessibleInBothThemes(page, '.annotations');
  await readmePicture(page, 'annotations');

  // Kept in the browser (IndexedDB): a reload shows it again, on the map and in the list.
  await page.reload();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(notes(page).getByRole('listitem')).toHaveCount(1);
  await expect(notes(page).getByRole('listitem')).toContainText('Re-inspect.');

  // Edit, export, delete, import: the same annotation comes back.
  await notes(page).getByRole('button', { name: 'Edit' }).click();
  await notes(page).getByLabel('Title').fill('Hail damage, north slope (checked)');
  await notes(page).getByRole('button', { name: 'Save', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await notes(page).getByRole('button', { name: 'Export GeoJSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^annotations-\d{8}-\d{6}\.geojson$/);
  await download.saveAs('test-results/annotations.geojson');
  const exported = JSON.parse(await readFile('test-results/annotations.geojson', 'utf8'));
  expect(exported.type).toBe('FeatureCollection');
  expect(exported.features).toHaveLength(1);
  expect(exported.features[0].geometry.type).toBe('Point');
  expect(exported.features[0].properties).toMatchObject({
    title: 'Hail damage, north slope (checked)',
    note: 'Dents visible on the 2024 capture.\nRe-inspect.',
    imagery: { surveyId: '2024Q1-CO-DEN', captureId: captureShown },
  });
  expect(JSON.stringify(exported)).not.toMatch(/api_key|access_token|secret/);

  await notes(page).getByRole('button', { name: 'Delete' }).click();
  await expect(notes(page).getByRole('listitem')).toHaveCount(0);
  await notes(page).getByLabel('GeoJSON file of annotations').setInputFiles('test-results/annotations.geojson');
  await expect(notes(page).getByRole('status')).toContainText('1 annotation imported');
  await expect(notes(page).getByRole('listitem')).toContainText('Hail damage, north slope (checked)');
  await expect.poll(() => pinsDrawn(page)).toEqual(['Hail damage, north slope (checked)']);

  // A long note scrolls inside the Notes tab: its card stays above the selected survey's panel, whose heading shows.
  await notes(page).getByRole('button', { name: 'Edit' }).click();
  await notes(page)
    .getByLabel('Note')
    .fill(Array.from({ length: 16 }, (_, i) => `Line ${i + 1} of the inspection notes.`).join('\n'));
  await notes(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(notes(page).getByRole('listitem')).toContainText('Line 16 of the inspection notes.');
  const selected = page.getByRole('region', { name: 'Selected survey' });
  const heading = selected.getByText('2024Q1-CO-DEN', { exact: true });
  await expect(heading).toBeVisible();
  expect(
    await heading.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    }),
    "the selected survey's heading is not covered by a note",
  ).toBe(true);
  const tabPanel = (await page.getByRole('tabpanel', { name: 'Notes' }).boundingBox())!;
  const scroller = (await page.locator('.annotations__scroller').boundingBox())!;
  expect(scroller.y + scroller.height).toBeLessThanOrEqual(tabPanel.y + tabPanel.height + 0.5);
});

test('annotations ride in a share link: added when asked, on the map and in Notes; when too many, it says so', async ({
  page,
}) => {
  const roof: Annotation = {
    id: 'f3b0c7a2-0000-4000-8000-000000000001',
    kind: 'area',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [-104.9935, 39.7395],
          [-104.9915, 39.7395],
          [-104.9915, 39.7408],
          [-104.9935, 39.7408],
          [-104.9935, 39.7395],
        ],
      ],
    },
    title: 'Roof to re-inspect',
    note: 'Sent from the field team.',
    imagery: { surveyId: '2024Q1-CO-DEN', captureId: null, captureStart: null, captureEnd: null },
    measured: '2.5 ha, perimeter 620 m',
    created: '2026-11-25T10:00:00.000Z',
    updated: '2026-11-25T10:00:00.000Z',
  };
  const notesParam = annotationsLinkParam([roof])!;
  await page.goto(`/?e2e#map=15.5/39.7401/-104.9925&survey=2024Q1-CO-DEN&notes=${notesParam}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Asked first (e2e/notes-link.spec.ts has the rest of that).
  await page
    .getByRole('dialog', { name: 'This link carries 1 note' })
    .getByRole('button', { name: 'Add 1 note' })
    .click();
  await mapSettled(page);
  await expect
    .poll(() =>
      page.evaluate(() =>
        window
          .__surveyViewer!.map.queryRenderedFeatures({ layers: ['annotations-outline'] })
          .map((f) => f.properties.title),
      ),
    )
    .toContain('Roof to re-inspect');
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(notes(page).getByRole('listitem')).toContainText('Sent from the field team.');
  // The page's own link carries them on.
  await expect.poll(() => page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('notes'))).toBeTruthy();

  // A link whose annotations were too many says so.
  await page.goto('/?e2e#map=15.5/39.7401/-104.9925&notes=omitted-40');
  await expect(page.getByText('The link had 40 annotations, too many to carry in a link.')).toBeVisible();
});
