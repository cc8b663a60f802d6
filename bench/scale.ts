/**
 * Scale curves (`npm run bench -- scale [--million] [--readme]`): how each cost grows with the work. The service at
 * 10⁴ and 10⁵ synthetic surveys (10⁶ with --million: ~2 GB of memory and a minute more) — time to ready, resident
 * memory, list-page p99 and small-area coverage p99 (sequential requests from one client), and a 5° area's first byte
 * and whole answer; the portfolio check through the viewer at 10³, 10⁴ and 10⁵ locations (time and queries); the
 * export's JS heap (page + worker) at ~10³, ~5·10³ and ~10⁴ tiles, its sampled peak and what it holds after a forced
 * GC; the timelapse's WebM export at the map's size of 10, 25 and 50 frames. --quick runs a third of the requests and
 * one portfolio check and one video export of each size instead of three (medians); it keeps every point. Each
 * curve's growth exponent (cost ∝ work^k, least squares in log-log) is printed beside the issue's goal; the table
 * goes to bench/.results/scale.{md,json} (and bench/README.md with --readme), the plot to bench/scale.svg.
 * --export-heap-only runs the export heap curve alone and only prints it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Extent } from '../core/geo/geometry.ts';
import { type ExportHeap, exportHeaps, heapArea } from './geotiff-export.ts';
import { buildAll } from './lib/build.ts';
import { type CurvePoint, curvesSvg, growthExponent, linearAt, markdownTable } from './lib/curves.ts';
import { writeReadmeSection } from './lib/readme-section.ts';
import type { BenchContext } from './lib/result.ts';
import { accessToken, ROOT, startService, surveyTotal } from './lib/service.ts';
import { median, prng, quantile } from './lib/stats.ts';
import { portfolioCheckTimes } from './portfolio.ts';
import { timelapseExportTimes } from './timelapse.ts';

interface Curve {
  name: string;
  unit: string;
  /** What the work counts. */
  of: string;
  points: CurvePoint[];
  /** The issue's goal, in words. */
  goal: string;
  /** Whether the points meet it; undefined: printed, not judged. */
  met?: (points: CurvePoint[], k: number) => boolean;
  /** A goal stated at 10⁶ surveys: judged on the measured value there, or on an estimate marked as such. */
  atMillion?: (cost: number) => boolean;
}

/** The service's resident memory, MB (Linux /proc). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** Latency of each request, sent one after another (ms): the service's answer time, not its throughput. */
async function latencies(urls: string[], token: string): Promise<number[]> {
  const out: number[] = [];
  for (const url of urls) {
    const start = performance.now();
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
    await answer.arrayBuffer();
    out.push(performance.now() - start);
  }
  return out;
}

const boxWkt = ([w, s, e, n]: Extent) => `POLYGON((${w} ${s}, ${e} ${s}, ${e} ${n}, ${w} ${n}, ${w} ${s}))`;

interface CatalogPoint {
  surveys: number;
  ready: number;
  rss: number;
  listP99: number;
  coverageP99: number;
  largeFirstByte: number;
  largeTotal: number;
  largeBytes: number;
  largeSurveys: number;
}

/** The service with n synthetic surveys: time to its first answer, then the queries, then its memory. */
async function catalogAt(ctx: BenchContext, n: number): Promise<CatalogPoint> {
  const started = performance.now();
  const service = await startService({ synthetic: n });
  const ready = (performance.now() - started) / 1000;
  try {
    const token = await accessToken(service.url);
    const random = prng(n);
    const total = await surveyTotal(service.url, token);
    const pages = Math.ceil(total / 25);
    const listUrls = Array.from(
      { length: ctx.rounds(600) },
      () => `${service.url}/tile/v2/surveys?page=${1 + Math.floor(random() * pages)}`,
    );
    // Small areas (0.2° square) over the synthetic catalog's extent (the continental US).
    const smallUrls = Array.from({ length: ctx.rounds(600) }, () => {
      const w = -124 + random() * 56.8;
      const s = 25 + random() * 23.8;
      return `${service.url}/tile/v2/surveys/coverage?wkt=${encodeURIComponent(boxWkt([w, s, w + 0.2, s + 0.2]))}`;
    });
    await latencies([...listUrls.slice(0, 30), ...smallUrls.slice(0, 30)], token); // warm: JIT, geometry workers
    const list = await latencies(listUrls, token);
    const small = await latencies(smallUrls, token);
    // A 5° area: the first byte (headers) and the whole answer.
    const large = `${service.url}/tile/v2/surveys/coverage?wkt=${encodeURIComponent(boxWkt([-100, 35, -95, 40]))}`;
    const firstBytes: number[] = [];
    const totals: number[] = [];
    let bytes = 0;
    let surveys = 0;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      const answer = await fetch(large, { headers: { authorization: `Bearer ${token}` } });
      firstBytes.push(performance.now() - start);
      const body = await answer.arrayBuffer();
      totals.push(performance.now() - start);
      bytes = body.byteLength;
      surveys = (JSON.parse(Buffer.from(body).toString('utf8')) as unknown[]).length;
    }
    const point = {
      surveys: total,
      ready,
      rss: rssMb(service.pid),
      listP99: quantile(list, 0.99),
      coverageP99: quantile(small, 0.99),
      largeFirstByte: median(firstBytes),
      largeTotal: median(totals),
      largeBytes: bytes,
      largeSurveys: surveys,
    };
    ctx.log(
      `  ${total.toLocaleString('en-US')} surveys (${n.toLocaleString('en-US')} synthetic, ${total - n} demo): ` +
        `ready ${ready.toFixed(1)} s, ` +
        `RSS ${point.rss.toFixed(0)} MB, ` +
        `list p99 ${point.listP99.toFixed(1)} ms, coverage (0.2°) p99 ${point.coverageP99.toFixed(1)} ms, 5° area ` +
        `first byte ${point.largeFirstByte.toFixed(0)} ms, whole ${point.largeTotal.toFixed(0)} ms ` +
        `(${surveys.toLocaleString('en-US')} surveys, ${(bytes / 1e6).toFixed(1)} MB)`,
    );
    return point;
  } finally {
    await service.stop();
  }
}

