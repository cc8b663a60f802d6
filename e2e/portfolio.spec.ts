import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { DEMO_METROS } from '../server/catalog/demo.ts';
import { areaToWkt } from '../src/area/wkt.ts';
import { DEFAULT_BUFFER_M, pointBuffer } from '../src/features/portfolio/location.ts';
import { spawnService, type SpawnedService } from './spawned-service.ts';
import {
  accessToken,
  expect,
  mapSettled,
  signInWithDemo,
  test,
  expectAccessibleInBothThemes,
  readmePicture,
} from './support.ts';

let service: SpawnedService;

test.beforeAll(async () => {
  // Each request takes over a second and some are refused (429 with Retry-After): the check's dozen queries last long
  // enough to reload in their middle.
  service = await spawnService(['--quiet', '--faults', '429:0.05,latency:1200']);
});
test.afterAll(async () => service.stop());

const ROWS = 2_000;
const METROS = DEMO_METROS.slice(0, 8);
const BAD: Record<number, (row: string[]) => string[]> = {
  0: ([id, address, , lon, value]) => [id, address, '', lon, value],
  1: ([id, address, lat, , value]) => [id, address, lat, 'east', value],
  2: ([id, address, , lon, value]) => [id, address, '95.5', lon, value],
  3: ([id, address]) => [id, address],
};

/** 2,000 insured properties around eight demo cities; every hundredth row (from the 38th) is wrong in some way. */
function portfolioCsv(): { text: string; badLines: number[] } {
  const lines = ['policy_id,address,lat,lon,insured_value'];
  const badLines: number[] = [];
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < ROWS; i++) {
    const metro = METROS[i % METROS.length];
    const lat = (metro.lat + (random() - 0.5) * 0.16).toFixed(6);
    const lon = (metro.lon + (random() - 0.5) * 0.2).toFixed(6);
    let row = [`P-${10_000 + i}`, `"${i} Main St, ${metro.name}"`, lat, lon, String(200_000 + i * 17)];
    if (i % 100 === 37) {
      row = BAD[((i / 100) % 4) | 0](row);
      badLines.push(i + 2);
    }
    lines.push(row.join(','));
  }
  return { text: `${lines.join('\n')}\n`, badLines };
}

