import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { annotationsLinkParam } from '../src/features/annotations/annotation-link.ts';
import { expect, mapSettled, pasteArea, selectSurvey, showBox, signInWithDemo, squareWkt, test } from './support.ts';

const run = promisify(execFile);

/** A demo survey with re-published tiles. */
const SURVEY = '2023-P01-CO-DEN';

test('"Updated since…": a visit is the half hour from its first opening, so a reload after it is a new visit', async ({
  page,
}) => {
  const start = Date.now();
  const panel = page.getByRole('region', { name: 'Selected survey' });
  const whatChanged = panel.getByRole('group', { name: 'What changed' });
  /** Opens the survey (by its link, signing in) with the page's clock at `minutes` after the first opening. */
  const openedAfter = async (minutes: number) => {
    await page.clock.setFixedTime(start + minutes * 60_000);
    if (minutes === 0) await page.goto(`/?e2e#survey=${SURVEY}`);
    else await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(panel).toContainText(SURVEY);
    await whatChanged.getByLabel('Updated since…').check();
  };

  // The first visit: nothing to default to, and the rule is said where the day is chosen.
  await openedAfter(0);
  await expect(whatChanged).toContainText('No earlier visit of this survey on this device: choose a date.');
  await expect(whatChanged).toContainText(
    'A visit starts when you first open a survey on this device; opening it again within 30 minutes of that is the ' +
      'same visit.',
  );
  await page.screenshot({ path: 'e2e/screenshots/what-changed-first-visit.png' });
  // Once a day is picked, the message asking for one is gone.
  await whatChanged.getByLabel('Updated since', { exact: true }).fill('2023-12-01');
  await expect(whatChanged).toContainText(/tiles re-published since Dec 1, 2023/);
  await expect(whatChanged).not.toContainText('No earlier visit');

  // A reload 20 minutes on is the same visit…
  await openedAfter(20);
  await expect(whatChanged).toContainText('No earlier visit of this survey on this device');
  // …and one 31 minutes after the first opening is the next, though the last opening was 11 minutes ago: it
  // defaults to the first visit.
  await openedAfter(31);
  // A moment, as the app writes every moment: the day and the minute, in the browser's locale.
  const first = await page.evaluate(
    (time) =>
      new Date(time).toLocaleString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
    start,
  );
  await expect(whatChanged).toContainText(`Your previous visit of this survey: ${first}.`);
  await expect(whatChanged).not.toContainText('No earlier visit');
  const day = await page.evaluate((time) => {
    const date = new Date(time);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }, start);
  await expect(whatChanged.getByLabel('Updated since', { exact: true })).toHaveValue(day);
  await page.screenshot({ path: 'e2e/screenshots/what-changed-next-visit.png' });
});

test('Paste WKT in "lat lon" order (Tampa read near Antarctica): the empty answer says so and swaps them', async ({
  page,
}) => {
  await signInWithDemo(page);
  // A survey elsewhere was being looked at from further out than its imagery is drawn.
  const selected = await selectSurvey(page, 1);
  await page.evaluate(() => window.__surveyViewer!.map.zoomTo(10, { duration: 0 }));
  await expect(page.locator('.zoom-hint')).toContainText(`Zoom in to see the imagery of ${selected}`);
  // The searches of the area, either way round (the map's own searches of the views it rests on are not counted).
  const all: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/surveys/coverage')) all.push(new URL(r.url()).searchParams.get('wkt') ?? r.url());
  });
  const areaSearches = () => all.filter((wkt) => /^POLYGON \(\((27\.9 -82\.4|-82\.4 27\.9),/.test(wkt));
  await pasteArea(page, 'POLYGON((27.9 -82.4, 28.0 -82.4, 28.0 -82.5, 27.9 -82.5, 27.9 -82.4))');
  const panel = page.getByRole('tabpanel', { name: 'Area search' });
  // What the newcomer saw: the area is taken as a strip near Antarctica that no survey covers…
  await expect(panel).toContainText('No survey covers this area');
  // …and now, as the same area read "longitude latitude" meets surveys, a hint with the swap, in sight above the
  // selected survey's panel; no banner about that survey's imagery, which is not in view.
  const hint = panel.getByRole('status').filter({ hasText: 'look swapped' });
  await expect(hint).toContainText('Latitude and longitude look swapped — the order is longitude latitude.');
  await expect(page.locator('.zoom-hint')).toHaveCount(0);
  const swap = hint.getByRole('button', { name: 'Swap latitude and longitude' });
  expect(
    await swap.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
    }),
    'the swap button is in sight, not under the selected survey panel',
  ).toBe(true);
  await page.screenshot({ path: 'e2e/screenshots/swapped-axes.png' });
  expect(areaSearches()).toHaveLength(2);
  expect(areaSearches()[1]).toMatch(/^POLYGON \(\(-82\.4 27\.9/);

  await hint.getByRole('button', { name: 'Swap latitude and longitude' }).click();
  await expect(page.getByRole('listbox', { name: 'Coverage results' }).getByRole('option').first()).toContainText(
    '-FL-TPA',
  );
  await expect(hint).toBeHidden();
  // The swapped area was already searched: its answer is used, and a covered area asks nothing more.
  expect(areaSearches()).toHaveLength(2);
});

