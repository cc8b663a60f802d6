/**
 * 7. GeoTIFF export: (a) throughput — exports of west Denver at z17 through the viewer's dialog with its default
 * compression (the service's JPEG tiles kept; click Download → file saved), in tiles per second, in two cases: one
 * survey (the selected result) and the best available (newest at each tile). Against, in the same rounds: GDAL's
 * `gdal_translate -of COG -co COMPRESS=JPEG` of the same area and zoom from the service's WMTS (a tile key; the
 * survey's layer, or the newest-imagery layer `basemap`), with GDAL's default connections and with 6; and a bare
 * fetch of the very same tile URLs (`.jpeg`) from a page (same browser, concurrency 6). Fresh browser context each
 * run, rotated order; goals ≥ 2× GDAL (the faster of its two settings) and ≥ 0.75× the bare fetch. (b) memory — the
 * peak JS heap of the page and of the export worker during a ~5,000-tile export at z19; goal ≤ 150 MB.
 *
 * The service serves tiles from a directory (`--tiles`): every tile the exports ask for is a link to one of a few
 * real tiles the demo service rendered, so the service answers from a file read and the figure measures the
 * viewer's pipeline (fetch, decode, mask, overviews, assembly), not the demo's procedural renderer (about 12
 * tiles/s cold on this machine, which would hide everything else).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import type { Extent } from '../core/geo/geometry.ts';
import { tileRangeOf, type TileRange } from '../core/geo/tile-address.ts';
import { LATEST_IMAGERY } from '../core/wire/latest-imagery.ts';
import { wmtsCapabilitiesUrl } from '../core/wire/layer-urls.ts';
import { normaliseCoverage, normaliseTileMetadata } from '../core/wire/normalise.ts';
import { chooseTiles, newestTiles } from '../src/features/geotiff-export/export-plan.ts';
import type { PlannedTile } from '../src/features/geotiff-export/tile-records.ts';
import { bareFetch, freshPage } from './lib/bare-fetch.ts';
import { launchPrecise } from './lib/browser.ts';
import { VIEWER_DIR } from './lib/build.ts';
import { gdalCog, type GdalCogRun } from './lib/gdal.ts';
import { heapSampler, pageHeap } from './lib/heap.ts';
import { fmtRatio, type BenchContext, type BenchResult } from './lib/result.ts';
import { accessToken, startService, tileKey, type Running } from './lib/service.ts';
import { max, median, rotated } from './lib/stats.ts';

interface Area {
  extent: Extent;
  wkt: string;
  zoom: number;
}

const boxArea = ([w, s, e, n]: Extent, zoom: number): Area => ({
  extent: [w, s, e, n],
  wkt: `POLYGON((${w} ${s}, ${e} ${s}, ${e} ${n}, ${w} ${n}, ${w} ${s}))`,
  zoom,
});
const THROUGHPUT = boxArea([-105.12, 39.7, -105.05, 39.75], 17);
const HEAP = boxArea([-105.11, 39.706, -105.058, 39.744], 19);
const CONCURRENCY = 6;
const MB = 1024 * 1024;

interface Planned {
  tiles: PlannedTile[];
  urls: string[];
  surveys: string[];
}

async function getJson(url: string, token: string): Promise<unknown> {
  const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/**
 * The tiles a best-available export of the area asks for (or, given `only`, an export of that one survey), worked out
 * from the service's answers as the viewer does.
 */
async function plannedTiles(service: string, token: string, { wkt, zoom }: Area, only?: string): Promise<Planned> {
  const q = encodeURIComponent(wkt);
  const results = normaliseCoverage(await getJson(`${service}/tile/v2/surveys/coverage?wkt=${q}`, token)).sort(
    (a, b) => Date.parse(b.captureEnd) - Date.parse(a.captureEnd) || a.id.localeCompare(b.id),
  );
  const sources = [];
  for (const survey of results) {
    if (only !== undefined && survey.id !== only) continue;
    const raw = await getJson(`${service}/tile/v2/${survey.id}/coverage?wkt=${q}&zoom=${zoom}`, token);
    sources.push({ surveyId: survey.id, tiles: newestTiles(survey.id, normaliseTileMetadata(raw)) });
  }
  const tiles = chooseTiles(sources);
  return { tiles, urls: tiles.map((t) => t.url), surveys: [...new Set(tiles.map((t) => t.surveyId))] };
}

