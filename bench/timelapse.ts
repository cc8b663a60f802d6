/**
 * 9. Timelapse export: (a) speed — exporting the N frames of a view as a WebM (the map's size) against drawing the
 * same N views on the page (the player stepping through them, each until the map is idle), in the same run, fresh
 * browser context per run, interleaved; goal ≤ 1.5×. (b) memory — the page's peak JS heap during a 50-frame 1080p
 * export; goal ≤ 200 MB.
 *
 * The service serves a catalog of 50 surveys over the same few square kilometres of Denver (`--catalog`), one a
 * month, a quarter of them cloud-free: the player's cloud limit "No cloud" gives the speed runs their 13 frames, "Any
 * cloud" the memory run its 50. A first export warms the service's tile cache, so both sides then read tiles the
 * service has rendered, and each side's browser cache starts empty.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { launchPrecise } from './lib/browser.ts';
import { VIEWER_DIR } from './lib/build.ts';
import { fmtRatio, type BenchContext, type BenchResult } from './lib/result.ts';
import { startService } from './lib/service.ts';
import { median, rotated } from './lib/stats.ts';

const CENTRE: [number, number] = [-104.99, 39.74];
const SURVEYS = 50;
const MB = 1024 * 1024;

/** Benchmark 9's cloud cover: every fourth survey cloud-free ("No cloud": 13 frames), the rest 35 %. */
const everyFourthClear = (i: number) => (i % 4 === 0 ? 0 : 35);

/** 50 monthly surveys over a box around the centre, the i-th with `cloudOf(i)` % cloud cover. */
function catalogFile(dir: string, cloudOf: (i: number) => number = everyFourthClear): string {
  const d = 0.04;
  const [lon, lat] = CENTRE;
  const ring = [
    [lon - d, lat - d],
    [lon + d, lat - d],
    [lon + d, lat + d],
    [lon - d, lat + d],
    [lon - d, lat - d],
  ];
  const features = Array.from({ length: SURVEYS }, (_, i) => {
    const month = new Date(Date.UTC(2022, i, 12, 16));
    const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const published = new Date(month.getTime() + 5 * 86_400_000);
    return {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: {
        id: `BENCH-${iso(month).slice(0, 7)}`,
        capture_date_start: iso(month),
        capture_date_end: iso(new Date(month.getTime() + 3 * 3_600_000)),
        published_date: iso(published),
        last_updated: iso(published),
        cloud_cover: cloudOf(i),
        spatial_resolution_class: '7.5cm',
      },
    };
  });
  const file = path.join(dir, 'timelapse-catalog.geojson');
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }));
  return file;
}

/** A fresh context signed in at the centre (z15), the timelapse open with the cloud limit; its frame count. */
type CloudLimit = 'No cloud' | 'Cloud ≤ 10%' | 'Cloud ≤ 30%' | 'Any cloud';

async function openTimelapse(browser: Browser, service: string, cloud: CloudLimit) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${service}/?e2e#map=15/${CENTRE[1]}/${CENTRE[0]}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('group', { name: 'Map layers and usage' }).getByRole('button', { name: 'Timelapse' }).click();
  const timelapse = page.getByRole('region', { name: 'Timelapse' });
  await timelapse.getByLabel('Leave out surveys cloudier than').selectOption({ label: cloud });
  await timelapse.getByTestId('timelapse-caption').waitFor({ timeout: 120_000 });
  const count = Number(
    /of (\d+) captures/.exec((await timelapse.getByRole('status').first().textContent()) ?? '')?.[1],
  );
  await idle(page);
  return { page, timelapse, count, close: () => context.close() };
}

/** The map's next idle after a repaint: the frame asked for is drawn. */
const idle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__surveyViewer!.map;
        map.once('idle', () => resolve());
        map.triggerRepaint();
      }),
  );

const heapUsed = (page: Page) =>
  page
    .evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0)
    .catch(() => 0);

/** Export video with these choices; seconds from the click to the file, and the page's peak heap meanwhile (MB). */
async function exportRun(browser: Browser, service: string, cloud: CloudLimit, size: string) {
  const { page, timelapse, count, close } = await openTimelapse(browser, service, cloud);
  try {
    await timelapse.getByRole('button', { name: 'Export video' }).click();
    const exporter = timelapse.getByRole('region', { name: 'Export video' });
    await exporter.getByRole('radio', { name: /^WebM/ }).check();
    await exporter.getByLabel('Size').selectOption(size);
    await exporter.getByLabel('Frame duration').selectOption('250');
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await heapUsed(page));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const saved = page.waitForEvent('download', { timeout: 20 * 60_000 });
    const start = Date.now();
    await exporter.getByRole('button', { name: `Export ${count} frames` }).click();
    const download = await saved;
    const seconds = (Date.now() - start) / 1000;
    sampling = false;
    await sampler;
    await download.cancel().catch(() => undefined);
    return { seconds, count, peakHeap: peak / MB };
  } finally {
    await close();
  }
}