type Box = [x0: number, y0: number, x1: number, y1: number];

/** Where two pictures of one size differ (beyond JPEG's noise) inside `box`: how many pixels, and their extent. */
function changes(a: PNG, b: PNG, [x0, y0, x1, y1]: Box): { count: number; extent: Box | null } {
  let count = 0;
  let extent: Box | null = null;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(a.height, y1); y++)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(a.width, x1); x++) {
      const i = (y * a.width + x) * 4;
      const d =
        Math.abs(a.data[i] - b.data[i]) +
        Math.abs(a.data[i + 1] - b.data[i + 1]) +
        Math.abs(a.data[i + 2] - b.data[i + 2]);
      if (d < 120) continue;
      count++;
      extent = extent
        ? [Math.min(extent[0], x), Math.min(extent[1], y), Math.max(extent[2], x), Math.max(extent[3], y)]
        : [x, y, x, y];
    }
  return { count, extent };
}

/** Downloads the report as the dialog stands; its map image (read back with poppler's pdfimages) and its text. */
async function report(page: Page, name: string): Promise<{ map: PNG; text: string; file: string }> {
  const dialog = page.getByRole('dialog', { name: 'Export report' });
  const downloading = page.waitForEvent('download', { timeout: 90_000 });
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const dir = await mkdtemp(path.join(tmpdir(), `report-${name}-`));
  const file = path.join(dir, 'report.pdf');
  await (await downloading).saveAs(file);
  await run('pdfimages', ['-png', '-f', '1', '-l', '1', file, path.join(dir, 'image')]);
  const images = await Promise.all(
    (await readdir(dir))
      .filter((f) => f.endsWith('.png'))
      .map(async (f) => PNG.sync.read(await readFile(path.join(dir, f)))),
  );
  const map = images.sort((p, q) => q.width * q.height - p.width * p.height)[0];
  return { map, text: (await run('pdftotext', ['-layout', file, '-'])).stdout, file };
}

