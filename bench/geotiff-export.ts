/**
 * 7. GeoTIFF export: (a) throughput — a best-available export of west Denver at z17 through the viewer's dialog
 * with its default compression (the service's JPEG tiles kept; click Download → file saved), in tiles per second,
 * against a bare fetch of the very same tile URLs (`.jpeg`) from a page in the same run (same browser, concurrency
 * 6, fresh context each run, interleaved); goal ≥ 0.8×. (b) memory — the peak JS heap of the page and of the
 * export worker during a ~5,000-tile export at z19; goal ≤ 150 MB.
 *
 * The service serves tiles from a directory (`--tiles`): every tile the exports ask for is a link to one of a few
 * real tiles the demo service rendered, so the service answers from a file read and the figure measures the
 * viewer's pipeline (fetch, decode, mask, overviews, assembly), not the demo's procedural renderer (about 12
 * tiles/s cold on this machine, which would hide everything else).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { normaliseCoverage, normaliseTileMetadata } from '../core/wire/normalise.ts';
import { chooseTiles, type PlannedTile } from '../src/features/geotiff-export/export-plan.ts';
import { CHROMIUM } from './lib/browser.ts';
import { VIEWER_DIR } from './lib/build.ts';
import { fmtRatio, type BenchContext, type BenchResult } from './lib/result.ts';
import { accessToken, startService, type Running } from './lib/service.ts';
import { max, median } from './lib/stats.ts';

const THROUGHPUT = {
  wkt: 'POLYGON((-105.12 39.7, -105.05 39.7, -105.05 39.75, -105.12 39.75, -105.12 39.7))',
  zoom: 17,
};
const HEAP = {
  wkt: 'POLYGON((-105.11 39.706, -105.058 39.706, -105.058 39.744, -105.11 39.744, -105.11 39.706))',
  zoom: 19,
};
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

/** The tiles a best-available export of the area asks for, worked out from the service's answers as the viewer does. */
async function plannedTiles(service: string, token: string, { wkt, zoom }: typeof THROUGHPUT): Promise<Planned> {
  const q = encodeURIComponent(wkt);
  const results = normaliseCoverage(await getJson(`${service}/tile/v2/surveys/coverage?wkt=${q}`, token)).sort(
    (a, b) => Date.parse(b.captureEnd) - Date.parse(a.captureEnd) || a.id.localeCompare(b.id),
  );
  const sources = [];
  for (const survey of results) {
    const raw = await getJson(`${service}/tile/v2/${survey.id}/coverage?wkt=${q}&zoom=${zoom}`, token);
    sources.push({ surveyId: survey.id, tiles: normaliseTileMetadata(raw) });
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

async function freshPage(browser: Browser): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** The bare baseline: the same URLs fetched from a page, six at a time, bodies read. Seconds. */
async function bareFetch(browser: Browser, service: string, token: string, urls: string[]): Promise<number> {
  const { page, close } = await freshPage(browser);
  try {
    await page.goto(`${service}/config.json`);
    return await page.evaluate(
      async ({ urls, token, concurrency }) => {
        const start = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < urls.length) {
              const answer = await fetch(urls[next++], { headers: { Authorization: `Bearer ${token}` } });
              await answer.arrayBuffer();
            }
          }),
        );
        return (performance.now() - start) / 1000;
      },
      { urls, token, concurrency: CONCURRENCY },
    );
  } finally {
    await close();
  }
}

interface ExportRun {
  seconds: number;
  tiles: number;
  bytes: number;
  /** Peak used JS heap, MB, sampled every 100 ms. */
  pageHeap: number;
  workerHeap: number;
  together: number;
}

const pageHeap = (page: Page) =>
  page
    .evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0)
    .catch(() => 0);

/**
 * Used JS heap of the page's dedicated workers whose URL holds `urlPart`, through the DevTools protocol (a worker has
 * no performance.memory): the page's session auto-attaches to its workers (unflattened, so that this session can
 * message them beside Playwright's own) and asks each for Runtime.getHeapUsage.
 */
