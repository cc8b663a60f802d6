/**
 * 1. Open to ready: page navigation → map idle with footprints and preview tiles drawn. Our production
 * build (signed in with the pre-filled demo credentials, first survey selected, "Zoom to imagery",
 * all clicked from inside the page the moment each control appears, with reduced motion so the
 * camera jumps) against a bare MapLibre page drawing the same basemap, footprints and tiles from the
 * same service at the same camera. Goal ≤ 1.15×.
 */
import type { Browser } from '@playwright/test';
import { Attributor } from './lib/attribution.ts';
import { benchPage, launch, type Loaf, type ProbeParams } from './lib/browser.ts';
import { profileDuring, summarise } from './lib/cpu-profile.ts';
import { VIEWER_DIR } from './lib/build.ts';
import { fmtRatio, type BenchContext, type BenchResult } from './lib/result.ts';
import { startService, type Running } from './lib/service.ts';
import { interleaved, median, ms } from './lib/stats.ts';

interface Run {
  ready: number;
  footprints: number;
  camera: { lng: number; lat: number; zoom: number };
  steps: Record<string, number>;
  loaf: Loaf[];
}

/** Main-thread time in long animation frames before ready, by whose script started the frame's longest task. */
function blockedBy(attributor: Attributor, runs: Run[]): string {
  const totals = new Map<string, number[]>();
  for (const run of runs) {
    const sums = new Map<string, number>();
    for (const frame of run.loaf.filter((f) => f.start < run.ready)) {
      const longest = [...frame.scripts].sort((a, b) => b.duration - a.duration)[0];
      const owner = longest ? attributor.owner(longest.url, longest.pos).owner : 'rendering';
      sums.set(owner, (sums.get(owner) ?? 0) + frame.duration);
    }
    for (const [owner, ms] of sums) totals.set(owner, [...(totals.get(owner) ?? []), ms]);
  }
  return [...totals].map(([owner, v]) => `${owner} ${Math.round(median([...v, ...Array(runs.length - v.length).fill(0)]))} ms`).join(', ') || 'none';
}

type Summary = ReturnType<typeof summarise>;