test('Portfolio: 2,000 rows (20 bad), checked around an event, resumed after a reload, exported, compared', {
  tag: '@readme',
}, async ({ page, request }) => {
  test.setTimeout(240_000);
  const { text, badLines } = portfolioCsv();
  expect(badLines).toHaveLength(20);

  // An event date with imagery on both sides in Denver: the day after its second-newest capture ended.
  const token = await accessToken(request, service.origin);
  const denver = METROS[0];
  const [w, s, e, n] = [denver.lon - 0.05, denver.lat - 0.05, denver.lon + 0.05, denver.lat + 0.05];
  const around = `POLYGON((${w} ${s},${e} ${s},${e} ${n},${w} ${n},${w} ${s}))`;
  /** A coverage query of our own, repeated while the service's injected faults refuse it. */
  const coverageOf = async (wkt: string) => {
    for (;;) {
      const answer = await request.get(`${service.origin}/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wkt)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (answer.status() !== 429) {
        expect(answer.status()).toBe(200);
        return (await answer.json()) as { id: string; capture_date_end: string }[];
      }
    }
  };
  const found = await coverageOf(around);
  const ends = found.map((s) => s.capture_date_end.slice(0, 10)).sort();
  expect(ends.length).toBeGreaterThanOrEqual(2);
  const eventDate = new Date(Date.parse(ends.at(-2) as string) + 86_400_000).toISOString().slice(0, 10);

  await signInWithDemo(page, service.origin);
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await page.getByLabel('Locations file').setInputFiles({
    name: 'insured-properties.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });

  // The columns were recognised by name; the user could correct them.
  const mapping = page.getByRole('form', { name: 'Columns of insured-properties.csv' });
  await expect(mapping).toContainText('2,000 rows, comma-separated');
  await expect(mapping.getByLabel('Latitude', { exact: true })).toHaveValue('2');
  await expect(mapping.getByLabel('Longitude', { exact: true })).toHaveValue('3');
  await expect(mapping.getByLabel('Name', { exact: true })).toHaveValue('0');
  await readmePicture(page, 'portfolio-import');
  await mapping.getByRole('button', { name: 'Use these columns' }).click();

  await expect(page.getByText('1,980 locations from insured-properties.csv · 20 rows not read')).toBeVisible();
  await page.getByText('20 rows were not read').click();
  const problems = page.getByRole('list', { name: 'Rows not read' }).getByRole('listitem');
  await expect(problems).toHaveCount(20);
  await expect(problems.nth(0)).toHaveText(`Line ${badLines[0]} latitude is empty`);
  await expect(problems.nth(1)).toHaveText(`Line ${badLines[1]} longitude "east" is not a number`);
  await expect(problems.nth(2)).toHaveText(`Line ${badLines[2]} latitude 95.5 is outside −90…90`);
  await expect(problems.nth(3)).toHaveText(`Line ${badLines[3]} latitude is empty`);

  await page.getByLabel('Event date (optional)').fill(eventDate);
  await page.getByRole('button', { name: 'Check coverage' }).click();
  const progress = page.getByTestId('portfolio-progress');
  await expect(progress).toContainText(/Checking: [1-9][\d,]* of 1,980 locations/, { timeout: 60_000 });
  await readmePicture(page, 'portfolio-progress');
  const before = Number(
    (/Checking: ([\d,]+)/.exec((await progress.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''),
  );
  expect(before).toBeLessThan(1_980);

  // A reload in the middle: what was answered is kept, and the check goes on by itself once signed in again.
  await page.reload();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await expect(page.getByText('1,980 locations from insured-properties.csv')).toBeVisible();
  await expect(page.getByLabel('Event date (optional)')).toHaveValue(eventDate);
  // It goes on from where it stopped: what was answered before the reload is still answered.
  const answered = (text: string) => {
    const number = (digits: string) => Number(digits.replace(/,/g, ''));
    const checking = /([\d,]+) of 1,980 locations/.exec(text);
    if (checking) return number(checking[1]);
    const grouping = /Grouping ([\d,]+) locations/.exec(text);
    if (grouping) return 1_980 - number(grouping[1]);
    return /All 1,980/.test(text) ? 1_980 : 0;
  };
  expect(answered((await progress.textContent()) ?? '')).toBeGreaterThanOrEqual(before);
  await expect(progress).toHaveText(/All 1,980 locations checked, with [\d,]+ queries\./, { timeout: 120_000 });
  const queries = Number(
    (/with ([\d,]+) queries/.exec((await progress.textContent()) ?? '')?.[1] ?? '').replace(/,/g, ''),
  );
  // Far fewer queries than locations (retries of refused ones included).
  expect(queries).toBeLessThanOrEqual(198);

  // The map shows every location, coloured by the age of its latest imagery.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const map = window.__surveyViewer!.map;
        const source = map.getSource('portfolio') as unknown as { serialize(): { data: { features: unknown[] } } };
        return source.serialize().data.features.length;
      }),
    )
    .toBe(1_980);
  await mapSettled(page);
  await readmePicture(page, 'portfolio-results');
  await expectAccessibleInBothThemes(page, '.portfolio');

  // Export CSV: the input columns, the surveys and dates, a link to each location's before/after view; no credential.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('insured-properties-coverage.csv');
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv).not.toMatch(/api_key|access_token|demo-secret|Bearer/i);
  const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
  // Every input row, in the file's order: the 20 not read too, with their line and why.
  expect(parsed.data).toHaveLength(2_000);
  expect(parsed.meta.fields?.slice(0, 5)).toEqual(['policy_id', 'address', 'lat', 'lon', 'insured_value']);
  expect(parsed.data.map((r) => Number(r.line))).toEqual(Array.from({ length: 2_000 }, (_, i) => i + 2));
  const notRead = parsed.data.filter((r) => r.status === 'not read');
  expect(notRead.map((r) => Number(r.line))).toEqual(badLines);
  expect(notRead[1]).toMatchObject({ lon: 'east', reason: 'longitude "east" is not a number' });
  const checked = parsed.data.filter((r) => r.status === 'checked');
  expect(checked).toHaveLength(1_980);
  const paired = checked.filter((r) => r.before_survey && r.after_survey);
  expect(paired.length).toBeGreaterThan(0);
  // A location's surveys are what a query for it alone returns.
  for (const row of [paired[0], checked[5], checked[1_234]]) {
    const wkt = areaToWkt(pointBuffer([Number(row.lon), Number(row.lat)], DEFAULT_BUFFER_M));
    const alone = await coverageOf(wkt);
    expect(row.survey_ids).toBe(alone.map((s) => s.id).join(';'));
    expect(row.link).toMatch(new RegExp(`^${service.origin}/#map=18/`));
  }
  const pairLink = new URL(paired[0].link);
  expect(pairLink.hash).toContain(`compare=${paired[0].before_survey},${paired[0].after_survey}`);

  // A location's name zooms the map to it and previews its latest survey.
  const table = page.getByRole('table', { name: 'Coverage of each location' });
  await table.getByRole('button', { name: 'Surveys' }).click();
  await expect(table.getByRole('columnheader', { name: 'Surveys' })).toHaveAttribute('aria-sort', 'descending');
  const busiest = table.getByRole('row').nth(1);
  const latestId = await busiest.getByRole('cell').nth(2).getAttribute('title');
  await busiest.getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Selected survey' })).toContainText(latestId as string);
  await expect(page).toHaveURL(/#map=18\//);

  // A location's mark on the map opens it as its row does, and the table shows that row; a cluster's zooms in on it.
  const chosenRow = table.locator('tr[aria-current="true"]');
  const chosenBefore = await chosenRow.getByRole('button').first().textContent();
  await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ zoom: 14 }));
  await mapSettled(page);
  const mark = await page.evaluate(() => {
    const map = window.__surveyViewer!.map;
    const centre = map.project(map.getCenter());
    const marks = map.queryRenderedFeatures({ layers: ['portfolio-points'] }).map((f) => {
      const [lng, lat] = (f.geometry as GeoJSON.Point).coordinates;
      const { x, y } = map.project([lng, lat]);
      return { lng, lat, x, y, away: Math.hypot(x - centre.x, y - centre.y) };
    });
    return marks.filter((m) => m.away > 40 && m.away < 300).sort((a, b) => a.away - b.away)[0];
  });
  expect(mark).toBeDefined();
  await page.locator('.maplibregl-canvas').click({ position: { x: mark.x, y: mark.y } });
  await expect(chosenRow.getByRole('button').first()).not.toHaveText(chosenBefore ?? '');
  // Its survey's details take the sidebar's lower half, and the row is still in sight; details hidden, it stays there.
  await expect(page.getByRole('region', { name: 'Selected survey' })).toBeVisible();
  await expect(chosenRow).toBeInViewport();
  await page.getByRole('button', { name: 'Hide details' }).click();
  await expect(chosenRow).toBeInViewport();
  await mapSettled(page);
  // The location is framed in the map the panels leave: on the map, under no panel, near the middle.
  const framed = await page.evaluate(
    ([lng, lat]) => {
      const map = window.__surveyViewer!.map;
      const { x, y } = map.project([lng, lat]);
      const box = map.getContainer().getBoundingClientRect();
      const under = document.elementFromPoint(box.left + x, box.top + y);
      return { under: under?.tagName, dx: Math.abs(x - box.width / 2), dy: Math.abs(y - box.height / 2) };
    },
    [mark.lng, mark.lat],
  );
  expect(framed.under).toBe('CANVAS');
  expect(framed.dx).toBeLessThan(200);
  expect(framed.dy).toBeLessThan(200);
  await page.evaluate(() => window.__surveyViewer!.map.jumpTo({ zoom: 9 }));
  await mapSettled(page);
  const cluster = await page.evaluate(() => {
    const map = window.__surveyViewer!.map;
    const [first] = map.queryRenderedFeatures({ layers: ['portfolio-clusters'] });
    return map.project((first.geometry as GeoJSON.Point).coordinates as [number, number]);
  });
  await page.locator('.maplibregl-canvas').click({ position: { x: cluster.x, y: cluster.y } });
  await expect.poll(() => page.evaluate(() => window.__surveyViewer!.map.getZoom())).toBeGreaterThan(9.5);

  // The table, sorted by the before/after pair (pairs first): the first row opens the comparison with both sides set.
  await table.getByRole('button', { name: 'Before → after' }).click();
  await expect(table.getByRole('columnheader', { name: 'Before → after' })).toHaveAttribute('aria-sort', 'descending');
  // Days as the app writes them on screen (en-US here): "Compare Jun 3, 2023 with Jan 16, 2024".
  const day = '[A-Z][a-z]{2} \\d{1,2}, \\d{4}';
  const firstPair = table.getByRole('button', { name: new RegExp(`^Compare ${day} with ${day}$`) }).first();
  const [, beforeDay, afterDay] =
    /^Compare (.+) with (.+)$/.exec((await firstPair.getAttribute('aria-label')) ?? '') ?? [];
  const event = Date.parse(`${eventDate}T00:00:00`);
  expect(Date.parse(beforeDay) < event && Date.parse(afterDay) >= event).toBe(true);
  await firstPair.click();
  const compare = page.getByRole('region', { name: 'Compare surveys' });
  await expect(compare).toBeVisible();
  await expect(page).toHaveURL(/compare=[^,&]+,[^&]+/);
  const sides = decodeURIComponent(/compare=([^&]+)/.exec(page.url())?.[1] ?? '').split(',');
  await expect(compare.getByRole('region', { name: 'Side A' })).toContainText(sides[0]);
  await expect(compare.getByRole('region', { name: 'Side B' })).toContainText(sides[1]);
  await mapSettled(page);
  await page.waitForFunction(() => {
    const overlay = window.__surveyViewer?.compareMap?.();
    return !!overlay && overlay.loaded() && overlay.areTilesLoaded();
  });
  await readmePicture(page, 'portfolio-compare');
});