/** The same views drawn on the page: the player steps to each frame and waits for the map to draw it. Seconds. */
async function onPageRun(browser: Browser, service: string) {
  const { page, timelapse, count, close } = await openTimelapse(browser, service, 'No cloud');
  try {
    const next = timelapse.getByRole('button', { name: 'Next capture' });
    const start = Date.now();
    for (let i = 1; i < count; i++) {
      await next.click();
      await idle(page);
    }
    // Back to the first: N views drawn, the first from tiles already loaded, as the export's first frame is.
    await timelapse.getByRole('slider', { name: 'Capture' }).fill('1');
    await idle(page);
    return { seconds: (Date.now() - start) / 1000, count };
  } finally {
    await close();
  }
}

/**
 * The scale curve's catalog: the cloud limits keep 10 ("No cloud"), 25 ("Cloud ≤ 10%") and 50 ("Any cloud") of the
 * 50 surveys, each set spread over the whole span of months.
 */
const CURVE_TIERS: { limit: CloudLimit; frames: number }[] = [
  { limit: 'No cloud', frames: 10 },
  { limit: 'Cloud ≤ 10%', frames: 25 },
  { limit: 'Any cloud', frames: 50 },
];
const tieredCloud = (i: number) => (i % 5 === 0 ? 0 : [2, 4, 7].includes(i % 10) ? 10 : 35);

/**
 * Export time against frames (the scale curves): WebM at the map's size of 10, 25 and 50 frames of the same view,
 * after one untimed 50-frame export warms the service's tile cache; `rounds` runs of each, rotated, medians.
 */
export async function timelapseExportTimes(
  ctx: BenchContext,
  rounds: number,
): Promise<{ frames: number; seconds: number; runs: number[] }[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-timelapse-'));
  const service = await startService({ viewer: VIEWER_DIR, args: ['--catalog', catalogFile(dir, tieredCloud)] });
  const browser = await launchPrecise();
  try {
    const warm = await exportRun(browser, service.url, 'Any cloud', 'map');
    ctx.log(`  timelapse warm-up: ${warm.count} frames in ${warm.seconds.toFixed(1)} s`);
    const series = await rotated(
      rounds,
      CURVE_TIERS.map(({ limit, frames }) => async () => {
        const run = await exportRun(browser, service.url, limit, 'map');
        if (run.count !== frames) throw new Error(`${limit}: ${run.count} frames, expected ${frames}`);
        return run.seconds;
      }),
    );
    return CURVE_TIERS.map(({ frames }, i) => ({ frames, seconds: median(series[i]), runs: series[i] }));
  } finally {
    await browser.close();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function timelapseBench(ctx: BenchContext): Promise<BenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-timelapse-'));
  const service = await startService({ viewer: VIEWER_DIR, args: ['--catalog', catalogFile(dir)] });
  const browser = await launchPrecise();
  try {
    const warm = await exportRun(browser, service.url, 'No cloud', 'map');
    ctx.log(`  warm-up: ${warm.count} frames exported in ${warm.seconds.toFixed(1)} s`);
    const rounds = ctx.rounds(3);
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const a = async () => ours.push((await exportRun(browser, service.url, 'No cloud', 'map')).seconds);
      const b = async () => baseline.push((await onPageRun(browser, service.url)).seconds);
      if (i % 2 === 0) await a().then(b);
      else await b().then(a);
    }
    const ratio = median(ours) / median(baseline);
    const heap = await exportRun(browser, service.url, 'Any cloud', '1080p');
    ctx.log(
      `  speed: export ${median(ours).toFixed(1)} s, on the page ${median(baseline).toFixed(1)} s for ` +
        `${warm.count} frames; memory: ${heap.count} frames at 1080p in ${heap.seconds.toFixed(0)} s, peak ` +
        `${heap.peakHeap.toFixed(1)} MB`,
    );
    const heapMet = heap.peakHeap > 0 && heap.peakHeap <= 200 && heap.count === SURVEYS;
    return {
      id: 'timelapse',
      title: '9. Timelapse export',
      figure:
        `${warm.count} frames as WebM (VP9, the map's size) in ${median(ours).toFixed(1)} s ` +
        `(${((median(ours) / warm.count) * 1000).toFixed(0)} ms a frame); ${heap.count}-frame 1080p export: peak JS ` +
        `heap ${heap.peakHeap.toFixed(0)} MB`,
      baseline: `the same ${warm.count} views drawn on the page: ${median(baseline).toFixed(1)} s`,
      ratio,
      ratioText: `${fmtRatio(ratio)} of drawing on the page`,
      goal: '≤ 1.5× the on-page drawing; ≤ 200 MB heap for 50 frames at 1080p',
      met: ratio <= 1.5 && heapMet,
      notes: [
        `${rounds} interleaved runs each, medians; fresh browser context per run (empty HTTP cache), the service's ` +
          'tile cache warmed by a first export',
        `export, all runs: ${ours.map((s) => `${s.toFixed(1)} s`).join(', ')}; on the page: ` +
          `${baseline.map((s) => `${s.toFixed(1)} s`).join(', ')}`,
        `memory run: ${heap.count} frames, 1920 × 1080, ${heap.seconds.toFixed(0)} s; the page's heap sampled every ` +
          '100 ms through performance.memory (--enable-precise-memory-info)',
        `catalog: ${SURVEYS} surveys over a box of ±0.04° around Denver (--catalog), one a month, every fourth ` +
          'cloud-free',
      ],
      data: { ours, baseline, warm, heap },
    };
  } finally {
    await browser.close();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