const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const exponentGoal = (limit: number) => (_: CurvePoint[], k: number) => k <= limit;
const MILLION = 1e6;

/** The met column: a judged goal, or one stated at 10⁶ surveys — measured there, or estimated (and said so). */
function verdict(curve: Curve, k: number): string {
  const word = (met: boolean) => (met ? 'yes' : '**no**');
  if (curve.atMillion) {
    const measured = curve.points.find((p) => p.work >= MILLION);
    if (measured) return word(curve.atMillion(measured.cost));
    // A line that falls (the smaller catalog's figure the higher, noise on a shared machine) says nothing of 10⁶: no
    // estimate under the largest figure measured.
    const estimate = Math.max(linearAt(curve.points, MILLION), ...curve.points.map((p) => p.cost));
    return `${word(curve.atMillion(estimate))} (est. ${fmt(estimate)} ${curve.unit} at 10⁶)`;
  }
  return curve.met ? word(curve.met(curve.points, k)) : '–';
}

/** `--export-heap-only`: the export heap curve alone, printed (a look while working on it; no files written). */
async function exportHeapOnly(ctx: BenchContext): Promise<void> {
  await buildAll(ctx.log);
  const heaps = await exportHeaps([heapArea(1_000), heapArea(5_000), heapArea(10_000)]);
  logHeaps(ctx, heaps);
  for (const [name, cost] of [
    ['peak', (h: ExportHeap) => h.heap],
    ['after GC', (h: ExportHeap) => h.retained],
  ] as const) {
    const points = heaps.map((h) => ({ work: h.tiles, cost: cost(h) }));
    const ratio = (points[points.length - 1].cost / points[0].cost).toFixed(2);
    const k = growthExponent(points).toFixed(2);
    ctx.log(`  export heap ${name}: ${ratio}× from the smallest to the largest, k = ${k}`);
  }
}

function logHeaps(ctx: BenchContext, heaps: ExportHeap[]) {
  for (const h of heaps)
    ctx.log(
      `  export: ${h.tiles.toLocaleString('en-US')} tiles in ${h.seconds.toFixed(0)} s, peak ${h.heap.toFixed(1)} MB ` +
        `(page ${h.page.toFixed(1)}, worker ${h.worker.toFixed(1)}), after GC ${h.retainedBefore.toFixed(1)} MB ` +
        `before, at most ${h.retained.toFixed(1)} MB during`,
    );
}

