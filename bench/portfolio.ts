/**
 * 8. Portfolio coverage: 10,000 locations clustered around the demo cities (neighbourhoods of a few dozen properties),
 * checked through the viewer's Portfolio tab (import the CSV, Check coverage, until "All 10,000 locations checked"),
 * against one coverage query per location (each location's 25 m circle as WKT, the same concurrency, bodies parsed)
 * from a page in the same run, interleaved. Goals: queries sent ≤ 1/10 of the locations, ≥ 10× faster than one
 * query per location, and no main-thread task over 100 ms while the check runs.
 */
import type { Browser, Page } from '@playwright/test';
import { DEMO_METROS } from '../server/catalog/demo.ts';
import { areaToWkt } from '../src/area/wkt.ts';
import { CHECK_CONCURRENCY } from '../src/features/portfolio/check-coverage.ts';
import { DEFAULT_BUFFER_M, pointBuffer } from '../src/features/portfolio/location.ts';
import { launch } from './lib/browser.ts';
import { profileDuring, summarise } from './lib/cpu-profile.ts';
import { VIEWER_DIR } from './lib/build.ts';
import { fmtRatio, type BenchContext, type BenchResult } from './lib/result.ts';
import { accessToken, startService } from './lib/service.ts';
import { median, rotated } from './lib/stats.ts';

const LOCATIONS = 10_000;
const PER_NEIGHBOURHOOD = 40;

/** Properties in neighbourhoods (~1 km across) scattered within ~15 km of each demo city; deterministic. */
function clusteredLocations(count = LOCATIONS): [number, number][] {
  let seed = 20_261_125;
  const random = () => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const points: [number, number][] = [];
  while (points.length < count) {
    const metro = DEMO_METROS[Math.floor(random() * DEMO_METROS.length)];
    const cx = metro.lon + (random() - 0.5) * 0.3;
    const cy = metro.lat + (random() - 0.5) * 0.3;
    for (let i = 0; i < PER_NEIGHBOURHOOD && points.length < count; i++)
      points.push([
        Number((cx + (random() - 0.5) * 0.012).toFixed(6)),
        Number((cy + (random() - 0.5) * 0.009).toFixed(6)),
      ]);
  }
  return points;
}

interface CheckRun {
  seconds: number;
  queries: number;
  /** Main-thread tasks over 100 ms while the check ran, and the longest, in ms. */
  longTasks: number;
  longest: number;
}

