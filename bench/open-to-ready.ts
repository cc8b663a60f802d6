/**
 * 1. Open to ready: page navigation → map idle with footprints and preview tiles drawn, against a bare
 * MapLibre page drawing the same basemap, footprints and survey tiles from the same service at the same
 * camera. Goal ≤ 1.15×.
 *
 * The figure is the viewer opened at that scene the way an analyst comes back to one: by its own link
 * (the fragment it wrote for that view and survey), signing in with the pre-filled demo credentials the
 * moment the dialog shows, with reduced motion. Measured in the same rounds and printed beside it (not
 * judged against the goal, which the bare page has no counterpart for): the same scene clicked through
 * from the catalog — Sign in → first row → "Zoom to imagery", each clicked from inside the page the
 * instant it appears — a chain of three user steps, each waiting for the answer before it.
 */
import type { Browser } from '@playwright/test';
import { Attributor } from './lib/attribution.ts';
import { benchPage, launch, type Loaf, type ProbeParams } from './lib/browser.ts';
import { profileDuring, summarise } from './lib/cpu-profile.ts';
import { VIEWER_DIR } from './lib/build.ts';
import { fmtRatio, type BenchContext, type BenchResult, underLoadName } from './lib/result.ts';
import { startService, type Running } from './lib/service.ts';
import { median, ms, rotated } from './lib/stats.ts';

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
  return (
    [...totals]
      .map(([owner, v]) => `${owner} ${Math.round(median([...v, ...Array(runs.length - v.length).fill(0)]))} ms`)
      .join(', ') || 'none'
  );
}

type Summary = ReturnType<typeof summarise>;