export async function scaleCurves(ctx: BenchContext, million: boolean): Promise<void> {
  if (process.argv.includes('--export-heap-only')) return exportHeapOnly(ctx);
  const started = Date.now();
  console.log(`Scale curves — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n`);
  const sizes = million ? [1e4, 1e5, 1e6] : [1e4, 1e5];
  const catalog: CatalogPoint[] = [];
  for (const n of sizes) catalog.push(await catalogAt(ctx, n));

  await buildAll(ctx.log);
  const checks = await portfolioCheckTimes(ctx, [1_000, 10_000, 100_000], ctx.rounds(3));
  const heaps = await exportHeaps([heapArea(1_000), heapArea(5_000), heapArea(10_000)]);
  logHeaps(ctx, heaps);
  const videos = await timelapseExportTimes(ctx, ctx.rounds(3));
  ctx.log(`  timelapse: ${videos.map((v) => `${v.frames} frames ${v.runs.map((r) => r.toFixed(1)).join('/')} s`)}`);

  const heapCurve = (name: string, cost: (h: ExportHeap) => number): Curve => ({
    name,
    unit: 'MB',
    of: 'tiles',
    points: heaps.map((h) => ({ work: h.tiles, cost: cost(h) })),
    goal: 'flat: 10⁴ ≤ 1.2× 10³ (k ≤ 0.08)',
    met: exponentGoal(Math.log10(1.2)),
  });
  const byCatalog = (cost: (p: CatalogPoint) => number) => catalog.map((p) => ({ work: p.surveys, cost: cost(p) }));
  const curves: Curve[] = [
    {
      name: 'service ready',
      unit: 's',
      of: 'surveys',
      points: byCatalog((p) => p.ready),
      goal: '≤ 6 s at 10⁶',
      atMillion: (cost) => cost <= 6,
    },
    {
      name: 'service RSS',
      unit: 'MB',
      of: 'surveys',
      points: byCatalog((p) => p.rss),
      goal: '≤ 1 GB at 10⁶',
      atMillion: (cost) => cost <= 1024,
    },
    { name: 'list page p99', unit: 'ms', of: 'surveys', points: byCatalog((p) => p.listP99), goal: '– (printed)' },
    {
      name: 'coverage p99, 0.2° areas',
      unit: 'ms',
      of: 'surveys',
      points: byCatalog((p) => p.coverageP99),
      goal: '10⁶ ≤ 3× 10⁴ (k ≤ 0.24)',
      met: exponentGoal(Math.log(3) / Math.log(100)),
    },
    {
      name: 'coverage 5° area, first byte',
      unit: 'ms',
      of: 'surveys',
      points: byCatalog((p) => p.largeFirstByte),
      goal: '≤ 50 ms at 10⁶ (streamed)',
      atMillion: (cost) => cost <= 50,
    },
    {
      name: 'portfolio check',
      unit: 's',
      of: 'locations',
      points: checks.map((c) => ({ work: c.locations, cost: c.seconds })),
      goal: 'linear: k ≤ 1.1',
      met: exponentGoal(1.1),
    },
    {
      name: 'portfolio queries',
      unit: 'queries',
      of: 'locations',
      points: checks.map((c) => ({ work: c.locations, cost: c.queries })),
      goal: '– (printed)',
    },
    heapCurve('export peak heap', (h) => h.heap),
    heapCurve('export heap after GC', (h) => h.retained),
    {
      name: 'timelapse export (WebM, map size)',
      unit: 's',
      of: 'frames',
      points: videos.map((v) => ({ work: v.frames, cost: v.seconds })),
      goal: '– (printed; ~linear expected)',
    },
  ];

  const rows = curves.map((c) => {
    const k = growthExponent(c.points);
    return [
      c.name,
      c.points.map((p) => `${p.work.toLocaleString('en-US')} ${c.of}: ${fmt(p.cost)} ${c.unit}`).join('; '),
      Number.isNaN(k) ? '–' : k.toFixed(2),
      c.goal,
      verdict(c, k),
    ];
  });
  const minutes = (Date.now() - started) / 60_000;
  const table = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${minutes.toFixed(1)} min` +
      (million
        ? ''
        : '; 10⁶ surveys not run (--million): a goal stated at 10⁶ is judged on an estimate, the straight line ' +
          'through the two largest points (cost = fixed + per survey × surveys)') +
      (ctx.rounds(3) < 3
        ? '; --quick (a third of the requests, one portfolio check and one video export a size)'
        : '') +
      '.',
    '',
    markdownTable(['curve', 'measured', 'exponent k', 'goal', 'met'], rows),
    '',
    `5° area (-100…-95, 35…40): ${catalog
      .map(
        (p) =>
          `${p.surveys.toLocaleString('en-US')} surveys → ${p.largeSurveys.toLocaleString('en-US')} in the answer, ` +
          `${(p.largeBytes / 1e6).toFixed(1)} MB, first byte ${p.largeFirstByte.toFixed(0)} ms of ` +
          `${p.largeTotal.toFixed(0)} ms for the whole answer`,
      )
      .join('; ')}.`,
    `Export heap after a forced GC (page + worker, once a second): ${heaps
      .map((h) => `${h.tiles.toLocaleString('en-US')} tiles ${h.retainedBefore.toFixed(1)} MB before the export`)
      .join(', ')}. All runs (s): portfolio ${checks
      .map((c) => `${c.locations.toLocaleString('en-US')}: ${c.runs.map((r) => r.toFixed(1)).join(', ')}`)
      .join(
        '; ',
      )}; timelapse ${videos.map((v) => `${v.frames}: ${v.runs.map((r) => r.toFixed(1)).join(', ')}`).join('; ')}.`,
  ].join('\n');
  console.log(`\n${table}`);

  const svg = curvesSvg(
    curves.map((c) => ({ name: `${c.name} (${c.of})`, points: c.points })),
    { width: 720, title: 'Scale curves: cost against work, each relative to its smallest measurement (log-log)' },
  );
  writeFileSync(path.join(ROOT, 'bench/scale.svg'), svg);
  const results = path.join(ROOT, 'bench/.results');
  mkdirSync(results, { recursive: true });
  writeFileSync(path.join(results, 'scale.md'), `${table}\n`);
  writeFileSync(path.join(results, 'scale.json'), JSON.stringify({ catalog, checks, heaps, videos, curves }, null, 1));
  if (process.argv.includes('--readme')) {
    writeReadmeSection('scale', table);
    console.log('\nbench/README.md updated.');
  }
  console.log('\nPlot: bench/scale.svg; table: bench/.results/scale.{md,json}.');
}
