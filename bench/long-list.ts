/**
 * 3. Long list: the service with --synthetic 10000; the survey list scrolled by script (1,200 px a
 * frame) until every page is in and the last row is drawn, or a time limit passes. DOM rows (goal
 * ≤ 60) and long tasks over 50 ms during the scroll (goal 0), against a bare DOM virtual list paging
 * the same service; the ratio compares the time each takes per row paged in. The scroll starts once
 * the page has settled — the first rows listed and their footprints drawn on an idle map — as an
 * analyst's would: the map's one-time start-up (shader programs, first tiles) is not scrolling.
 */
import type { Browser, Page } from '@playwright/test';
import { Attributor } from './lib/attribution.ts';
import { benchPage, launch, type Loaf } from './lib/browser.ts';
import { VIEWER_DIR } from './lib/build.ts';
import { profileDuring, summarise } from './lib/cpu-profile.ts';
import { fmtRatio, type BenchContext, type BenchResult, underLoadName } from './lib/result.ts';
import { accessToken, startService, surveyTotal, type Running } from './lib/service.ts';
import { interleaved, max, median, ms, quantile } from './lib/stats.ts';

const SYNTHETIC = 10_000;
const STEP = 1200;
/** Longest scroll of one run: the bare list reaches the end in 15–20 s. */
const LIMIT_MS = 35_000;

interface Run {
  done: boolean;
  reached: number;
  seconds: number;
  maxRows: number;
  maxFrame: number;
  p95Frame: number;
  longTasks: number[];
  loaf: Loaf[];
}

async function scroll(page: Page, total: number, limit = LIMIT_MS): Promise<Run> {
  const run = await page.evaluate(
    ({ step, total, limit }) => window.__bench!.scroll({ step, total, timeoutMs: limit }),
    { step: STEP, total, limit },
  );
  await page.waitForTimeout(300);
  const { longTasks, loaf } = await page.evaluate(
    ({ start, end }) => ({
      longTasks: window
        .__bench!.longtasks.filter((t) => t.start >= start && t.start <= end && t.duration > 50)
        .map((t) => t.duration),
      loaf: window.__bench!.loaf.filter((l) => l.start >= start && l.start <= end),
    }),
    run,
  );
  return {
    done: run.done,
    reached: run.reached,
    seconds: (run.end - run.start) / 1000,
    maxRows: run.maxRows,
    maxFrame: max(run.frames),
    p95Frame: quantile(run.frames, 0.95),
    longTasks,
    loaf,
  };
}