async function openOnce(browser: Browser, url: string, params: ProbeParams, settle = 0, profiled?: (summary: Summary) => void): Promise<Run & { ids: string[]; survey: string | null }> {
  const p = await benchPage(browser, params, { reducedMotion: true });
  try {
    const open = async () => {
      await p.page.goto(url);
      await p.page.waitForFunction(() => window.__bench?.ready != null, undefined, { timeout: 45_000 }).catch(async (error) => {
        const state = await p.page.evaluate(() => ({ steps: window.__bench?.steps, footprints: window.__bench?.map ? 'map' : 'no map' })).catch(() => null);
        throw new Error(`not ready on ${url}: ${(error as Error).message.split('\n')[0]} (state ${JSON.stringify(state)}; page errors ${JSON.stringify(p.errors)})`);
      });
    };
    if (profiled) {
      // Same origin first, so that the profiler's session survives the navigation being measured.
      await p.page.goto(new URL('/config.json', url).href);
      const { profile } = await profileDuring(p.page, open);
      profiled(summarise(profile, VIEWER_DIR));
    } else {
      await open();
    }
    if (settle) await p.page.waitForTimeout(settle);
    return await p.page.evaluate(() => {
      const b = window.__bench!;
      const map = b.map!;
      const data = (map.getSource('footprints') as unknown as { serialize(): { data: { features: { properties: { id: string } }[] } } }).serialize().data;
      const preview = map.getStyle().sources['survey-preview'] as { tiles?: string[] } | undefined;
      const survey = preview?.tiles?.[0]?.match(/\/tile\/v2\/([^/]+)\//)?.[1] ?? null;
      return { ready: b.ready!, footprints: b.footprints ?? 0, camera: b.camera!, steps: b.steps, loaf: b.loaf, ids: data.features.map((f) => f.properties.id), survey: survey && decodeURIComponent(survey) };
    });
  } finally {
    await p.close();
  }
}

export async function openToReadyBench(ctx: BenchContext, shared?: { browser: Browser }): Promise<BenchResult> {
  const service: Running = await startService({ viewer: VIEWER_DIR });
  const browser = shared?.browser ?? (await launch());
  try {
    const viewerUrl = `${service.url}/?e2e`;
    // A first run of ours tells which footprints and survey it shows and where its camera ends; it also warms the service.
    const first = await openOnce(browser, viewerUrl, { mode: 'open', automate: true }, 1500);
    if (!first.survey) throw new Error('the viewer showed no preview source');
    const { lng, lat, zoom } = first.camera;
    const bareUrl = `${service.url}/bench/bare.html?mode=open&survey=${encodeURIComponent(first.survey)}&ids=${first.ids.map(encodeURIComponent).join(',')}&lng=${lng}&lat=${lat}&zoom=${zoom}`;
    const minFootprints = first.ids.length;
    await openOnce(browser, bareUrl, { mode: 'open', minFootprints });
    ctx.log(`  scene: survey ${first.survey} at z${zoom.toFixed(2)}, ${minFootprints} footprints`);

    const rounds = ctx.rounds(7);
    const runs = await interleaved(
      rounds,
      () => openOnce(browser, viewerUrl, { mode: 'open', automate: true, minFootprints }),
      () => openOnce(browser, bareUrl, { mode: 'open', minFootprints }),
    );
    // One more run of ours under the CPU profiler (not timed): where the main thread goes before ready.
    let summary: Summary = { functions: [], owners: '' };
    await openOnce(browser, viewerUrl, { mode: 'open', automate: true, minFootprints }, 0, (s) => (summary = s));
    const ours = median(runs.ours.map((r) => r.ready));
    const base = median(runs.baseline.map((r) => r.ready));
    const ratio = ours / base;
    const step = (name: string) => median(runs.ours.map((r) => r.steps[name] ?? Number.NaN));
    const path = `sign-in click ${ms(step('signIn'), 0)}, first row clicked ${ms(step('select'), 0)}, zoom clicked ${ms(step('zoom'), 0)}`;
    const attributor = new Attributor(VIEWER_DIR);
    const blocked = `long animation frames before ready (median ms, by owner of the longest script): ours ${blockedBy(attributor, runs.ours)}; bare ${blockedBy(attributor, runs.baseline)}`;
    ctx.log(`  ours ${ms(ours, 0)} (${path}); bare ${ms(base, 0)} → ${fmtRatio(ratio)}`);
    ctx.log(`  ${blocked}`);
    return {
      id: 'open',
      title: '1. Open to ready',
      figure: `${ms(ours, 0)} navigation → idle with ${minFootprints} footprints and z${Math.round(zoom + 1)} tiles`,
      baseline: `bare MapLibre page: ${ms(base, 0)}`,
      ratio,
      ratioText: fmtRatio(ratio),
      goal: '≤ 1.15×',
      met: ratio <= 1.15,
      notes: [
        `${rounds} interleaved runs each, medians; fresh browser context per run (cold HTTP cache), service warm`,
        `ours, from navigation start: ${path}`,
        blocked,
        `all runs, ours: ${runs.ours.map((r) => Math.round(r.ready)).join(', ')} ms; bare: ${runs.baseline.map((r) => Math.round(r.ready)).join(', ')} ms`,
        `CPU profile of ours, navigation → ready, self time by owner (natives counted for their caller): ${summary.owners}; by function: ${summary.functions.join('; ')}`,
      ],
      data: { ours: runs.ours.map(({ loaf: _, ...r }) => r), baseline: runs.baseline.map(({ loaf: _, ...r }) => r), scene: { survey: first.survey, camera: first.camera, footprints: minFootprints } },
    };
  } finally {
    if (!shared) await browser.close();
    await service.stop();
  }
}
