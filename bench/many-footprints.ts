/**
 * 2. Many footprints: the service with --synthetic 10000; the time from the data's arrival to map idle
 * with every footprint drawn, then the longest frame of a scripted flyTo across them, against a bare
 * MapLibre page given the same answer. Goal ≤ 1.1× and no frame over 50 ms attributable to our code.
 *
 * The data is the service's own coverage answers for the whole synthetic extent (~100 areas within the
 * 696,000 km² limit), merged into one answer and delivered to both pages for their search of the area;
 * no single legal area holds 10,000 synthetic footprints. The viewer gets there the way a user does:
 * Area search → Paste WKT → Use area, already looking at the area (the camera the search leaves it at,
 * found by a first run) as the bare page is: so that both draw the footprints and nothing else, not the
 * basemap of a new view as well.
 */
import type { Browser, Page } from '@playwright/test';
import { Attributor, isOurs } from './lib/attribution.ts';
import { benchPage, launch, type Loaf } from './lib/browser.ts';
import { profileDuring, summarise } from './lib/cpu-profile.ts';
import { VIEWER_DIR } from './lib/build.ts';
import { fmtRatio, type BenchContext, type BenchResult, underLoadName } from './lib/result.ts';
import { accessToken, startService, type Running } from './lib/service.ts';
import { interleaved, max, median, ms, quantile } from './lib/stats.ts';

export const SYNTHETIC = 10_000;
/** The pasted area (Kansas): the coverage request it makes is answered with every footprint. */
const AREA_WKT = 'POLYGON((-100 37, -96 37, -96 40, -100 40, -100 37))';
const OVERVIEW = { center: [-96, 38.5] as [number, number], zoom: 3.6 };
const FLY = { center: [-104.99, 39.74] as [number, number], zoom: 10, duration: 4000 };

interface SurveyJson {
  id: string;
  capture_date_start: string;
  capture_date_end: string;
}

