import type { APIRequestContext, Page, Route } from '@playwright/test';
import { accessToken, expect, signInWithDemo, surveyList, test, readmePicture } from './support.ts';
import { spawnService, type SpawnedService } from './spawned-service.ts';

interface RawSurvey {
  id: string;
  capture_date_start: string;
  capture_date_end: string;
  cloud_cover: number;
}
interface RawPage {
  results: RawSurvey[];
  page: number;
  has_next: boolean;
  total_results: number;
}

/** The whole catalog in the service's order (newest first), read straight from the service. */
async function wholeCatalog(request: APIRequestContext, origin = ''): Promise<RawSurvey[]> {
  const token = await accessToken(request, origin);
  const all: RawSurvey[] = [];
  for (let page = 1; ; page++) {
    const answer = await request.get(`${origin}/tile/v2/surveys?page=${page}&page_size=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await answer.json()) as RawPage;
    all.push(...body.results);
    if (!body.has_next) return all;
  }
}

const renderedIds = (page: Page) =>
  surveyList(page)
    .getByRole('option')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-survey-id')!));

/** Survey ids of the footprints drawn on the map. */
const drawnFootprints = (page: Page) =>
  page.evaluate(async () => {
    // The footprints' source is added with the first footprints drawn.
    const source = window.__surveyViewer!.map.getSource('footprints') as unknown as
      | { getData(): Promise<GeoJSON.FeatureCollection> }
      | undefined;
    return source ? (await source.getData()).features.map((f) => String(f.properties!.id)).sort() : [];
  });

/** Holds the catalog scan's request for one page until released; the real service then answers it. */
async function holdScanPage(page: Page, pageNumber: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen = false;
  await page.route(
    (url) =>
      url.pathname === '/tile/v2/surveys' &&
      url.searchParams.get('page_size') === '100' &&
      url.searchParams.get('page') === String(pageNumber),
    async (route: Route) => {
      seen = true;
      await released;
      // The viewer may have cancelled the request meanwhile.
      await route.continue().catch(() => undefined);
    },
  );
  return { release, requested: () => seen };
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search survey ids' });
const chip = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Active filters' }).getByRole('button', { name: `Remove filter: ${label}` });

test('filters find matches beyond the first page, the map follows the matches, and chips remove filters', async ({
  page,
  request,
}) => {
  const firstPages: RawPage[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/tile/v2/surveys' || url.searchParams.has('page_size') || !response.ok()) return;
    // A page still arriving when the test ends has nothing left to check.
    response.json().then(
      (body) => firstPages.push(body),
      () => undefined,
    );
  });
  const catalog = await wholeCatalog(request);
  await signInWithDemo(page);
  await expect(page.getByText(`${catalog.length} surveys · 25 loaded`)).toBeVisible();

  // A place surveyed only in the oldest quarter of the catalog: none on the first page the list loaded.
  const cola = catalog.filter((s) => s.id.includes('SC-COLA')).map((s) => s.id);
  expect(cola.length).toBeGreaterThan(0);
  expect(catalog.slice(0, 50).some((s) => s.id.includes('SC-COLA'))).toBe(false);
  await search(page).fill('sc-cola');
  await expect(page.getByText(`${cola.length} matches · ${catalog.length} surveys in the catalog`)).toBeVisible();
  await expect.poll(() => renderedIds(page)).toEqual(cola);
  expect(firstPages.flatMap((p) => p.results.map((s) => s.id)).filter((id) => cola.includes(id))).toEqual([]);
  await expect(surveyList(page).getByRole('option').first()).toHaveAttribute('aria-setsize', String(cola.length));
  await expect(chip(page, 'Id or place “sc-cola”')).toBeVisible();
  // The map draws the matching rows' footprints, and only those.
  await expect.poll(() => drawnFootprints(page)).toEqual([...cola].sort());

  // Keyboard: the filtered listbox works as before.
  await surveyList(page).focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Selected survey' })).toContainText(cola.at(-1)!);

  // The chip removes the filter: the plain list is back.
  await chip(page, 'Id or place “sc-cola”').click();
  await expect(search(page)).toHaveValue('');
  await expect(page.getByRole('group', { name: 'Active filters' })).toHaveCount(0);
  await expect(page.getByText(new RegExp(`^${catalog.length} surveys( · \\d+ loaded)?$`))).toBeVisible();
  await expect(search(page)).toBeFocused();

  // The oldest year, in UTC days: every match's capture window overlaps 2022.
  const in2022 = catalog.filter((s) => s.capture_date_end >= '2022-01-01' && s.capture_date_start < '2023-01-01');
  // Dates and cloud cover are behind the Filters disclosure.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Captured from').fill('2022-01-01');
  await page.getByLabel('Captured to').fill('2022-12-31');
  await expect(page.getByText(`${in2022.length} matches · ${catalog.length} surveys in the catalog`)).toBeVisible();
  expect((await renderedIds(page)).every((id) => in2022.some((s) => s.id === id))).toBe(true);

  const clear = in2022.filter((s) => s.cloud_cover <= 0);
  await page.getByLabel('Max cloud').fill('0');
  await expect(page.getByText('Surveys of unknown cloud cover are left out.')).toBeVisible();
  await expect(page.getByText(`${clear.length} matches · ${catalog.length} surveys in the catalog`)).toBeVisible();
  await expect.poll(() => renderedIds(page)).toEqual(clear.map((s) => s.id));
  await expect(
    page.getByRole('group', { name: 'Active filters' }).getByRole('button', { name: /^Remove filter/ }),
  ).toHaveCount(2);

  // Bad input is answered and kept; the filter in force stays.
  await page.getByLabel('Max cloud').fill('150');
  await expect(page.getByRole('alert')).toContainText('from 0 to 100');
  await expect(page.getByLabel('Max cloud')).toHaveValue('150');
  await expect(chip(page, 'Cloud ≤ 0%')).toBeVisible();

  await chip(page, 'Cloud ≤ 0%').click();
  await expect(page.getByText(`${in2022.length} matches · ${catalog.length} surveys in the catalog`)).toBeVisible();
  await expect(page.getByLabel('Max cloud')).toHaveValue('');
  // Focus stays among the chips after a removal.
  await expect(chip(page, 'Captured 2022-01-01 – 2022-12-31')).toBeFocused();

  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByRole('group', { name: 'Active filters' })).toHaveCount(0);
  await expect(page.getByLabel('Captured from')).toHaveValue('');
  await expect(page.getByText(new RegExp(`^${catalog.length} surveys( · \\d+ loaded)?$`))).toBeVisible();
});

test(
  'sorting oldest first or by least cloud reads the whole catalog; an empty ' + 'result offers to clear the filters',
  async ({ page, request }) => {
    const catalog = await wholeCatalog(request);
    await signInWithDemo(page);

    await page.getByLabel('Sort surveys').selectOption({ label: 'Oldest first' });
    await expect(page.getByText(`${catalog.length} matches · ${catalog.length} surveys in the catalog`)).toBeVisible();
    await expect(surveyList(page).getByRole('option').first()).toHaveAttribute('data-survey-id', catalog.at(-1)!.id);
    await expect(chip(page, 'Oldest first')).toBeVisible();

    await page.getByLabel('Sort surveys').selectOption({ label: 'Least cloud first' });
    const leastCloud = Math.min(...catalog.map((s) => s.cloud_cover));
    await expect(surveyList(page).getByRole('option').first()).toContainText(`Cloud ${Math.round(leastCloud)}%`);
    await expect(surveyList(page).getByRole('option').first()).toHaveAttribute(
      'data-survey-id',
      catalog.find((s) => s.cloud_cover === leastCloud)!.id,
    );

    await search(page).fill('no-such-place');
    await expect(page.getByText('No surveys in the catalog match these filters.')).toBeVisible();
    await expect(surveyList(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(search(page)).toBeFocused();
    await expect(search(page)).toHaveValue('');
    await expect(page.getByLabel('Sort surveys')).toHaveValue('newest');
    await expect(surveyList(page).getByRole('option').first()).toHaveAttribute('data-survey-id', catalog[0].id);
  },
);

test.describe('a catalog of hundreds of pages', () => {
  test.describe.configure({ timeout: 90_000 });
  let service: SpawnedService;
  test.beforeAll(async () => {
    service = await spawnService(['--quiet', '--synthetic', '900']);
  });
  test.afterAll(async () => service.stop());

  test('a sparse filter pages on with visible progress until the catalog ends', async ({ page, request }) => {
    const catalog = await wholeCatalog(request, service.origin);
    const january2015 = catalog.filter((s) => s.capture_date_start < '2015-02-01').map((s) => s.id);
    // Only on the last page of the scan.
    expect(catalog.slice(0, 900).some((s) => january2015.includes(s.id))).toBe(false);
    expect(january2015.length).toBeGreaterThan(0);

    const held = await holdScanPage(page, 5);
    await signInWithDemo(page, service.origin);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Captured from').fill('2015-01-01');
    await page.getByLabel('Captured to').fill('2015-01-31');
    await expect(page.getByText(`Searched 400 of ${catalog.length} surveys · 0 matches`)).toBeVisible();
    await expect(page.getByText('Looking for matches…')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Catalog searched' })).toBeVisible();
    await expect.poll(() => held.requested()).toBe(true);
    held.release();
    await expect(
      page.getByText(`${january2015.length} matches · ${catalog.length} surveys in the catalog`),
    ).toBeVisible();
    await expect.poll(() => renderedIds(page)).toEqual(january2015);
    await expect(page.getByRole('progressbar', { name: 'Catalog searched' })).toHaveCount(0);
  });

  test('a filter with many matches reads only what fills the list, and more as it scrolls', async ({
    page,
    request,
  }) => {
    const catalog = await wholeCatalog(request, service.origin);
    await signInWithDemo(page, service.origin);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Max cloud').fill('10');
    const onFirstPage = catalog.slice(0, 100).filter((s) => s.cloud_cover <= 10).length;
    await expect(
      page.getByText(`Searched 100 of ${catalog.length} surveys · ${onFirstPage} matches so far`),
    ).toBeVisible();
    await expect(page.getByText('More of the catalog is searched as you scroll.')).toBeVisible();

    const list = surveyList(page);
    await expect(async () => {
      await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect(page.getByText(new RegExp(`Searched [2-9]00 of ${catalog.length} surveys`))).toBeVisible({
        timeout: 500,
      });
    }).toPass({ timeout: 20_000 });
    const shown = await renderedIds(page);
    const byId = new Map(catalog.map((s) => [s.id, s]));
    expect(shown.every((id) => byId.get(id)!.cloud_cover <= 10)).toBe(true);
  });

  test('a whole-catalog sort shows progress and can be stopped and continued', async ({ page, request }) => {
    const catalog = await wholeCatalog(request, service.origin);
    const held = await holdScanPage(page, 3);
    await signInWithDemo(page, service.origin);
    await page.getByLabel('Sort surveys').selectOption('oldest');
    await expect(page.getByText(`Searched 200 of ${catalog.length} surveys · 200 matches`)).toBeVisible();
    await expect(page.getByText('Oldest first needs the whole catalog, so every page is read.')).toBeVisible();

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByText(`Search stopped after 200 of ${catalog.length} surveys · 200 matches`)).toBeVisible();
    await expect(page.getByText('Oldest first among the surveys searched so far only.')).toBeVisible();
    held.release();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(page.getByText(`Search stopped after 200 of ${catalog.length} surveys`)).toBeVisible();

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`${catalog.length} matches · ${catalog.length} surveys in the catalog`)).toBeVisible();
    await expect(surveyList(page).getByRole('option').first()).toHaveAttribute('data-survey-id', catalog.at(-1)!.id);
  });
});

test('screenshot of the filter bar', { tag: '@readme' }, async ({ page }) => {
  await signInWithDemo(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Captured from').fill('2022-01-01');
  await page.getByLabel('Captured to').fill('2023-12-31');
  await page.getByLabel('Max cloud').fill('10');
  await page.getByLabel('Sort surveys').selectOption('least-cloud');
  await expect(page.getByText(/\d+ matches · 89 surveys in the catalog/)).toBeVisible();
  await surveyList(page).getByRole('option').nth(1).hover();
  await readmePicture(page, 'filters');
});