export async function longListBench(
  ctx: BenchContext,
  shared?: { browser: Browser; service?: Running },
): Promise<BenchResult> {
  const service = shared?.service ?? (await startService({ viewer: VIEWER_DIR, synthetic: SYNTHETIC }));
  const browser = shared?.browser ?? (await launch());
  try {
    const token = await accessToken(service.url);
    const total = await surveyTotal(service.url, token);
    let profileLines = { functions: [] as string[], owners: '' };

    const ours = async (profile = false): Promise<Run> => {
      const p = await benchPage(browser, { mode: 'list' });
      try {
        await p.page.goto(`${service.url}/?e2e`);
        await p.page.getByRole('button', { name: 'Sign in' }).click();
        await p.page.getByRole('listbox', { name: 'Surveys' }).getByRole('option').first().waitFor();
        await p.page.waitForFunction(
          () => {
            const map = window.__bench?.map;
            const drawn =
              (
                map?.getSource('footprints') as unknown as
                  | { serialize(): { data: { features?: unknown[] } } }
                  | undefined
              )?.serialize().data.features?.length ?? 0;
            return !!map && drawn > 0 && map.loaded() && !map.isMoving() && map.areTilesLoaded();
          },
          undefined,
          { timeout: 30_000 },
        );
        if (!profile) return await scroll(p.page, total);
        const { result, profile: cpu } = await profileDuring(p.page, () => scroll(p.page, total, 12_000));
        profileLines = summarise(cpu, VIEWER_DIR);
        return result;
      } catch (error) {
        throw new Error(`viewer: ${(error as Error).message.split('\n')[0]}; page errors: ${JSON.stringify(p.errors)}`);
      } finally {
        await p.close();
      }
    };
    const bare = async (): Promise<Run> => {
      const p = await benchPage(browser, { mode: 'list' });
      try {
        await p.page.goto(`${service.url}/bench/list.html`);
        await p.page.getByRole('listbox', { name: 'Surveys' }).getByRole('option').first().waitFor();
        return await scroll(p.page, total);
      } finally {
        await p.close();
      }
    };

    const rounds = ctx.rounds(2);
    const runs = await interleaved(rounds, () => ours(), bare);
    await ours(true);
    if (runs.baseline.some((r) => !r.done))
      throw new Error(`bare list: the last of ${total} rows was not reached in ${LIMIT_MS / 1000} s`);

    const attributor = new Attributor(VIEWER_DIR);
    const rows = max(runs.ours.map((r) => r.maxRows));
    const longTasks = median(runs.ours.map((r) => r.longTasks.length));
    const baseLong = median(runs.baseline.map((r) => r.longTasks.length));
    const p95 = median(runs.ours.map((r) => r.p95Frame));
    const baseP95 = median(runs.baseline.map((r) => r.p95Frame));
    const seconds = median(runs.ours.map((r) => r.seconds));
    const baseSeconds = median(runs.baseline.map((r) => r.seconds));
    const reached = median(runs.ours.map((r) => r.reached));
    const perRow = median(runs.ours.map((r) => r.seconds / r.reached));
    const basePerRow = median(runs.baseline.map((r) => r.seconds / r.reached));
    const ratio = perRow / basePerRow;
    const progress = runs.ours.every((r) => r.done)
      ? `${seconds.toFixed(1)} s through ${total.toLocaleString('en-US')} rows`
      : `row ${Math.round(reached).toLocaleString('en-US')} of ${total.toLocaleString('en-US')} after ` +
        `${seconds.toFixed(0)} s (limit)`;
    const classified = runs.ours.flatMap((r) => attributor.classify(r.loaf));
    const owners = new Map<string, number>();
    for (const f of classified) owners.set(f.owner, (owners.get(f.owner) ?? 0) + 1);
    const worst = [...classified]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((f) => `${f.duration} ms ${f.owner} (${f.entry} in ${f.source ?? '?'})`);
    ctx.log(`  ours: ${rows} DOM rows at most, ${longTasks} long tasks > 50 ms, p95 frame ${ms(p95, 0)}, ${progress}`);
    ctx.log(
      `  bare: ${max(runs.baseline.map((r) => r.maxRows))} DOM rows, ${baseLong} long tasks, p95 frame ` +
        `${ms(baseP95, 0)}, ${baseSeconds.toFixed(1)} s → ${fmtRatio(ratio)}`,
    );
    ctx.log(
      `  long frames of ours by owner (all runs): ` +
        `${[...owners].map(([o, n]) => `${o} ${n}`).join(', ') || 'none'}; longest: ${worst.join('; ') || 'none'}`,
    );
    return {
      ...underLoadName(ctx, 'list', '3. Long list'),
      figure: `${rows} DOM rows max, ${longTasks} long tasks > 50 ms; ${progress} (p95 frame ${ms(p95, 0)})`,
      baseline:
        `bare DOM virtual list: ${max(runs.baseline.map((r) => r.maxRows))} rows, ${baseLong} long tasks; ` +
        `${baseSeconds.toFixed(1)} s through all rows (p95 frame ${ms(baseP95, 0)})`,
      ratio,
      ratioText: `${fmtRatio(ratio)} (time per row paged in); p95 frame ${fmtRatio(p95 / baseP95)}`,
      goal: ctx.underLoad
        ? '≤ 60 DOM rows, 0 long tasks > 50 ms, p95 frame ≤ 1.25× bare'
        : '≤ 60 DOM rows, 0 long tasks > 50 ms, time per row ≤ 1.2× bare',
      met: rows <= 60 && longTasks === 0 && (ctx.underLoad ? p95 / baseP95 <= 1.25 : ratio <= 1.2),
      notes: [
        `${rounds} interleaved runs each, medians; ${STEP} px a frame until row ${total.toLocaleString('en-US')} ` +
          `is drawn or ${LIMIT_MS / 1000} s pass; pages of 25 fetched as each list needs them`,
        `long tasks of ours (ms, all runs): ` +
          `${runs.ours.map((r) => r.longTasks.map(Math.round).join(', ') || '–').join(' | ')}`,
        `long animation frames of ours by owner of the longest script: ` +
          `${[...owners].map(([o, n]) => `${o} ${n}`).join(', ') || 'none'}; longest: ${worst.join('; ') || 'none'}`,
        `CPU profile of ours during the scroll, self time by owner (natives counted for their caller): ` +
          `${profileLines.owners}; by function: ${profileLines.functions.join('; ')}`,
      ],
      data: {
        total,
        ours: runs.ours.map(({ loaf: _, ...r }) => r),
        baseline: runs.baseline.map(({ loaf: _, ...r }) => r),
        longFrames: classified,
      },
    };
  } finally {
    if (!shared?.browser) await browser.close();
    if (!shared?.service) await service.stop();
  }
}
