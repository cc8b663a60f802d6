import { expect, signInWithDemo, surveyList, test } from './support.ts';

interface RawPage {
  results: { id: string; capture_date_end: string }[];
  page: number;
  has_next: boolean;
  total_results: number;
}

test('lists 25 surveys newest first, pages in on scroll until has_next is false, and works from the keyboard', async ({
  page,
}) => {
  const pages: RawPage[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/tile/v2/surveys' && response.ok()) pages.push(await response.json());
  });
  await signInWithDemo(page);
  const list = surveyList(page);

  await expect.poll(() => pages.length).toBe(1);
  const [first] = pages;
  expect(first.results).toHaveLength(25);
  const ends = first.results.map((s) => s.capture_date_end);
  expect([...ends].sort().reverse()).toEqual(ends);
  const total = first.total_results;
  await expect(page.getByText(`${total} surveys`)).toBeVisible();
  await expect(page.getByText('25 loaded')).toBeVisible();

  const rendered = await list
    .getByRole('option')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-survey-id')));
  expect(rendered).toEqual(first.results.slice(0, rendered.length).map((s) => s.id));
  await expect(list.getByRole('option').first()).toContainText(first.results[0].id);

  const seen = new Set<string>();
  await expect(async () => {
    for (const id of await list
      .getByRole('option')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-survey-id')!)))
      seen.add(id);
    if (seen.size < total) await list.evaluate((el) => el.scrollBy(0, el.clientHeight * 0.8));
    expect(seen.size).toBe(total);
  }).toPass({ intervals: [150], timeout: 40_000 });
  await expect.poll(() => pages.at(-1)?.has_next).toBe(false);
  expect(pages.map((p) => p.page)).toEqual(Array.from({ length: pages.length }, (_, i) => i + 1));
  expect(pages.slice(0, -1).every((p) => p.has_next)).toBe(true);
  await expect(page.getByText('loaded')).toHaveCount(0);
  await expect(list.getByRole('option').last()).toHaveAttribute('aria-posinset', String(total));

  // Keyboard: Home, Down, Up and Enter move through the list and select.
  await list.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(list).toHaveAttribute('aria-activedescendant', 'survey-option-2');
  await page.keyboard.press('Enter');
  const active = list.locator('#survey-option-2');
  await expect(active).toHaveAttribute('aria-selected', 'true');
  await expect(active).toHaveAttribute('data-survey-id', first.results[2].id);
  await expect(page.getByRole('region', { name: 'Selected survey' })).toContainText(first.results[2].id);
});

test('loading placeholders move, and buttons fade, only for users who have not asked for reduced motion', async ({
  page,
}) => {
  // The first page is held back so that the skeleton rows stay on screen while they are looked at.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/tile\/v2\/surveys\?/, async (route) => {
    await held;
    await route.continue();
  });
  const animationOf = () =>
    page
      .locator('.survey-skeleton')
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
  await page.goto('/?e2e');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.survey-skeleton').first()).toBeVisible();
  const signOutFade = () =>
    page.getByRole('button', { name: 'Sign out' }).evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(await animationOf()).toBe('shimmer');
  expect(await signOutFade()).not.toMatch(/^0s(, 0s)*$/);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animationOf()).toBe('none');
  expect(await signOutFade()).toMatch(/^0s(, 0s)*$/);
  release();
  await expect(surveyList(page).getByRole('option').first()).toBeVisible();
});