async function openOnce(
  browser: Browser,
  url: string,
  params: ProbeParams,
  settle = 0,
  profiled?: (summary: Summary) => void,
): Promise<Run & { ids: string[]; survey: string | null; hash: string }> {
  const p = await benchPage(browser, params, { reducedMotion: true });
  try {
    const open = async () => {
      await p.page.goto(url);
      await p.page
        .waitForFunction(() => window.__bench?.ready != null, undefined, { timeout: 45_000 })
        .catch(async (error) => {
          const state = await p.page
            .evaluate(() => {
              const map = window.__bench?.map;
              if (!map) return { steps: window.__bench?.steps, map: 'none' };
              const sources = Object.keys(map.getStyle().sources);
              return {
                steps: window.__bench?.steps,
                moving: map.isMoving(),
                loaded: map.loaded(),
                zoom: map.getZoom(),
                notLoaded: sources.filter((id) => !map.isSourceLoaded(id)),
                preview: sources.includes('survey-preview'),
              };
            })
            .catch((e: Error) => e.message);
          throw new Error(
            `not ready on ${url}: ${(error as Error).message.split('\n')[0]} (state ${JSON.stringify(state)}; page ` +
              `errors ${JSON.stringify(p.errors)}; unanswered ${JSON.stringify([...p.pending].slice(0, 6))})`,
          );
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
      const data = (
        map.getSource('footprints') as unknown as {
          serialize(): { data: { features: { properties: { id: string } }[] } };
        }
      ).serialize().data;
      const preview = map.getStyle().sources['survey-preview'] as { tiles?: string[] } | undefined;
      const survey = preview?.tiles?.[0]?.match(/\/tile\/v2\/([^/]+)\//)?.[1] ?? null;
      const ids = data.features.map((f) => f.properties.id);
      return {
        ready: b.ready!,
        footprints: b.footprints ?? 0,
        camera: b.camera!,
        steps: b.steps,
        loaf: b.loaf,
        ids,
        survey: survey && decodeURIComponent(survey),
        hash: location.hash,
      };
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
    // A first run clicked through tells which survey the scene holds and where the camera ends; the link
    // the viewer wrote for it is what the link runs open. A first link run then tells which footprints
    // the scene shows (the rows in view beside the open survey; clicking through may have fetched a few
    // more while the list was taller) — those the bare page draws. Both also warm the service.
    const first = await openOnce(browser, viewerUrl, { mode: 'open', automate: true }, 1500);
    if (!first.survey) throw new Error('the viewer showed no preview source');
    if (!first.hash.includes(`survey=${encodeURIComponent(first.survey)}`))
      throw new Error(`the viewer's link does not hold the survey: ${first.hash}`);
    const { lng, lat, zoom } = first.camera;
    const linkUrl = `${viewerUrl}${first.hash}`;
    const linked = await openOnce(browser, linkUrl, { mode: 'open', automate: 'signIn' }, 1500);
    if (linked.survey !== first.survey) throw new Error(`the link opened ${linked.survey}, not ${first.survey}`);
    const bareQuery = new URLSearchParams({ mode: 'open', survey: first.survey, ids: linked.ids.join(',') });
    for (const [name, value] of Object.entries({ lng, lat, zoom })) bareQuery.set(name, `${value}`);
    const bareUrl = `${service.url}/bench/bare.html?${bareQuery}`;
    const minFootprints = linked.ids.length;
    await openOnce(browser, bareUrl, { mode: 'open', minFootprints });
    ctx.log(`  scene: survey ${first.survey} at z${zoom.toFixed(2)}, ${minFootprints} footprints; link ${first.hash}`);

    const rounds = ctx.rounds(7);
    const [link, click, bare] = await rotated(rounds, [
      () => openOnce(browser, linkUrl, { mode: 'open', automate: 'signIn', minFootprints }),
      () => openOnce(browser, viewerUrl, { mode: 'open', automate: true, minFootprints }),
      () => openOnce(browser, bareUrl, { mode: 'open', minFootprints }),
    ]);
    // One more link run under the CPU profiler (not timed): where the main thread goes before ready.
    let summary: Summary = { functions: [], owners: '' };
    await openOnce(browser, linkUrl, { mode: 'open', automate: 'signIn', minFootprints }, 0, (s) => (summary = s));
    const ours = median(link.map((r) => r.ready));
    const clicked = median(click.map((r) => r.ready));
    const base = median(bare.map((r) => r.ready));
    const ratio = ours / base;
    const step = (runs: Run[], name: string) => ms(median(runs.map((r) => r.steps[name] ?? Number.NaN)), 0);
    const path =
      `sign-in click ${step(click, 'signIn')}, first row clicked ${step(click, 'select')}, zoom clicked ` +
      `${step(click, 'zoom')}`;
    const attributor = new Attributor(VIEWER_DIR);
    const blocked =
      `long animation frames before ready (median ms, by owner of the longest script): by link ` +
      `${blockedBy(attributor, link)}; clicked through ${blockedBy(attributor, click)}; bare ` +
      `${blockedBy(attributor, bare)}`;
    const all = (runs: Run[]) => runs.map((r) => Math.round(r.ready)).join(', ');
    ctx.log(
      `  by link ${ms(ours, 0)} (sign-in click ${step(link, 'signIn')}); clicked through ${ms(clicked, 0)} ` +
        `(${path}); bare ${ms(base, 0)} → ${fmtRatio(ratio)} by link, ${fmtRatio(clicked / base)} clicked through`,
    );
    ctx.log(`  ${blocked}`);
    return {
      ...underLoadName(ctx, 'open', '1. Open to ready'),
      figure:
        `${ms(ours, 0)} navigation → idle with ${minFootprints} footprints and z${Math.round(zoom + 1)} ` +
        `tiles, opened by its link; clicked through from the catalog ${ms(clicked, 0)} (${fmtRatio(clicked / base)})`,
      baseline: `bare MapLibre page: ${ms(base, 0)}`,
      ratio,
      ratioText: fmtRatio(ratio),
      goal: ctx.underLoad ? '≤ 1.15×' : '≤ 1.05×',
      met: ratio <= (ctx.underLoad ? 1.15 : 1.05),
      notes: [
        `${rounds} rounds of the three, each round starting one further along; medians; fresh browser context per ` +
          `run (cold HTTP cache), service warm`,
        `by link: the viewer's own fragment for the scene (${first.hash}); sign-in clicked at ${step(link, 'signIn')}`,
        `clicked through, from navigation start: ${path}; ${fmtRatio(clicked / base)} of the bare page (not ` +
          `judged: three user steps, each waiting for an answer)`,
        blocked,
        `all runs: by link ${all(link)} ms; clicked through ${all(click)} ms; bare ${all(bare)} ms`,
        `CPU profile of a link run, navigation → ready, self time by owner (natives counted for their caller): ` +
          `${summary.owners}; by function: ${summary.functions.join('; ')}`,
      ],
      data: {
        link: link.map(({ loaf: _, ...r }) => r),
        clickedThrough: click.map(({ loaf: _, ...r }) => r),
        baseline: bare.map(({ loaf: _, ...r }) => r),
        scene: { survey: first.survey, camera: first.camera, footprints: minFootprints, hash: first.hash },
      },
    };
  } finally {
    if (!shared) await browser.close();
    await service.stop();
  }
}
