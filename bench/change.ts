/**
 * 10. Change scores (`npm run bench -- change`, result id `change`). (a) Quality: the engine's verdicts on the held-out
 * set's 1,000 locations (bench/change/sets.ts: its own seed, metros the calibration never saw) against the renderer's
 * truth (server/imagery/render/built-state.ts) — the confusion matrix, location and cell figures. (b) Throughput: the
 * engine in a page (its worker fetching, decoding and scoring) over tile pairs of those locations, against a bare fetch
 * of the same tiles from a page (six at a time), in the same rounds, the service's cache warmed first; the page's
 * verdicts are checked equal to those computed here. (c) Memory: the page's and the worker's peak JS heap over 10,000
 * pairs served from a directory. `--calibrate` chooses the thresholds on the calibration set instead.
 */
import type { Browser } from '@playwright/test';
import { changePair, type EngineRun, engineRun, pairUrls, servedPairs } from './change/page-runs.ts';
import { dataset } from './change/dataset.ts';
import { locationTiles } from './change/locations.ts';
import { judge, measure } from './change/quality.ts';
import { agreement } from './change/agreement.ts';
import { errorProfile } from './change/profile.ts';
import { cellLine, figureLine, matrixLines, matrixText, qualityMet } from './change/report.ts';
import { HELD_OUT_SET } from './change/sets.ts';
import { CHANGE_THRESHOLDS } from '../src/features/change/change-thresholds.ts';
import { scoreCells } from '../src/features/change/score-pair.ts';
import { bareFetch } from './lib/bare-fetch.ts';
import { launchPrecise } from './lib/browser.ts';
import { VIEWER_DIR } from './lib/build.ts';
import { fmtRatio, type BenchContext, type BenchResult } from './lib/result.ts';
import { accessToken, startService } from './lib/service.ts';
import { interleaved, median } from './lib/stats.ts';

/** Locations whose four tile pairs the throughput rounds run (1,200 tiles: the service's tile cache holds them). */
const THROUGHPUT_LOCATIONS = 150;
const HEAP_PAIRS = 10_000;