async function workerHeapSampler(page: Page, urlPart: string): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  const workers = new Set<string>();
  const waiting = new Map<number, (used: number) => void>();
  let nextId = 1;
  type Attached = { sessionId: string; targetInfo: { type: string; url: string } };
  cdp.on(
    'Target.attachedToTarget' as never,
    (({ sessionId, targetInfo }: Attached) => {
      if (targetInfo.type === 'worker' && targetInfo.url.includes(urlPart)) workers.add(sessionId);
    }) as never,
  );
  cdp.on(
    'Target.detachedFromTarget' as never,
    (({ sessionId }: { sessionId: string }) => workers.delete(sessionId)) as never,
  );
  cdp.on(
    'Target.receivedMessageFromTarget' as never,
    (({ message }: { message: string }) => {
      const answer = JSON.parse(message) as { id?: number; result?: { usedSize: number } };
      if (answer.id !== undefined) waiting.get(answer.id)?.(answer.result?.usedSize ?? 0);
    }) as never,
  );
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const heapOf = (sessionId: string) =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => resolve(0), 2_000);
      waiting.set(id, (used) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(used);
      });
      const message = JSON.stringify({ id, method: 'Runtime.getHeapUsage' });
      cdp.send('Target.sendMessageToTarget' as never, { sessionId, message } as never).catch(() => resolve(0));
    });
  return async () => (await Promise.all([...workers].map(heapOf))).reduce((a, b) => a + b, 0);
}

/**
 * The viewer: sign in, paste the area, Download GeoTIFF → best available at the zoom, the compression → Download →
 * file saved.
 */
async function viewerExport(
  browser: Browser,
  service: string,
  { wkt, zoom }: typeof THROUGHPUT,
  compression = /^JPEG/,
): Promise<ExportRun> {
  const { page, close } = await freshPage(browser);
  try {
    const workerHeap = await workerHeapSampler(page, 'export.worker');
    await page.goto(`${service}/?e2e`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('tab', { name: 'Area search' }).click();
    await page.getByRole('button', { name: 'Paste WKT' }).click();
    const paste = page.getByRole('dialog', { name: 'Paste WKT' });
    await paste.getByLabel('WKT').fill(wkt);
    await paste.getByRole('button', { name: 'Use area' }).click();
    await page.getByRole('listbox', { name: 'Coverage results' }).getByRole('option').first().waitFor();
    await page.getByRole('button', { name: 'Download GeoTIFF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download GeoTIFF' });
    await dialog.getByLabel(/^Best available/).check();
    await dialog.getByLabel('Zoom').selectOption(String(zoom));
    await dialog.getByLabel(compression).check();
    const plan = dialog.getByTestId('geotiff-plan');
    await plan.waitFor({ timeout: 120_000 });
    const tiles = Number((await plan.textContent())!.match(/Tiles([\d,]+) at/)![1].replace(/,/g, ''));

    const peaks = { page: 0, worker: 0, together: 0 };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [pageUsed, workerUsed] = await Promise.all([pageHeap(page), workerHeap()]);
        peaks.page = Math.max(peaks.page, pageUsed);
        peaks.worker = Math.max(peaks.worker, workerUsed);
        peaks.together = Math.max(peaks.together, pageUsed + workerUsed);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const saved = page.waitForEvent('download', { timeout: 30 * 60_000 });
    const start = Date.now();
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const download = await saved;
    const seconds = (Date.now() - start) / 1000;
    sampling = false;
    await sampler;
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
    };
  } finally {
    await close();
  }
}