async function freshPage(browser: Browser): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** The viewer: sign in, import the CSV into the Portfolio tab, Check coverage, wait for every location. */
async function viewerCheck(ctx: BenchContext, browser: Browser, service: string, csv: string): Promise<CheckRun> {
  const { page, close } = await freshPage(browser);
  try {
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { __tasks: typeof tasks }).__tasks = tasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${service}/?e2e`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('listbox', { name: 'Surveys' }).getByRole('option').first().waitFor();
    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await page.getByLabel('Locations file').setInputFiles({
      name: 'portfolio.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Use these columns' }).click();
    const check = page.getByRole('button', { name: 'Check coverage' });
    await check.waitFor();
    // The import's own work (the map clustering 10,000 new points) is not the check's: it starts on a settled page.
    await page.waitForFunction(() => {
      const map = (window as unknown as { __surveyViewer?: { map: { loaded(): boolean; isMoving(): boolean } } })
        .__surveyViewer?.map;
      return !!map && map.loaded() && !map.isMoving();
    });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    const start = await page.evaluate(() => performance.now());
    const started = Date.now();
    const progress = page.getByTestId('portfolio-progress');
    const run = async () => {
      await check.click();
      await progress.filter({ hasText: /^All [\d,]+ locations checked/ }).waitFor({ timeout: 10 * 60_000 });
    };
    // BENCH_PROFILE=1: where the page's time goes (the sampling slows the page a little).
    if (process.env.BENCH_PROFILE) ctx.log(summarise((await profileDuring(page, run)).profile, VIEWER_DIR, 25).owners);
    else await run();
    const seconds = (Date.now() - started) / 1000;
    const end = await page.evaluate(() => performance.now());
    const text = (await progress.textContent()) ?? '';
    const queries = Number(/with ([\d,]+) queries/.exec(text)?.[1].replace(/,/g, '') ?? Number.NaN);
    const tasks = await page.evaluate(
      ({ start, end }) =>
        (window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks
          .filter((t) => t.start >= start && t.start <= end)
          .map((t) => t.duration),
      { start, end },
    );
    const over = tasks.filter((d) => d > 100);
    return { seconds, queries, longTasks: over.length, longest: Math.max(0, ...tasks) };
  } finally {
    await close();
  }
}

/** The baseline: one coverage query per location, from a page, as many at a time as the viewer sends. Seconds. */
async function queryPerLocation(browser: Browser, service: string, token: string, wkts: string[]): Promise<number> {
  const { page, close } = await freshPage(browser);
  try {
    await page.goto(`${service}/config.json`);
    return await page.evaluate(
      async ({ service, wkts, token, concurrency }) => {
        const start = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < wkts.length) {
              const url = `${service}/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wkts[next++])}`;
              const answer = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
              if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
              await answer.json();
            }
          }),
        );
        return (performance.now() - start) / 1000;
      },
      { service, wkts, token, concurrency: CHECK_CONCURRENCY },
    );
  } finally {
    await close();
  }
}

const portfolioCsv = (points: [number, number][]) =>
  `site,latitude,longitude\n${points.map(([lon, lat], i) => `S${i + 1},${lat},${lon}`).join('\n')}\n`;

/**
 * Checks through the viewer for each number of locations (the scale curves), `rounds` of each, rotated: the median
 * seconds, and the queries of the last.
 */
export async function portfolioCheckTimes(
  ctx: BenchContext,
  counts: number[],
  rounds: number,
): Promise<{ locations: number; seconds: number; queries: number; runs: number[] }[]> {
  const service = await startService({ viewer: VIEWER_DIR });
  const browser = await launch();
  try {
    // The service's first coverage query starts its geometry workers: not part of any check.
    const wkt = areaToWkt(pointBuffer(clusteredLocations(1)[0], DEFAULT_BUFFER_M));
    await fetch(`${service.url}/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wkt)}`, {
      headers: { authorization: `Bearer ${await accessToken(service.url)}` },
    }).then((answer) => answer.arrayBuffer());
    const series = await rotated(
      rounds,
      counts.map((count) => {
        const csv = portfolioCsv(clusteredLocations(count));
        return async () => {
          const run = await viewerCheck(ctx, browser, service.url, csv);
          ctx.log(`  portfolio: ${count.toLocaleString('en-US')} locations ${run.seconds.toFixed(1)} s`);
          return run;
        };
      }),
    );
    return counts.map((locations, i) => ({
      locations,
      seconds: median(series[i].map((r) => r.seconds)),
      queries: series[i].at(-1)!.queries,
      runs: series[i].map((r) => r.seconds),
    }));
  } finally {
    await browser.close();
    await service.stop();
  }
}

export async function portfolioBench(ctx: BenchContext): Promise<BenchResult> {
  const service = await startService({ viewer: VIEWER_DIR });
  const browser = await launch();
  try {
    const points = clusteredLocations();
    const csv = portfolioCsv(points);
    const wkts = points.map((p) => areaToWkt(pointBuffer(p, DEFAULT_BUFFER_M)));
    const token = await accessToken(service.url);
    // The service's first coverage query starts its geometry workers (~1 s): not part of either side's figure.
    await fetch(`${service.url}/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wkts[0])}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((answer) => answer.arrayBuffer());
    const rounds = ctx.rounds(3);
    const ours: CheckRun[] = [];
    const single: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const viewer = async () => ours.push(await viewerCheck(ctx, browser, service.url, csv));
      const bare = async () => single.push(await queryPerLocation(browser, service.url, token, wkts));
      if (i % 2 === 0) await viewer().then(bare);
      else await bare().then(viewer);
      ctx.log(
        `  round ${i + 1}: ours ${ours.at(-1)!.seconds.toFixed(1)} s (${ours.at(-1)!.queries} queries, ` +
          `longest task ${ours.at(-1)!.longest.toFixed(0)} ms); one query per location ${single.at(-1)!.toFixed(1)} s`,
      );
    }
    const oursSeconds = median(ours.map((r) => r.seconds));
    const singleSeconds = median(single);
    const speedup = singleSeconds / oursSeconds;
    const queries = Math.max(...ours.map((r) => r.queries));
    const longTasks = Math.max(...ours.map((r) => r.longTasks));
    const longest = Math.max(...ours.map((r) => r.longest));
    const met = queries <= LOCATIONS / 10 && speedup >= 10 && longTasks === 0;
    return {
      id: 'portfolio',
      title: '8. Portfolio coverage',
      figure:
        `${LOCATIONS.toLocaleString('en-US')} locations in ${oursSeconds.toFixed(1)} s with ${queries} queries ` +
        `(${((queries / LOCATIONS) * 100).toFixed(1)} % of the locations); main-thread tasks > 100 ms: ${longTasks}`,
      baseline: `one query per location: ${singleSeconds.toFixed(1)} s`,
      ratio: speedup,
      ratioText: `${fmtRatio(speedup, 1)} faster`,
      goal: '≥ 10× faster, queries ≤ 1/10 of the locations, 0 tasks > 100 ms',
      met,
      notes: [
        `${LOCATIONS.toLocaleString('en-US')} locations in neighbourhoods of ${PER_NEIGHBOURHOOD} around the ` +
          `${DEMO_METROS.length} demo cities; 25 m circles; ${CHECK_CONCURRENCY} queries at a time on both sides; ` +
          `${rounds} round(s), interleaved, medians.`,
        `Ours is the whole check as a user runs it (grouping in a worker, queries, exact assignment in the worker, ` +
          `IndexedDB writes, table and map updates); the baseline only sends the queries and parses the answers.`,
        `Longest main-thread task during a check: ${longest.toFixed(0)} ms.`,
      ],
      data: { ours, single, queries, speedup, longTasks, longest },
    };
  } finally {
    await browser.close();
    await service.stop();
  }
}
