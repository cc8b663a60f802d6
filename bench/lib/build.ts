/**
 * Production builds for the page benchmarks, made in this run from the working tree: the viewer into
 * bench/.dist (never dist/, which other work rebuilds), and the baseline pages into bench/.dist/bench
 * so that the same service serves both from one origin.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Manifest } from 'vite';
import { ROOT } from './service.ts';

export const VIEWER_DIR = path.join(ROOT, 'bench/.dist');
const PAGES_DIR = path.join(VIEWER_DIR, 'bench');

/**
 * Vite picks React's production or development build from NODE_ENV when it is set (vitest sets it to
 * "test"): builds here are always production builds, as `npm run build` makes them.
 */
async function asProduction<T>(work: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

/** The viewer exactly as `vite build` makes it, with a manifest (for the bundle benchmark) and source maps. */
export async function buildViewer(outDir = VIEWER_DIR): Promise<void> {
  await asProduction(() =>
    build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: true, chunkSizeWarningLimit: 100_000 },
    }),
  );
}

/**
 * The baseline pages: bare MapLibre (bench/pages/bare.html) and a bare virtual list (bench/pages/list.html); and the
 * change engine's page (bench/pages/change.html).
 */
async function buildPages(): Promise<void> {
  await asProduction(() =>
    build({
      root: path.join(ROOT, 'bench/pages'),
      configFile: false,
      base: '/bench/',
      logLevel: 'warn',
      publicDir: false,
      build: {
        target: 'es2022',
        outDir: PAGES_DIR,
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        chunkSizeWarningLimit: 100_000,
        rollupOptions: {
          input: {
            bare: path.join(ROOT, 'bench/pages/bare.html'),
            list: path.join(ROOT, 'bench/pages/list.html'),
            change: path.join(ROOT, 'bench/pages/change.html'),
          },
        },
      },
    }),
  );
}

export async function buildAll(log: (line: string) => void): Promise<void> {
  const start = Date.now();
  await buildViewer();
  await buildPages();
  log(
    `  built the viewer into bench/.dist and the baseline pages into bench/.dist/bench ` +
      `(${((Date.now() - start) / 1000).toFixed(1)} s)`,
  );
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`no Vite manifest in ${dir}: build with manifest: true`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}