test('Export report: overlays chosen in the dialog (the tile grid off by default), labels at print size', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const centre: [number, number] = [-105.0183, 39.8001];
  // An annotation outside the area, so that its title and the tile grid fall in different parts of the map.
  const pinAt: [number, number] = [-105.0083, 39.7985];
  const pin = annotationsLinkParam([
    {
      id: '00000000-0000-4000-8000-00000000bbbb',
      kind: 'point',
      geometry: { type: 'Point', coordinates: pinAt },
      title: 'Skylight cracked',
      note: '',
      imagery: null,
      measured: null,
      created: '2026-11-25T10:00:00.000Z',
      updated: '2026-11-25T10:00:00.000Z',
    },
  ]);
  await page.goto(`/?e2e#notes=${pin}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A link's notes are added when the user says so.
  await page
    .getByRole('dialog', { name: 'This link carries 1 note' })
    .getByRole('button', { name: 'Add 1 note' })
    .click();
  await pasteArea(page, squareWkt(centre, 0.004));
  await page.getByRole('listbox', { name: 'Coverage results' }).locator(`[data-survey-id="${SURVEY}"]`).click();
  await expect(page.getByTestId('tile-count')).toContainText('tiles at z16');
  await showBox(page, [centre[0] - 0.007, centre[1] - 0.006, pinAt[0] + 0.006, centre[1] + 0.006]);
  await mapSettled(page);
  await expect
    .poll(() =>
      page.evaluate(() => window.__surveyViewer!.map.queryRenderedFeatures({ layers: ['tile-grid-outline'] }).length),
    )
    .toBeGreaterThan(0);

  // Where the area and the pin are on the map (CSS pixels), and the title's width on screen: the map with and
  // without the annotation's layers.
  const onScreen = await page.evaluate(
    ({ area, pin }) => {
      const map = window.__surveyViewer!.map;
      const container = map.getContainer();
      const sw = map.project([area[0], area[1]]);
      const ne = map.project([area[2], area[3]]);
      const at = map.project(pin);
      return { width: container.clientWidth, area: [sw.x, ne.y, ne.x, sw.y], pin: [at.x, at.y] };
    },
    { area: [centre[0] - 0.004, centre[1] - 0.004, centre[0] + 0.004, centre[1] + 0.004], pin: pinAt },
  );
  const mapRegion = page.getByRole('region', { name: 'Survey map' });
  const titleWindow = ([x, y]: number[], scale: number, labels: number): Box => [
    x - 160 * scale,
    y + 9 * scale * labels,
    x + 160 * scale,
    y + 50 * scale * labels,
  ];
  const shownTitle = PNG.sync.read(await mapRegion.screenshot());
  const setTitles = (visibility: 'none' | 'visible') =>
    page.evaluate((v) => {
      const map = window.__surveyViewer!.map;
      map.setLayoutProperty('annotations-titles', 'visibility', v);
      return new Promise((resolve) => map.once('idle', resolve));
    }, visibility);
  await setTitles('none');
  const hiddenTitle = PNG.sync.read(await mapRegion.screenshot());
  await setTitles('visible');
  const screenTitle = changes(shownTitle, hiddenTitle, titleWindow(onScreen.pin, 1, 1)).extent;
  expect(screenTitle).not.toBeNull();
  const screenWidthCss = screenTitle![2] - screenTitle![0];

  await page
    .getByRole('group', { name: 'Map layers and usage' })
    .getByRole('button', { name: 'Export report' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Export report' });
  await dialog.getByLabel('Title').fill('Dach nördlich — Київ');
  await dialog.getByLabel('Paper').selectOption('A4');
  await dialog.getByLabel('Orientation').selectOption('portrait');
  // The overlays on the map, each with a box; the area search's tile grid is not printed unless asked for.
  const overlays = dialog.getByRole('group', { name: 'Drawn over the imagery' });
  for (const name of ['Survey footprints', 'Area of interest', 'Annotations'])
    await expect(overlays.getByLabel(name)).toBeChecked();
  await expect(overlays.getByLabel('Tile grid')).not.toBeChecked();
  await page.screenshot({ path: 'e2e/screenshots/report-overlays-dialog.png' });
  const plain = await report(page, 'default');
  expect(plain.text).toContain('Dach nördlich — Київ');

  // What the newcomer got: the grid printed over the imagery (now only with its box ticked), and the annotation left
  // out here to measure its title.
  await overlays.getByLabel('Tile grid').check();
  await overlays.getByLabel('Annotations').uncheck();
  const gridded = await report(page, 'grid');
  const scale = plain.map.width / onScreen.width;
  const area = onScreen.area.map((v) => v * scale) as Box;
  const [w, h] = [area[2] - area[0], area[3] - area[1]];
  // One-pixel cell outlines in their coverage colours (they were white): a few per mille of the area's pixels.
  expect(changes(plain.map, gridded.map, area).count).toBeGreaterThan(0.0015 * w * h);

  // The title printed at its size on screen (a CSS pixel is 0.75 pt), not shrunk with the map onto the paper.
  const dpi = Number(/Map printed at (\d+) dpi/.exec(plain.text)?.[1]);
  const printedTitle = changes(
    plain.map,
    gridded.map,
    titleWindow(
      onScreen.pin.map((v) => v * scale),
      scale,
      1.6,
    ),
  ).extent;
  expect(printedTitle).not.toBeNull();
  const printedPt = ((printedTitle![2] - printedTitle![0]) * 72) / dpi;
  const screenPt = screenWidthCss * 0.75;
  // Before: the map's CSS pixels shrunk to the printed map's width.
  const shrunkPt = (screenWidthCss * ((plain.map.width * 72) / dpi)) / onScreen.width;
  expect(printedPt / screenPt).toBeGreaterThan(0.88);
  expect(printedPt / screenPt).toBeLessThan(1.12);
  expect(printedPt).toBeGreaterThan(shrunkPt * 1.2);

  await run('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    plain.file,
    'e2e/screenshots/report-overlays-page',
  ]);
});