export async function changeBench(ctx: BenchContext): Promise<BenchResult> {
  const data = await dataset(HELD_OUT_SET, ctx.log);
  const measured = measure(data, CHANGE_THRESHOLDS);
  const figures = judge(measured, CHANGE_THRESHOLDS);
  const profile = errorProfile(measured, CHANGE_THRESHOLDS);
  ctx.log(`  held-out set: ${figureLine(figures)}\n  ${cellLine(figures)}`);
  for (const line of [...matrixLines(figures), ...profile]) ctx.log(`  ${line}`);

  const sample = data.locations.slice(0, THROUGHPUT_LOCATIONS);
  const pairs = sample.flatMap((location) =>
    locationTiles(location).map((tile) => changePair(tile, location.before, location.after)),
  );
  // What the engine here says of the same pairs (agreement.ts).
  const expected = measured
    .slice(0, THROUGHPUT_LOCATIONS)
    .flatMap(({ tiles }) => tiles.map(({ features, obscured }) => scoreCells(features, obscured, CHANGE_THRESHOLDS)));
  const browser: Browser = await launchPrecise();
  const service = await startService({ viewer: VIEWER_DIR });
  try {
    const token = await accessToken(service.url);
    const urls = pairUrls(service.url, pairs);
    const warm = await bareFetch(browser, service.url, token, urls);
    ctx.log(`  the service rendered the ${urls.length} tiles in ${warm.toFixed(0)} s (warm-up, not timed)`);
    const rounds = ctx.rounds(4);
    const runs = { ours: [] as EngineRun[], baseline: [] as { seconds: number }[] };
    await interleaved(
      rounds,
      async () => void runs.ours.push(await engineRun(browser, service.url, pairs)),
      async () => void runs.baseline.push({ seconds: await bareFetch(browser, service.url, token, urls) }),
    );
    const agreed = agreement(runs.ours[runs.ours.length - 1], expected);
    const agreedText =
      `the page's verdicts agreed with this process's on ${agreed.sameVerdict} of ${agreed.locations} locations ` +
      `(cell counts on ${agreed.pairs} of ${pairs.length} pairs)`;
    const oursRate = pairs.length / median(runs.ours.map((r) => r.seconds));
    const bareRate = pairs.length / median(runs.baseline.map((r) => r.seconds));
    const ratio = oursRate / bareRate;
    ctx.log(
      `  throughput: ${oursRate.toFixed(0)} pairs/s against the bare fetch's ${bareRate.toFixed(0)} ` +
        `(${fmtRatio(ratio)}); ${agreedText}`,
    );

    // Two surveys' own tiles of a location, linked from 10,000 addresses.
    const heapLocation = data.locations.find((l) => l.before.surveyId !== l.after.surveyId)!;
    const served = await servedPairs(HEAP_PAIRS, heapLocation.before, heapLocation.after, locationTiles(heapLocation));
    let heapRun: EngineRun;
    try {
      heapRun = await engineRun(browser, served.service.url, served.pairs, { memory: true });
    } finally {
      await served.stop();
    }
    const heap = heapRun.heap!;
    const scored = heapRun.status.filter((s) => s !== 0).length;
    ctx.log(
      `  memory: ${scored.toLocaleString('en-US')} of ${HEAP_PAIRS.toLocaleString('en-US')} pairs in ` +
        `${heapRun.seconds.toFixed(0)} s, peak heap page ${heap.page.toFixed(1)} MB + worker ` +
        `${heap.worker.toFixed(1)} MB ` +
        `(together ${heap.together.toFixed(1)} MB)`,
    );
    const agrees = agreed.sameVerdict >= 0.95 * agreed.locations;
    const met = qualityMet(figures) && ratio >= 0.75 && heap.together <= 150 && agrees;
    return {
      id: 'change',
      title: '10. Change scores',
      figure:
        `${figureLine(figures)}; ${oursRate.toFixed(0)} tile pairs/s; peak heap ${heap.together.toFixed(0)} MB at ` +
        `${HEAP_PAIRS.toLocaleString('en-US')} pairs`,
      baseline: `bare fetch of the same ${pairs.length} pairs from a page: ${bareRate.toFixed(0)} pairs/s`,
      ratio,
      ratioText: `${fmtRatio(ratio)} of the bare fetch`,
      goal: 'precision, recall ≥ 0.9; false alarms ≤ 5 %; ≥ 90 % cloudy obscured; ≥ 0.75× bare fetch; ≤ 150 MB',
      met,
      notes: [
        `held-out set: ${data.locations.length} locations (2 × 2 tiles at z17) over ` +
          `${HELD_OUT_SET.metros.join(', ')}, seed ${HELD_OUT_SET.seed}; ${data.drawn} candidates drawn, ` +
          `${data.marginal} with under 0.1 % changed left out`,
        matrixText(figures),
        cellLine(figures),
        ...profile,
        `throughput: ${pairs.length} pairs (${THROUGHPUT_LOCATIONS} locations), ${rounds} interleaved rounds, fresh ` +
          `context each; ours ${runs.ours.map((r) => r.seconds.toFixed(1)).join(', ')} s, bare ` +
          `${runs.baseline.map((r) => r.seconds.toFixed(1)).join(', ')} s (JPEG tiles, as the engine asks); ` +
          agreedText,
        `memory: ${HEAP_PAIRS.toLocaleString('en-US')} pairs from a tile directory in ` +
          `${heapRun.seconds.toFixed(0)} s; peak page ${heap.page.toFixed(1)} MB, worker ` +
          `${heap.worker.toFixed(1)} MB (performance.memory and DevTools, every 100 ms)`,
      ],
      data: { figures, oursRate, bareRate, runs, heap, agreed },
    };
  } finally {
    await service.stop();
    await browser.close();
  }
}