test('a location the service refuses (area too large) is reported by name and line; all others are checked', async ({
  page,
}) => {
  const denver = METROS[0];
  const point = (i: number) => ({
    type: 'Feature',
    properties: { name: `Site ${i}` },
    geometry: { type: 'Point', coordinates: [denver.lon + i * 0.01, denver.lat] },
  });
  // Over the service's 696,000 km² limit: refused whatever it is grouped with.
  const huge = {
    type: 'Feature',
    properties: { name: 'Whole region' },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [-112, 33],
          [-98, 33],
          [-98, 45],
          [-112, 45],
          [-112, 33],
        ],
      ],
    },
  };
  const file = { type: 'FeatureCollection', features: [point(0), point(1), huge, point(2)] };
  await signInWithDemo(page, service.origin);
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await page.getByLabel('Locations file').setInputFiles({
    name: 'sites.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await expect(page.getByText('4 locations from sites.geojson')).toBeVisible();
  await page.getByRole('button', { name: 'Check coverage' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'The coverage check stopped' });
  await expect(notice).toContainText('The service refused the location "Whole region" (line 3)');
  await expect(notice).toContainText('422');
  await expect(notice).toContainText(/[0-9a-f]{8}-[0-9a-f]{4}/);
  const table = page.getByRole('table', { name: 'Coverage of each location' });
  for (const name of ['Site 0', 'Site 1', 'Site 2'])
    await expect(table.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1)).not.toHaveText('…');
  await expect(table.getByRole('row').filter({ hasText: 'Whole region' }).getByRole('cell').nth(1)).toHaveText(
    'refused',
  );
});

