import type { Page } from '@playwright/test';
import type { Annotation } from '../src/features/annotations/annotation.ts';
import { encodeLinkedAnnotations, MAX_LINKED_NOTES } from '../src/features/annotations/annotation-link.ts';
import { expect, expectAccessibleInBothThemes, test } from './support.ts';

const VIEW = 'map=15.5/39.7401/-104.9925';

/** A pin near Denver's centre, as a link this app writes carries it. */
const pin = (i: number): Annotation => ({
  id: `planted-${i}`,
  kind: 'point',
  geometry: { type: 'Point', coordinates: [-104.9925 + (i % 100) * 1e-5, 39.7401 + Math.floor(i / 100) * 1e-5] },
  title: `Planted ${i}`,
  note: 'From a link nobody asked for.',
  imagery: null,
  measured: null,
  created: '2026-11-25T10:00:00.000Z',
  updated: '2026-11-25T10:00:00.000Z',
});

const prompt = (page: Page) => page.getByRole('dialog', { name: /^This link carries/ });
const notesTab = (page: Page) => page.getByRole('region', { name: /^Annotations/ });

async function signIn(page: Page) {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'Notes' })).toBeVisible();
}

/** The Notes tab open, with what this browser kept read ("Annotations N"). */
async function openNotes(page: Page, count: number) {
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(notesTab(page).getByRole('heading', { name: `Annotations ${count}` })).toBeVisible();
}

test('a 1 MB notes link (issue 33, item 9) asks first, adds at most the limit, and the list stays light', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // As the red-team wrote it: bare GeoJSON points with a title each (the app gives each an id), base64url.
  const planted = Array.from({ length: 8_000 }, (_, i) => ({
    type: 'Feature',
    geometry: pin(i).geometry,
    properties: { title: `Planted ${i}` },
  }));
  const notes = Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: planted })).toString('base64url');
  expect(notes.length).toBeGreaterThan(1_000_000);
  await page.goto(`/?e2e#${VIEW}&notes=${notes}`);
  await signIn(page);

  // Asked, with the count and the limit; nothing is added meanwhile.
  await expect(prompt(page)).toHaveAccessibleName('This link carries 8,000 notes');
  await expect(prompt(page)).toContainText(`A link adds at most ${MAX_LINKED_NOTES} notes`);
  const add = prompt(page).getByRole('button', { name: `Add ${MAX_LINKED_NOTES} notes` });
  await expect(add).toBeFocused();
  await openNotes(page, 0);
  await expectAccessibleInBothThemes(page, '.linked-notes');
  await page.screenshot({ path: 'test-results/notes-link-prompt.png' });

  // Added from the keyboard: the limit's worth, of which only the rows in sight are in the page.
  await add.press('Enter');
  await expect(prompt(page)).toHaveCount(0);
  await expect(notesTab(page).getByRole('heading', { name: `Annotations ${MAX_LINKED_NOTES}` })).toBeVisible();
  const rows = notesTab(page).getByRole('listitem');
  await expect(rows.first()).toContainText('Planted 0');
  expect(await rows.count()).toBeLessThan(20);
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(MAX_LINKED_NOTES));
  await notesTab(page)
    .locator('.annotations__scroller')
    .evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(rows.last()).toContainText(`Planted ${MAX_LINKED_NOTES - 1}`);
  expect(await rows.count()).toBeLessThan(20);
  await page.screenshot({ path: 'test-results/notes-link-added.png' });

  // A reload keeps exactly those, and asks nothing again.
  await page.reload();
  await signIn(page);
  await openNotes(page, MAX_LINKED_NOTES);
  await expect(prompt(page)).toHaveCount(0);
  await expect(page.getByText(/too many to carry/)).toHaveCount(0);
});

test('a link asks only about notes not kept here (issue 34, item 12); Not now adds nothing', async ({ page }) => {
  const link = (...notes: Annotation[]) => `/?e2e#${VIEW}&notes=${encodeLinkedAnnotations(notes)}`;
  await page.goto(link(pin(1)));
  await signIn(page);
  await expect(prompt(page)).toHaveAccessibleName('This link carries 1 note');
  await prompt(page).getByRole('button', { name: 'Add 1 note' }).click();
  await openNotes(page, 1);

  // The same link again, in a new tab: nothing to add, nothing said.
  const again = await page.context().newPage();
  await again.goto(link(pin(1)));
  await signIn(again);
  await openNotes(again, 1);
  await expect(prompt(again)).toHaveCount(0);
  await expect(again.getByText(/from the link|This link carries/)).toHaveCount(0);

  // One kept, one new: only the new one counts; declined, it is not kept.
  await again.goto(link(pin(1), pin(2)));
  await expect(prompt(again)).toHaveAccessibleName('This link carries 1 note you do not have');
  await prompt(again).getByRole('button', { name: 'Not now' }).click();
  await expect(prompt(again)).toHaveCount(0);
  // The page's own link (the notes kept here) has replaced the one opened.
  const offered = encodeLinkedAnnotations([pin(1), pin(2)]);
  await expect
    .poll(() => again.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('notes')))
    .not.toBe(offered);
  await again.reload();
  await signIn(again);
  await openNotes(again, 1);
  await expect(notesTab(again).getByRole('listitem')).toContainText('Planted 1');
  await expect(prompt(again)).toHaveCount(0);
});