export async function geotiffExportBench(ctx: BenchContext): Promise<BenchResult> {
  const demo = await startService({ viewer: VIEWER_DIR });
  let served: Running | undefined;
  let dir: string | undefined;
  // Precise heap figures (Chromium rounds performance.memory otherwise).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--enable-precise-memory-info'],
  });
  try {
    const demoToken = await accessToken(demo.url);
    const throughputPlan = await plannedTiles(demo.url, demoToken, THROUGHPUT);
    const heapPlan = await plannedTiles(demo.url, demoToken, HEAP);
    ctx.log(
      `  throughput: ${throughputPlan.urls.length} tiles at z${THROUGHPUT.zoom} ` +
        `from ${throughputPlan.surveys.length} ` +
        `surveys; memory: ${heapPlan.urls.length} tiles at z${HEAP.zoom}`,
    );
    dir = await tileDirectory(demoToken, [throughputPlan, heapPlan]);
    await demo.stop();
    served = await startService({ viewer: VIEWER_DIR, args: ['--tiles', dir] });
    const token = await accessToken(served.url);
    // Same URLs on the new service (the demo's answers named the demo's origin), in JPEG as the export asks.
    const urls = throughputPlan.urls.map((url) => `${served!.url}${new URL(url).pathname}.jpeg`);

    await bareFetch(browser, served.url, token, urls); // warm the service's file cache
    const rounds = ctx.rounds(4);
    // Interleaved, ABBA, so that neither side always goes first on a warming machine.
    const runs = { ours: [] as ExportRun[], baseline: [] as number[] };
    const cpu = { ours: [] as number[], baseline: [] as number[] };
    const timed = async <T>(into: number[], work: () => Promise<T>): Promise<T> => {
      const before = browserCpuSeconds();
      const result = await work();
      into.push(browserCpuSeconds() - before);
      return result;
    };
    for (let i = 0; i < rounds; i++) {
      const ours = async () =>
        runs.ours.push(await timed(cpu.ours, () => viewerExport(browser, served!.url, THROUGHPUT)));
      const bare = async () =>
        runs.baseline.push(await timed(cpu.baseline, () => bareFetch(browser, served!.url, token, urls)));
      if (i % 2 === 0) await ours().then(bare);
      else await bare().then(ours);
    }
    const oursRate = median(runs.ours.map((r) => r.tiles / r.seconds));
    const bareRate = median(runs.baseline.map((s) => urls.length / s));
    const ratio = oursRate / bareRate;
    ctx.log(`  throughput: ours ${oursRate.toFixed(1)} tiles/s, bare ${bareRate.toFixed(1)} tiles/s`);

    const lossless = await viewerExport(browser, served.url, THROUGHPUT, /^Lossless/);
    const heap = await viewerExport(browser, served.url, HEAP);
    ctx.log(
      `  memory: ${heap.tiles} tiles in ${heap.seconds.toFixed(0)} s; peak heap page ${heap.pageHeap.toFixed(1)} MB, ` +
        `worker ${heap.workerHeap.toFixed(1)} MB`,
    );
    const heapMet = heap.together > 0 && heap.together <= 150;
    return {
      id: 'geotiff',
      title: '7. GeoTIFF export',
      figure:
        `${oursRate.toFixed(1)} tiles/s (${runs.ours[0].tiles} tiles, z${THROUGHPUT.zoom}, best available, JPEG); ` +
        `${heap.tiles.toLocaleString('en-US')}-tile export: peak JS heap ${heap.together.toFixed(0)} MB ` +
        `(page ${heap.pageHeap.toFixed(0)} + worker ${heap.workerHeap.toFixed(0)})`,
      baseline: `bare fetch of the same JPEG tiles from a page: ${bareRate.toFixed(1)} tiles/s`,
      ratio,
      ratioText: `${fmtRatio(ratio)} of bare`,
      goal: '≥ 0.8× bare; ≤ 150 MB heap at 5,000 tiles',
      met: ratio >= 0.8 && heapMet,
      notes: [
        `${rounds} interleaved runs each, medians; fresh browser context per run; ` +
          `concurrency ${CONCURRENCY} both sides`,
        `ours, all runs: ${runs.ours.map((r) => `${r.seconds.toFixed(1)} s`).join(', ')}; bare: ` +
          `${runs.baseline.map((s) => `${s.toFixed(1)} s`).join(', ')}`,
        `file sizes: ${runs.ours.map((r) => `${(r.bytes / MB).toFixed(1)} MB`).join(', ')}; memory run ` +
          `${(heap.bytes / MB).toFixed(0)} MB in ${heap.seconds.toFixed(0)} s ` +
          `(${(heap.tiles / heap.seconds).toFixed(1)} tiles/s)`,
        `peak heap sampled every 100 ms: the page's through performance.memory (--enable-precise-memory-info), the ` +
          `export worker's through DevTools (Runtime.getHeapUsage); peak of the two together ` +
          `${heap.together.toFixed(1)} MB, max worker ${max([heap.workerHeap]).toFixed(1)} MB`,
        'tiles served from a directory of links to 16 real demo tiles (--tiles), so the service is not the bottleneck',
        `the default export keeps the service's JPEG tiles; one lossless (DEFLATE) export of the same tiles, not ` +
          `judged: ${(lossless.tiles / lossless.seconds).toFixed(1)} tiles/s, ${(lossless.bytes / MB).toFixed(1)} MB`,
        `browser CPU per tile (all its processes, independent of the machine's load): ours ` +
          `${((median(cpu.ours) / throughputPlan.urls.length) * 1000).toFixed(1)} ms (page set-up and planning ` +
          `included), bare ${((median(cpu.baseline) / urls.length) * 1000).toFixed(1)} ms`,
      ],
      data: { runs, cpu, heap, oursRate, bareRate },
    };
  } finally {
    await browser.close();
    await served?.stop();
    await demo.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
