/** Chromium for the page benchmarks: Debian's build, software GL, a fresh context (empty cache and storage) per run. */
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { IMAGERY_MIN_MAP_ZOOM } from '../../src/map/imagery-source.ts';
import { ROOT } from './service.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PROBE = path.join(ROOT, 'bench/pages/probe.js');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}

/** Chromium with precise heap figures (it rounds performance.memory otherwise): for the memory benchmarks. */
export function launchPrecise(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--enable-precise-memory-info'],
  });
}

export interface ProbeParams {
  mode: 'open' | 'many' | 'list';
  /** Drive the viewer's open-to-ready path (sign in, first survey, zoom to imagery) from inside the page. */
  automate?: boolean | 'signIn';
  minFootprints?: number;
}

export interface BenchPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** Requests sent and not yet answered (or failed), for saying why a page never became ready. */
  pending: Set<string>;
  close(): Promise<void>;
}

/** A page with the probe installed (bench/pages/probe.js) and page errors collected. */
export async function benchPage(
  browser: Browser,
  params: ProbeParams,
  options: { reducedMotion?: boolean } = {},
): Promise<BenchPage> {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const pending = new Set<string>();
  page.on('request', (request) => pending.add(request.url()));
  page.on('requestfinished', (request) => pending.delete(request.url()));
  page.on('requestfailed', (request) => pending.delete(request.url()));
  // The probe's "ready" for the open scene: the map at or past the lowest zoom that draws the imagery.
  const probeParams = { ...params, imageryMinZoom: IMAGERY_MIN_MAP_ZOOM };
  await page.addInitScript({ content: `window.__benchParams = ${JSON.stringify(probeParams)};` });
  await page.addInitScript({ path: PROBE });
  return { context, page, errors, pending, close: () => context.close() };
}

export interface Loaf {
  start: number;
  duration: number;
  blocking: number;
  /** Style, layout and paint after the frame's scripts. */
  render: number;
  scripts: {
    url: string;
    fn: string;
    pos: number;
    duration: number;
    invoker: string;
    type: string;
    forcedLayout: number;
  }[];
}