/** The formats a tile is linked in: PNG (the service's default) and JPEG (what the default export asks for). */
const FORMATS = [
  { suffix: '', ext: 'png' },
  { suffix: '.jpeg', ext: 'jpg' },
];

/**
 * A tile directory for `--tiles`: each planned tile a link to one of a few tiles the demo service rendered, in both
 * formats.
 */
async function tileDirectory(token: string, plans: Planned[]): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-geotiff-'));
  const sources: string[] = [];
  const sample = plans[0].urls.slice(0, 16);
  for (const [i, url] of sample.entries()) {
    for (const { suffix, ext } of FORMATS) {
      const answer = await fetch(`${url}${suffix}`, { headers: { authorization: `Bearer ${token}` } });
      if (!answer.ok) throw new Error(`${url}${suffix}: ${answer.status}`);
      writeFileSync(path.join(dir, `source-${i}.${ext}`), Buffer.from(await answer.arrayBuffer()));
    }
    sources.push(path.join(dir, `source-${i}`));
  }
  let n = 0;
  for (const { tiles } of plans) {
    for (const { surveyId, z, x, y } of tiles) {
      const folder = path.join(dir, surveyId, String(z), String(x));
      mkdirSync(folder, { recursive: true });
      const source = sources[n++ % sources.length];
      for (const { ext } of FORMATS) {
        try {
          symlinkSync(`${source}.${ext}`, path.join(folder, `${y}.${ext}`));
        } catch {
          // Already linked by the other plan.
        }
      }
    }
  }
  return dir;
}

/**
 * CPU seconds used so far by the Chromium processes this benchmark started (descendants of this process named
 * chrom…; Linux /proc): the browser's work, whatever the machine's load.
 */
function browserCpuSeconds(root = process.pid): number {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      // utime + stime, and cutime + cstime: a renderer that exits (its context closed) leaves its time with the
      // process that reaped it, so the sum over the tree never goes down.
      if (stat.slice(stat.indexOf('(') + 1).startsWith('chrom'))
        cpu.set(
          Number(entry),
          (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100,
        );
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && inTree(parents.get(pid) ?? 0));
  let total = 0;
  for (const [pid, seconds] of cpu) if (inTree(pid)) total += seconds;
  return total;
}

interface ExportRun {
  seconds: number;
  tiles: number;
  bytes: number;
  /** Peak used JS heap, MB, sampled every 100 ms. */
  pageHeap: number;
  workerHeap: number;
  together: number;
  /**
   * With `retained`: the page's and the worker's heap after a forced full GC, MB — before the click (the plan ready),
   * and the most of it (together) over the export, asked once a second.
   */
  retained?: { before: number; peak: number; peakPage: number; peakWorker: number };
}

/**
 * The viewer: sign in, paste the area, (select the survey,) Download GeoTIFF → best available or the selected result
 * at the zoom, the compression → Download → file saved.
 */