/** Every survey with its footprint, from the service's own coverage answers over 4° × 4° boxes. */
async function allFootprints(service: string): Promise<{ body: string; count: number }> {
  const token = await accessToken(service);
  const byId = new Map<string, SurveyJson>();
  for (let lon = -126; lon < -64; lon += 4) {
    for (let lat = 22; lat < 52; lat += 4) {
      const wkt =
        `POLYGON((${lon} ${lat}, ${lon + 4} ${lat}, ${lon + 4} ${lat + 4}, ` + `${lon} ${lat + 4}, ${lon} ${lat}))`;
      const answer = await fetch(`${service}/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wkt)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!answer.ok) throw new Error(`coverage ${wkt}: ${answer.status} ${await answer.text()}`);
      for (const survey of (await answer.json()) as SurveyJson[]) byId.set(survey.id, survey);
    }
  }
  const surveys = [...byId.values()].sort(
    (a, b) =>
      b.capture_date_end.localeCompare(a.capture_date_end) ||
      b.capture_date_start.localeCompare(a.capture_date_start) ||
      a.id.localeCompare(b.id),
  );
  return { body: JSON.stringify(surveys), count: surveys.length };
}

interface Run {
  dataToIdle: number;
  footprints: number;
  camera: { lng: number; lat: number; zoom: number };
  maxFrame: number;
  p95Frame: number;
  frames: number;
  flightLoaf: Loaf[];
  loadLoaf: Loaf[];
}

async function measure(page: Page, minFootprints: number): Promise<Run> {
  await page.waitForFunction(() => window.__bench?.ready != null, undefined, { timeout: 120_000 });
  const loaded = await page.evaluate(() => {
    const b = window.__bench!;
    return {
      data: b.data,
      ready: b.ready!,
      footprints: b.footprints!,
      camera: b.camera!,
      loaf: b.loaf.filter((l) => l.start + l.duration >= (b.data ?? 0) && l.start <= b.ready!),
    };
  });
  if (loaded.data === null) throw new Error('no coverage request was seen');
  if (loaded.footprints < minFootprints) throw new Error(`only ${loaded.footprints} footprints drawn`);
  await page.evaluate((camera) => window.__bench!.jump(camera), OVERVIEW);
  const flight = await page.evaluate((fly) => window.__bench!.fly(fly), FLY);
  await page.waitForTimeout(300); // let the last long-animation-frame entries arrive
  const flightLoaf = await page.evaluate(
    ({ start, end }) => window.__bench!.loaf.filter((l) => l.start >= start && l.start <= end),
    flight,
  );
  return {
    dataToIdle: loaded.ready - loaded.data,
    footprints: loaded.footprints,
    camera: loaded.camera,
    maxFrame: max(flight.frames),
    p95Frame: quantile(flight.frames, 0.95),
    frames: flight.frames.length,
    flightLoaf,
    loadLoaf: loaded.loaf,
  };
}

export async function manyFootprintsBench(
  ctx: BenchContext,
  shared?: { browser: Browser; service?: Running },
): Promise<BenchResult> {
  const service: Running = shared?.service ?? (await startService({ viewer: VIEWER_DIR, synthetic: SYNTHETIC }));
  const browser = shared?.browser ?? (await launch());
  try {
    const { body, count } = await allFootprints(service.url);
    ctx.log(
      `  ${count.toLocaleString('en-US')} surveys with footprints from the service's coverage answers ` +
        `(${(body.length / 1e6).toFixed(1)} MB)`,
    );
    const minFootprints = count;

    // Only the area's search is answered with every footprint; any other (the viewer's search of the surveys in a
    // view it rests on) goes to the service, which answers for that view.
    const numbers = (wkt: string | null) =>
      (wkt ?? '')
        .match(/-?\d+(?:\.\d+)?/g)
        ?.map(Number)
        .join(',');
    const withData = async (page: Page) =>
      page.route('**/tile/v2/surveys/coverage?**', (route) =>
        numbers(new URL(route.request().url()).searchParams.get('wkt')) === numbers(AREA_WKT)
          ? route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body })
          : route.fallback(),
      );

    let profileLines = { functions: [] as string[], owners: '' };
    let camera = { lng: OVERVIEW.center[0], lat: OVERVIEW.center[1], zoom: OVERVIEW.zoom };
    let cameraKnown = false;
    const ours = async (profile = false): Promise<Run> => {
      const p = await benchPage(browser, { mode: 'many', minFootprints }, { reducedMotion: true });
      try {
        await withData(p.page);
        await p.page.goto(`${service.url}/?e2e`);
        await p.page.getByRole('button', { name: 'Sign in' }).click();
        await p.page.getByRole('tab', { name: 'Area search' }).click();
        await p.page.getByRole('button', { name: 'Paste WKT' }).click();
        const dialog = p.page.getByRole('dialog', { name: 'Paste WKT' });
        await dialog.getByLabel('WKT').fill(AREA_WKT);
        if (cameraKnown)
          await p.page.evaluate((c) => window.__bench!.jump({ center: [c.lng, c.lat], zoom: c.zoom }), camera);
        const useArea = () => dialog.getByRole('button', { name: 'Use area' }).click();
        if (profile) {
          const { profile: cpu } = await profileDuring(p.page, async () => {
            await useArea();
            await p.page.waitForFunction(() => window.__bench?.ready != null, undefined, { timeout: 120_000 });
          });
          profileLines = summarise(cpu, VIEWER_DIR);
        } else {
          await useArea();
        }
        return await measure(p.page, minFootprints);
      } catch (error) {
        throw new Error(`viewer: ${(error as Error).message.split('\n')[0]}; page errors: ${JSON.stringify(p.errors)}`);
      } finally {
        await p.close();
      }
    };
    const bare = async (): Promise<Run> => {
      const p = await benchPage(browser, { mode: 'many', minFootprints });
      try {
        await withData(p.page);
        const query = new URLSearchParams({ mode: 'many', wkt: AREA_WKT, lng: `${camera.lng}`, lat: `${camera.lat}` });
        query.set('zoom', `${camera.zoom}`);
        await p.page.goto(`${service.url}/bench/bare.html?${query}`);
        return await measure(p.page, minFootprints);
      } finally {
        await p.close();
      }
    };

    // A first run of ours gives the camera the area search leaves the map at; the bare page starts there.
    camera = (await ours()).camera;
    cameraKnown = true;
    await bare();
    // Seven pairs: a single run here varies by ±150 ms on this shared two-core machine.
    const rounds = ctx.rounds(7);
    const runs = await interleaved(rounds, () => ours(), bare);
    // One more run of ours under the CPU profiler (not timed): where the main thread goes from "Use area" to idle.
    await ours(true);

    const attributor = new Attributor(VIEWER_DIR);
    const oursLong = runs.ours.map((r) => attributor.classify(r.flightLoaf));
    // A long frame is our code's when our script is its longest and the main thread was blocked in it: under software
    // GL a frame that draws many tiles takes 100–200 ms with no script at all (the bare page's do too), and a few ms of
    // ours that happen to fall in one (the link writer's URL update once the camera stops) did not make it long.
    const oursCulprits = oursLong.flat().filter((f) => isOurs(f.owner) && f.blocked);
    const unblocked = oursLong.flat().filter((f) => isOurs(f.owner) && !f.blocked);
    const loadCulprits = runs.ours.flatMap((r) => attributor.classify(r.loadLoaf));
    const dataToIdle = median(runs.ours.map((r) => r.dataToIdle));
    const baseDataToIdle = median(runs.baseline.map((r) => r.dataToIdle));
    const maxFrame = median(runs.ours.map((r) => r.maxFrame));
    const baseMaxFrame = median(runs.baseline.map((r) => r.maxFrame));
    const ratio = dataToIdle / baseDataToIdle;
    // The quiet goal also bounds the worst pair: each run of ours against the bare run interleaved with it.
    const pairRatios = runs.ours.map((r, i) => r.dataToIdle / runs.baseline[i].dataToIdle);
    const worstPair = Math.max(...pairRatios);
    const byOwner = (list: { owner: string; duration: number }[]) => {
      const m = new Map<string, number>();
      for (const f of list) m.set(f.owner, (m.get(f.owner) ?? 0) + f.duration);
      return [...m].map(([o, d]) => `${o} ${Math.round(d / rounds)} ms`).join(', ') || 'none';
    };
    const worst = [...loadCulprits]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((f) => `${f.duration} ms ${f.owner} (${f.entry} in ${f.source ?? '?'})`);
    ctx.log(`  data → idle: ours ${ms(dataToIdle, 0)}, bare ${ms(baseDataToIdle, 0)} → ${fmtRatio(ratio)}`);
    ctx.log(
      `  flyTo: longest frame ours ${ms(maxFrame, 0)}, bare ${ms(baseMaxFrame, 0)}; frames over 50 ms from our ` +
        `code: ${oursCulprits.length} in ${rounds} flights`,
    );
    ctx.log(
      `  long frames between data and idle (per run, by owner): ${byOwner(loadCulprits)}; longest: ` +
        `${worst.join('; ') || 'none'}`,
    );
    return {
      ...underLoadName(ctx, 'footprints', '2. Many footprints'),
      figure:
        `data → idle ${ms(dataToIdle, 0)} with ${minFootprints.toLocaleString('en-US')} footprints; flyTo ` +
        `longest frame ${ms(maxFrame, 0)}, ${oursCulprits.length} frames > 50 ms from our code`,
      baseline: `bare MapLibre page: data → idle ${ms(baseDataToIdle, 0)}; flyTo longest frame ${ms(baseMaxFrame, 0)}`,
      ratio,
      ratioText: `${fmtRatio(ratio)} (data → idle); longest flyTo frame ${fmtRatio(maxFrame / baseMaxFrame)}`,
      // Under load the issue's goal is data → idle alone (frames are printed, not judged).
      goal: ctx.underLoad
        ? '≤ 1.2× (data → idle)'
        : '≤ 1.05× (median), no pair over 1.1×, no frame > 50 ms from our code',
      met: ctx.underLoad ? ratio <= 1.2 : ratio <= 1.05 && worstPair <= 1.1 && oursCulprits.length === 0,
      notes: [
        `${rounds} interleaved runs each, medians; data = responseEnd of the coverage answer ` +
          `(${(body.length / 1e6).toFixed(1)} MB, ${minFootprints.toLocaleString('en-US')} surveys); flyTo from ` +
          `the US overview to Denver z10 over 4 s`,
        `data → idle per interleaved pair (ours ÷ bare): ${pairRatios.map((r) => r.toFixed(2)).join(', ')}`,
        `flyTo p95 frame: ours ${ms(median(runs.ours.map((r) => r.p95Frame)), 0)}, bare ` +
          `${ms(median(runs.baseline.map((r) => r.p95Frame)), 0)}`,
        `long frames between data and idle, per run, by owner of the longest script: ours ` +
          `${byOwner(loadCulprits)}; bare ${byOwner(runs.baseline.flatMap((r) => attributor.classify(r.loadLoaf)))}`,
        `longest of ours: ${worst.join('; ') || 'none'}`,
        `flyTo frames over 50 ms from our code: ` +
          `${oursCulprits.map((f) => `${f.duration} ms ${f.entry} (${f.source})`).join('; ') || 'none'}`,
        `flyTo frames over 50 ms whose longest script was ours but with no task over 50 ms (not counted): ` +
          (unblocked.map((f) => `${f.duration} ms, scripts ${f.scriptMs} ms, ${f.entry} (${f.source})`).join('; ') ||
            'none'),
        `CPU profile of ours, "Use area" → idle, self time by owner (natives counted for their caller): ` +
          `${profileLines.owners}; by function: ${profileLines.functions.join('; ')}`,
      ],
      data: {
        ours: runs.ours.map(({ flightLoaf: _a, loadLoaf: _b, ...r }) => r),
        baseline: runs.baseline.map(({ flightLoaf: _a, loadLoaf: _b, ...r }) => r),
        oursLongFlightFrames: oursLong,
        loadLongFrames: loadCulprits,
      },
    };
  } finally {
    if (!shared?.browser) await browser.close();
    if (!shared?.service) await service.stop();
  }
}