test('a cloud limit: a cloudier survey is never the latest; the limit is kept and exported', async ({
  page,
  request,
}) => {
  const denver = METROS[0];
  const office: [number, number] = [denver.lon, denver.lat];
  // What covers the office, newest first, with each survey's cloud cover (the demo's catalog reports it).
  const token = await accessToken(request, service.origin);
  const wkt = areaToWkt(pointBuffer(office, DEFAULT_BUFFER_M));
  let found: { id: string; capture_date_start: string; capture_date_end: string; cloud_cover: number }[] = [];
  await expect
    .poll(async () => {
      const answer = await request.get(`${service.origin}/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wkt)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (answer.ok()) found = await answer.json();
      return answer.status();
    })
    .toBe(200);
  found.sort((a, b) => b.capture_date_start.localeCompare(a.capture_date_start));
  // A capture's day as every view writes it: its start, in the browser's locale (en-US here).
  const startDay = (survey: { capture_date_start: string }) =>
    new Date(survey.capture_date_start).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
  const dayAfter = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString().slice(0, 10);
  const LIMIT = 30;
  const clear = found.find((s) => s.cloud_cover <= LIMIT);
  // The demo's newest Denver survey is a cloudy one, with clearer ones beneath it.
  expect(found[0].cloud_cover).toBeGreaterThan(LIMIT);
  expect(clear).toBeDefined();

  const file = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: { name: 'Office' }, geometry: { type: 'Point', coordinates: office } }],
  };
  await signInWithDemo(page, service.origin);
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await page.getByLabel('Locations file').setInputFiles({
    name: 'office.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await expect(page.getByText('1 location from office.geojson')).toBeVisible();
  await page.getByRole('button', { name: 'Check coverage' }).click();
  await expect(page.getByTestId('portfolio-progress')).toHaveText(/^1 location checked, with \d+ quer/, {
    timeout: 60_000,
  });
  const latest = page
    .getByRole('table', { name: 'Coverage of each location' })
    .getByRole('row')
    .filter({ hasText: 'Office' })
    .getByRole('cell')
    .nth(2);
  await expect(latest).toHaveAttribute('title', found[0].id);
  await expect(latest).toHaveText(startDay(found[0]));

  // Around an event (the day after the second-newest capture ended): the change between the captures either side of
  // it, scored in the engine's workers, filtered on, and exported with its parts.
  await page.getByLabel('Event date (optional)').fill(dayAfter(found[1].capture_date_end));
  const scoring = page.getByTestId('portfolio-change-progress');
  await expect(scoring).toHaveText('1 location to compare (4 tile pairs).');
  // Cancelled (each request takes over a second here), it can be started again.
  await page.getByRole('button', { name: 'Score changes' }).click();
  await page.getByRole('button', { name: 'Cancel scoring' }).click();
  await expect(scoring).toHaveText('1 location to compare (4 tile pairs).');
  await page.getByRole('button', { name: 'Score changes' }).click();
  await expect(scoring).toHaveText(/^1 location scored: [01] changed, [01] unchanged, [01] obscured\.$/, {
    timeout: 60_000,
  });
  const officeRow = page.getByRole('row').filter({ hasText: 'Office' });
  // Scored, the change (verdict and score) takes the latest capture's column.
  await expect(page.getByRole('columnheader', { name: 'Latest' })).toHaveCount(0);
  const verdict = (await officeRow.getByRole('cell').nth(3).textContent())?.split(' ')[0] as string;
  expect(['changed', 'unchanged', 'obscured']).toContain(verdict);
  const show = page.getByRole('combobox', { name: 'Show locations' });
  await show.selectOption('no pair');
  await expect(officeRow).toHaveCount(0);
  await show.selectOption(verdict);
  await expect(officeRow).toHaveCount(1);
  await show.selectOption('all');
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const scored = Papa.parse<Record<string, string>>(
    (await readFile((await (await exported).path()) as string, 'utf8')).trim(),
    { header: true },
  ).data[0];
  expect(scored).toMatchObject({ change: verdict, change_tiles: '4', change_reason: '' });
  expect(scored.before_survey).not.toBe(scored.after_survey);
  expect(scored.before_capture < scored.after_capture).toBe(true);
  for (const part of ['change_score', 'changed_share', 'obscured_share'] as const)
    expect(Number(scored[part])).toBeGreaterThanOrEqual(0);
  if (verdict !== 'obscured') expect(Number(scored.change_score) >= 0.5).toBe(verdict === 'changed');
  expect(['true', 'false']).toContain(scored.different_seasons);

  const limit = page.getByLabel('Max cloud cover (%, optional)');
  await limit.fill(String(LIMIT));
  await limit.press('Enter');
  await expect(latest).toHaveAttribute('title', clear!.id);
  await expect(latest).toHaveText(startDay(clear!));
  await expect(page.getByRole('list', { name: /Map colours/ })).toContainText(`no imagery under ${LIMIT} % cloud`);

  // Kept with the portfolio (once IndexedDB has it: a reload in the instant after a change can beat the write), and
  // read into the export.
  const keptLimit = () =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('survey-viewer-portfolio');
          open.onsuccess = () => {
            const get = open.result.transaction('portfolio').objectStore('portfolio').get('current');
            get.onsuccess = () => {
              resolve(get.result?.maxCloudCover ?? null);
              open.result.close();
            };
          };
        }),
    );
  await expect.poll(keptLimit).toBe(LIMIT);
  await page.reload();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await expect(limit).toHaveValue(String(LIMIT));
  await expect(latest).toHaveAttribute('title', clear!.id);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await downloading).path()) as string, 'utf8');
  const [row] = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
  expect(row).toMatchObject({
    latest_survey: clear!.id,
    latest_cloud_cover: String(clear!.cloud_cover),
    survey_count: String(found.length),
  });
});