async function viewerExport(
  browser: Browser,
  service: string,
  { wkt, zoom }: Area,
  options: { compression?: RegExp; survey?: string; memory?: boolean; retained?: boolean } = {},
): Promise<ExportRun> {
  const { compression = /^JPEG/, survey } = options;
  // The heap is read only in the runs that report it: the timed runs would pay for the sampling, and the bare fetch
  // does not.
  const memory = options.memory || options.retained;
  const { page, close } = await freshPage(browser);
  try {
    const heaps = memory ? await heapSampler(page, 'export.worker') : undefined;
    await page.goto(`${service}/?e2e`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('tab', { name: 'Area search' }).click();
    await page.getByRole('button', { name: 'Paste WKT' }).click();
    const paste = page.getByRole('dialog', { name: 'Paste WKT' });
    await paste.getByLabel('WKT').fill(wkt);
    await paste.getByRole('button', { name: 'Use area' }).click();
    const results = page.getByRole('listbox', { name: 'Coverage results' });
    await results.getByRole('option').first().waitFor();
    if (survey) await results.getByRole('option', { name: new RegExp(survey) }).click();
    await page.getByRole('button', { name: 'Download GeoTIFF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download GeoTIFF' });
    await dialog.getByLabel(survey ? `Selected result: ${survey}` : /^Best available/).check();
    await dialog.getByLabel('Zoom').selectOption(String(zoom));
    await dialog.getByLabel(compression).check();
    const plan = dialog.getByTestId('geotiff-plan');
    await plan.waitFor({ timeout: 120_000 });
    const tiles = Number((await plan.textContent())!.match(/Tiles([\d,]+) at/)![1].replace(/,/g, ''));

    const peaks = { page: 0, worker: 0, together: 0 };
    const before = options.retained ? await heaps?.retained() : undefined;
    const kept = { page: 0, worker: 0, together: 0 };
    let sampling = true;
    const every = async (ms: number, sample: () => Promise<void>) => {
      while (sampling) {
        await sample();
        await new Promise((resolve) => setTimeout(resolve, ms));
      }
    };
    const samplers = Promise.all([
      heaps &&
        every(100, async () => {
          const [pageUsed, workerUsed] = await Promise.all([pageHeap(page), heaps.workers()]);
          peaks.page = Math.max(peaks.page, pageUsed);
          peaks.worker = Math.max(peaks.worker, workerUsed);
          peaks.together = Math.max(peaks.together, pageUsed + workerUsed);
        }),
      heaps &&
        options.retained &&
        every(1000, async () => {
          const { page: pageUsed, workers } = await heaps.retained();
          kept.page = Math.max(kept.page, pageUsed);
          kept.worker = Math.max(kept.worker, workers);
          kept.together = Math.max(kept.together, pageUsed + workers);
        }),
    ]);
    const saved = page.waitForEvent('download', { timeout: 30 * 60_000 });
    // Timed from the click's arrival on the page: Playwright's checks before it (the button stable over two frames,
    // hit-tested) took 0.15–0.3 s under software GL, which the bare fetch, timed inside the page, does not pay.
    const clicked = page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          document.addEventListener('click', () => resolve(Date.now()), { capture: true, once: true }),
        ),
    );
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const download = await saved;
    const seconds = (Date.now() - (await clicked)) / 1000;
    sampling = false;
    await samplers;
    const text =
      (await dialog
        .getByRole('status')
        .filter({ hasText: /^Saved/ })
        .textContent()) ?? '';
    const size = /\(([\d.]+) MB/.exec(text);
    await download.cancel().catch(() => undefined);
    return {
      seconds,
      tiles,
      bytes: size ? Number(size[1]) * MB : 0,
      pageHeap: peaks.page / MB,
      workerHeap: peaks.worker / MB,
      together: peaks.together / MB,
      retained: before && {
        before: (before.page + before.workers) / MB,
        peak: kept.together / MB,
        peakPage: kept.page / MB,
        peakWorker: kept.worker / MB,
      },
    };
  } finally {
    await close();
  }
}

interface Served {
  service: Running;
  token: string;
  plans: Planned[];
  stop(): Promise<void>;
}

/**
 * The areas' best-available plans, worked out on the demo service, and a service that serves exactly those tiles from
 * a directory of links to real demo tiles (so that the service is not what is measured).
 */
