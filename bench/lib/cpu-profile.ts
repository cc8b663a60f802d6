/**
 * A Chrome DevTools CPU profile of a stretch of page time, summarised by original source (through the
 * build's source maps): the evidence behind a viewer-side miss.
 */
import type { Page } from '@playwright/test';
import { Attributor } from './attribution.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function profileDuring<T>(page: Page, work: () => Promise<T>): Promise<{ result: T; profile: Profile }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  return { result, profile };
}

/**
 * Self time by original file and function, largest first ("412 ms src/map/survey-map.ts markersOf"),
 * and by owner ("maplibre 2.1 s, react-dom 0.8 s, src/features 0.4 s, …"): native functions without a
 * script (WebGL calls, JSON.parse, localStorage) count for the nearest caller that has one.
 */
export function summarise(profile: Profile, distDir: string, top = 12): { functions: string[]; owners: string } {
  const attributor = new Attributor(distDir);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  const ownerOf = (source: string) =>
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? /(?:^|\/)(src\/[^/]+)/.exec(source)?.[1] ?? source;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    let key: string;
    if (!url) key = `(${functionName || 'native'})`;
    else {
      const original = attributor.sourceAt(url, lineNumber, columnNumber);
      key =
        `${original?.source ?? url.replace(/^https?:\/\/[^/]+/, '')} ` +
        `${original?.name ?? functionName ?? '(anonymous)'}`;
    }
    functions.set(key, (functions.get(key) ?? 0) + micros);
    // Owner: this frame's source, or the nearest caller's with a script.
    let owner = functionName === '(garbage collector)' ? 'garbage collector' : 'browser';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!frame.url) continue;
      const original = attributor.sourceAt(frame.url, frame.lineNumber, frame.columnNumber);
      owner = original ? ownerOf(original.source) : frame.url.replace(/^https?:\/\/[^/]+/, '');
      break;
    }
    owners.set(owner, (owners.get(owner) ?? 0) + micros);
  }
  const ms = (micros: number) => `${Math.round(micros / 1000)} ms`;
  return {
    functions: [...functions]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, micros]) => `${ms(micros)} ${key}`),
    owners: [...owners]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([owner, micros]) => `${owner} ${ms(micros)}`)
      .join(', '),
  };
}
