/**
 * The change engine in the page (bench/pages/change.html: the viewer's engine, its worker and all) against a bare
 * fetch of the same tile pairs from a page of the same browser; and its heap over 10,000 pairs.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import type { TileAddress } from '../../core/geo/tile-address.ts';
import { encodeJpeg } from '../../server/imagery/encode.ts';
import { renderTile } from '../../server/imagery/render.ts';
import { mosaicStacId } from '../../server/profiles/profile.ts';
import type { ChangePair } from '../../src/features/change/index.ts';
import type { ChangeRunSummary } from '../pages/change.ts';
import { freshPage } from '../lib/bare-fetch.ts';
import { heapSampler, pageHeap } from '../lib/heap.ts';
import { startService } from '../lib/service.ts';
import { VIEWER_DIR } from '../lib/build.ts';
import { type CaptureRef, captureOf } from './locations.ts';

const MB = 1024 * 1024;

/** The pair the viewer would ask for: each side's capture-specific tile (the historical route). */
export function changePair(tile: TileAddress, before: CaptureRef, after: CaptureRef): ChangePair {
  const side = (ref: CaptureRef) => {
    const capture = captureOf(ref);
    return { surveyId: ref.surveyId, captureId: mosaicStacId(capture, tile), date: capture.captureStart };
  };
  return { ...tile, before: side(before), after: side(after) };
}

/** The URLs of the pairs' tiles as the engine asks for them: the capture route (no static_url), JPEG (`.jpeg`). */
export const pairUrls = (service: string, pairs: ChangePair[], suffix = '.jpeg') =>
  pairs.flatMap((pair) =>
    [pair.before, pair.after].map(
      (side) =>
        `${service}/tile/v2/${encodeURIComponent(side.surveyId)}/${encodeURIComponent(side.captureId!)}/` +
        `${pair.z}/${pair.x}/${pair.y}${suffix}`,
    ),
  );

export interface EngineRun extends ChangeRunSummary {
  /** Peak used JS heap of the page, of the engine's worker and of both at once, MB (memory runs only). */
  heap?: { page: number; worker: number; together: number };
}

/** The engine over the pairs in a fresh page: seconds from the call to the last result, each pair's counts. */
export async function engineRun(
  browser: Browser,
  service: string,
  pairs: ChangePair[],
  {
    memory = false,
    concurrency,
    workers,
    format,
  }: { memory?: boolean; concurrency?: number; workers?: number; format?: 'default' } = {},
): Promise<EngineRun> {
  const { page, close } = await freshPage(browser);
  try {
    const heaps = memory ? await heapSampler(page, 'change.worker') : undefined;
    await page.goto(`${service}/bench/change.html`);
    await page.waitForFunction(() => 'run' in ((window as unknown as { __change?: object }).__change ?? {}));
    const peak = { page: 0, worker: 0, together: 0 };
    let sampling = heaps !== undefined;
    const sampler = (async () => {
      while (sampling && heaps) {
        const [pageUsed, workerUsed] = await Promise.all([pageHeap(page), heaps.workers()]);
        peak.page = Math.max(peak.page, pageUsed / MB);
        peak.worker = Math.max(peak.worker, workerUsed / MB);
        peak.together = Math.max(peak.together, (pageUsed + workerUsed) / MB);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const summary = await page.evaluate(
      ({ pairs, concurrency, workers, format }) =>
        (
          window as unknown as {
            __change: { run(p: unknown, c?: number, w?: number, f?: 'default'): Promise<ChangeRunSummary> };
          }
        ).__change.run(pairs, concurrency, workers, format),
      { pairs, concurrency, workers, format },
    );
    sampling = false;
    await sampler;
    return { ...summary, ...(memory && { heap: peak }) };
  } finally {
    await close();
  }
}

/**
 * A service serving `count` pairs from a directory (`--tiles`): two demo surveys' tiles at `count` addresses, each a
 * link to one of a few tiles rendered here (the two sides never the same bytes), so the service is not what is
 * measured. Returns the pairs and the service.
 */
export async function servedPairs(count: number, before: CaptureRef, after: CaptureRef, sample: TileAddress[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-change-'));
  const sources = sample.map((tile, i) =>
    [before, after].map((ref, side) => {
      const file = path.join(dir, `source-${i}-${side}.jpg`);
      writeFileSync(file, encodeJpeg(renderTile(captureOf(ref), tile.z, tile.x, tile.y)!));
      return file;
    }),
  );
  const z = sample[0].z;
  const pairs: ChangePair[] = [];
  for (let i = 0; i < count; i++) {
    const tile = { z, x: sample[0].x + (i % 100), y: sample[0].y + Math.floor(i / 100) };
    for (const [side, ref] of [before, after].entries()) {
      const folder = path.join(dir, ref.surveyId, String(z), String(tile.x));
      mkdirSync(folder, { recursive: true });
      symlinkSync(sources[i % sources.length][side], path.join(folder, `${tile.y}.jpg`));
    }
    pairs.push(changePair(tile, before, after));
  }
  const service = await startService({ viewer: VIEWER_DIR, args: ['--tiles', dir] });
  return {
    service,
    pairs,
    stop: async () => {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