async function serveTilesOf(areas: Area[]): Promise<Served> {
  const demo = await startService({ viewer: VIEWER_DIR });
  let dir: string | undefined;
  try {
    const demoToken = await accessToken(demo.url);
    const plans: Planned[] = [];
    for (const area of areas) plans.push(await plannedTiles(demo.url, demoToken, area));
    dir = await tileDirectory(demoToken, plans);
    await demo.stop();
    const service = await startService({ viewer: VIEWER_DIR, args: ['--tiles', dir] });
    const folder = dir;
    return {
      service,
      token: await accessToken(service.url),
      // The same tiles on the new service (the demo's answers named the demo's origin), in JPEG as the export asks.
      plans: plans.map((plan) => ({
        ...plan,
        urls: plan.urls.map((url) => `${service.url}${new URL(url).pathname}.jpeg`),
      })),
      stop: async () => {
        await service.stop();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (dir) rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await demo.stop();
  }
}

/** The memory run's tiles (HEAP's best available at z19, as planned on the demo service). */
const HEAP_TILES = 5_155;

/** About `tiles` tiles at z19: the memory area scaled about its centre. */
export function heapArea(tiles: number): Area {
  const [w, s, e, n] = HEAP.extent;
  const half = Math.sqrt(tiles / HEAP_TILES) / 2;
  const [cx, cy] = [(w + e) / 2, (s + n) / 2];
  return boxArea([cx - (e - w) * half, cy - (n - s) * half, cx + (e - w) * half, cy + (n - s) * half], HEAP.zoom);
}

export interface ExportHeap {
  tiles: number;
  seconds: number;
  /** Peak used JS heap, page + export worker, sampled every 100 ms (MB). */
  heap: number;
  page: number;
  worker: number;
  /** Page + worker after a forced GC: before the export, and the most over it (MB). */
  retainedBefore: number;
  retained: number;
}

/**
 * One best-available export of each area (the scale curves): its peak JS heap (page + export worker), and what the
 * two hold after a forced GC, asked once a second — the garbage-free figure that a growth with tiles shows in.
 */
export async function exportHeaps(areas: Area[]): Promise<ExportHeap[]> {
  const served = await serveTilesOf(areas);
  const browser = await launchPrecise();
  try {
    const runs: ExportHeap[] = [];
    for (const area of areas) {
      const run = await viewerExport(browser, served.service.url, area, { retained: true });
      runs.push({
        tiles: run.tiles,
        seconds: run.seconds,
        heap: run.together,
        page: run.pageHeap,
        worker: run.workerHeap,
        retainedBefore: run.retained?.before ?? Number.NaN,
        retained: run.retained?.peak ?? Number.NaN,
      });
    }
    return runs;
  } finally {
    await browser.close();
    await served.stop();
  }
}

interface Case {
  name: string;
  tiles: number;
  urls: string[];
  /** The survey exported alone; none for the best available. */
  survey?: string;
  layer: string;
  key: string;
  range: TileRange;
}

interface CaseRuns {
  ours: ExportRun[];
  gdal: GdalCogRun[];
  gdal6: GdalCogRun[];
  bare: number[];
  cpuOurs: number[];
  cpuBare: number[];
  answers?: Record<string, number>;
}

export async function geotiffExportBench(ctx: BenchContext): Promise<BenchResult> {
  const served = await serveTilesOf([THROUGHPUT, HEAP]);
  const browser = await launchPrecise();
  const out = mkdtempSync(path.join(tmpdir(), 'bench-gdal-'));
  try {
    const { service, token } = served;
    const [best, heapPlan] = served.plans;
    // One survey: the newest (the one the best available takes most tiles from).
    const survey = best.tiles[0].surveyId;
    const singleUrls = best.tiles.flatMap((t, i) => (t.surveyId === survey ? [best.urls[i]] : []));
    const range = tileRangeOf(THROUGHPUT.extent, THROUGHPUT.zoom);
    const cases: Case[] = [
      {
        name: `one survey (${survey})`,
        tiles: singleUrls.length,
        urls: singleUrls,
        survey,
        layer: survey,
        key: await tileKey(service.url, token, [survey]),
        range,
      },
      {
        name: 'best available (newest)',
        tiles: best.urls.length,
        urls: best.urls,
        layer: LATEST_IMAGERY,
        key: await tileKey(service.url, token, 'all'),
        range,
      },
    ];
    ctx.log(
      `  throughput: ${cases.map((c) => `${c.name} ${c.tiles} tiles`).join(', ')} at z${THROUGHPUT.zoom} ` +
        `(GDAL's window: ${(range.maxX - range.minX + 1) * (range.maxY - range.minY + 1)} tiles); memory: ` +
        `${heapPlan.urls.length} tiles at z${HEAP.zoom}`,
    );

    let files = 0;
    const gdal = async (c: Case, connections?: number, countRequests = false) => {
      const file = path.join(out, `gdal-${files++}.tif`);
      const capabilitiesUrl = wmtsCapabilitiesUrl(service.url, c.key);
      const run = await gdalCog({
        capabilitiesUrl,
        layer: c.layer,
        range: c.range,
        connections,
        out: file,
        countRequests,
      });
      rmSync(file, { force: true });
      return run;
    };
    const timed = async <T>(into: number[], work: () => Promise<T>): Promise<T> => {
      const before = browserCpuSeconds();
      const result = await work();
      into.push(browserCpuSeconds() - before);
      return result;
    };

    const rounds = ctx.rounds(4);
    const results: CaseRuns[] = [];
    for (const c of cases) {
      // Warm the service's file cache; GDAL's answers counted once, untimed.
      await bareFetch(browser, service.url, token, c.urls, CONCURRENCY);
      const runs: CaseRuns = { ours: [], gdal: [], gdal6: [], bare: [], cpuOurs: [], cpuBare: [] };
      runs.answers = (await gdal(c, undefined, true)).answers;
      await rotated(rounds, [
        async () => {
          runs.ours.push(await timed(runs.cpuOurs, () => viewerExport(browser, service.url, THROUGHPUT, c)));
        },
        async () => void runs.gdal.push(await gdal(c)),
        async () => void runs.gdal6.push(await gdal(c, CONCURRENCY)),
        async () => {
          runs.bare.push(await timed(runs.cpuBare, () => bareFetch(browser, service.url, token, c.urls, CONCURRENCY)));
        },
      ]);
      results.push(runs);
      const r = rates(c, runs);
      ctx.log(
        `  ${c.name}: ours ${r.ours.toFixed(1)} tiles/s, GDAL ${r.gdal.toFixed(1)} (6 connections ` +
          `${r.gdal6.toFixed(1)}), bare ${r.bare.toFixed(1)} → ${fmtRatio(r.ours / r.gdalBest)} GDAL, ` +
          `${fmtRatio(r.ours / r.bare)} bare`,
      );
    }

    const lossless = await viewerExport(browser, service.url, THROUGHPUT, { compression: /^Lossless/ });
    const heap = await viewerExport(browser, service.url, HEAP, { memory: true });
    ctx.log(
      `  memory: ${heap.tiles} tiles in ${heap.seconds.toFixed(0)} s; peak heap page ${heap.pageHeap.toFixed(1)} MB, ` +
        `worker ${heap.workerHeap.toFixed(1)} MB`,
    );
    const heapMet = heap.together > 0 && heap.together <= 150;
    const all = cases.map((c, i) => ({ c, runs: results[i], r: rates(c, results[i]) }));
    const vsGdal = Math.min(...all.map(({ r }) => r.ours / r.gdalBest));
    const vsBare = Math.min(...all.map(({ r }) => r.ours / r.bare));
    const seconds = (values: { seconds: number }[] | number[]) =>
      values.map((v) => `${(typeof v === 'number' ? v : v.seconds).toFixed(1)} s`).join(', ');
    const perCase = (pick: (r: ReturnType<typeof rates>) => number) =>
      all.map(({ c, r }) => `${pick(r).toFixed(1)} tiles/s ${c.survey ? 'one survey' : 'best available'}`).join(', ');
    return {
      id: 'geotiff',
      title: '7. GeoTIFF export',
      figure:
        `${perCase((r) => r.ours)} (${all.map(({ c }) => c.tiles).join(' and ')} tiles, z${THROUGHPUT.zoom}, JPEG); ` +
        `${heap.tiles.toLocaleString('en-US')}-tile export: peak JS heap ${heap.together.toFixed(0)} MB ` +
        `(page ${heap.pageHeap.toFixed(0)} + worker ${heap.workerHeap.toFixed(0)})`,
      baseline:
        `GDAL gdal_translate → JPEG COG from our WMTS: ${perCase((r) => r.gdalBest)} (the faster of its default and ` +
        `${CONCURRENCY} connections); bare fetch of the same JPEG tiles from a page: ${perCase((r) => r.bare)}`,
      ratio: vsGdal,
      ratioText: `${fmtRatio(vsGdal)} GDAL, ${fmtRatio(vsBare)} bare (the lower case of each)`,
      goal: '≥ 2× GDAL, ≥ 0.75× bare; ≤ 150 MB heap at 5,000 tiles',
      met: vsGdal >= 2 && vsBare >= 0.75 && heapMet,
      notes: [
        `${rounds} rounds of the four (ours, GDAL default, GDAL ${CONCURRENCY} connections, bare), each round ` +
          `starting one further along; medians; fresh browser context per run of ours and bare; concurrency ` +
          `${CONCURRENCY} for ours and bare`,
        ...all.map(
          ({ c, runs, r }) =>
            `${c.name}, ${c.tiles} tiles: ours ${r.ours.toFixed(1)} tiles/s (${seconds(runs.ours)}), GDAL default ` +
            `${r.gdal.toFixed(1)} (${seconds(runs.gdal)}), GDAL ${CONCURRENCY} connections ${r.gdal6.toFixed(1)} ` +
            `(${seconds(runs.gdal6)}), bare ${r.bare.toFixed(1)} (${seconds(runs.bare)}) → ours ` +
            `${fmtRatio(r.ours / r.gdalBest)} GDAL, ${fmtRatio(r.ours / r.bare)} bare; GDAL's tile answers (layer ` +
            `${c.layer}): ${Object.entries(runs.answers ?? {})
              .map(([status, n]) => `${n} × ${status}`)
              .join(', ')}; files: ours ${(median(runs.ours.map((o) => o.bytes)) / MB).toFixed(1)} MB, GDAL ` +
            `${(median(runs.gdal.map((g) => g.bytes)) / MB).toFixed(1)} MB`,
        ),
        `GDAL: ${'`'}gdal_translate -of COG -co COMPRESS=JPEG -projwin …${'`'} (the area's tile range at ` +
          `z${THROUGHPUT.zoom}, in EPSG:3857) of a GDAL_WMTS description (JPEG tiles, tile key in the capabilities ` +
          `URL, 404 as empty), GDAL_ENABLE_WMS_CACHE=NO; overviews as the COG driver makes them by default; timed ` +
          `from spawn to exit; tiles/s counts the tiles with imagery, as for ours (GDAL also asks for the empty ones)`,
        `file sizes: memory run ${(heap.bytes / MB).toFixed(0)} MB in ${heap.seconds.toFixed(0)} s ` +
          `(${(heap.tiles / heap.seconds).toFixed(1)} tiles/s)`,
        `peak heap sampled every 100 ms: the page's through performance.memory (--enable-precise-memory-info), the ` +
          `export worker's through DevTools (Runtime.getHeapUsage); peak of the two together ` +
          `${heap.together.toFixed(1)} MB, max worker ${max([heap.workerHeap]).toFixed(1)} MB`,
        'tiles served from a directory of links to 16 real demo tiles (--tiles), so the service is not the bottleneck',
        `the default export keeps the service's JPEG tiles; one lossless (DEFLATE) export of the best available, not ` +
          `judged: ${(lossless.tiles / lossless.seconds).toFixed(1)} tiles/s, ${(lossless.bytes / MB).toFixed(1)} MB`,
        `browser CPU per tile (all its processes, independent of the machine's load), best available: ours ` +
          `${((median(results[1].cpuOurs) / cases[1].tiles) * 1000).toFixed(1)} ms (page set-up and planning ` +
          `included), bare ${((median(results[1].cpuBare) / cases[1].tiles) * 1000).toFixed(1)} ms`,
      ],
      data: { cases: all.map(({ c, runs, r }) => ({ name: c.name, tiles: c.tiles, runs, rates: r })), heap },
    };
  } finally {
    await browser.close();
    await served.stop();
    rmSync(out, { recursive: true, force: true });
  }
}

/** Tiles per second of each side of a case: medians of the runs; GDAL's best is the faster of its two settings. */
function rates(c: Case, runs: CaseRuns) {
  const ours = median(runs.ours.map((r) => r.tiles / r.seconds));
  const gdal = median(runs.gdal.map((r) => c.tiles / r.seconds));
  const gdal6 = median(runs.gdal6.map((r) => c.tiles / r.seconds));
  return { ours, gdal, gdal6, gdalBest: Math.max(gdal, gdal6), bare: median(runs.bare.map((s) => c.tiles / s)) };
}
