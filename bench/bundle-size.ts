/**
 * The bundle's size, read from a production build (deterministic: no timing): the gzip size of the
 * JavaScript loaded before first paint (the entry chunk and its static imports, from Vite's manifest)
 * against MapLibre's own size (its distributed main-thread bundle, gzipped: the floor), and which
 * modules that JavaScript holds (from the source maps).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { readManifest } from './lib/build.ts';

export const BUDGET_OVER_FLOOR = 120 * 1024;
/** Code that must load lazily: drawing, area import and export, and their libraries. */
export const LAZY_ONLY: { name: string; pattern: RegExp }[] = [
  { name: 'terra-draw', pattern: /node_modules\/terra-draw/ },
  {
    name: 'area drawing',
    pattern: /(^|\/)src\/features\/area-search\/(area-draw-controller|area-features|draw-modes)\./,
  },
  { name: 'area drawing layer', pattern: /(^|\/)src\/features\/area-search\/area-layer\./ },
  { name: 'measurement', pattern: /(^|\/)src\/features\/measure\/measurement\./ },
  { name: 'area export (src/area/export-*)', pattern: /(^|\/)src\/area\/export-/ },
  { name: 'area import (src/area/import-*)', pattern: /(^|\/)src\/area\/import-/ },
  { name: '@tmcw/togeojson (KML import)', pattern: /node_modules\/@tmcw\/togeojson/ },
];

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

export interface BundleReport {
  /** Files loaded before first paint: the entry chunk and everything it imports statically. */
  initialFiles: string[];
  initialGzip: number;
  initialRaw: number;
  /** MapLibre's dist/maplibre-gl.mjs, gzipped the same way. */
  floorGzip: number;
  budget: number;
  lazyFiles: string[];
  lazyGzip: number;
  /** Modules from LAZY_ONLY found in the initial files. */
  eagerButShouldBeLazy: string[];
  /** Largest contributors to the initial files (minified bytes by package or source folder). */
  topContributors: { owner: string; bytes: number }[];
}

function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

const ownerOf = (source: string) => {
  const mod = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (mod) return mod[1];
  const local = /(?:^|\/)(src\/[^/]+)/.exec(source);
  return local ? local[1] : source;
};

/** A chunk's source map; the bundler's own runtime chunk comes without one. */
function readSourceMap(file: string): { sources: string[]; mappings: string } | null {
  return existsSync(`${file}.map`) ? JSON.parse(readFileSync(`${file}.map`, 'utf8')) : null;
}

/** Minified bytes of a chunk by original source, from its source map's mappings. */
function bytesBySource(file: string): Map<string, number> {
  const code = readFileSync(file, 'utf8');
  const map = readSourceMap(file);
  if (!map) return new Map([['bundler runtime', code.length]]);
  const lines = code.split('\n');
  const result = new Map<string, number>();
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const decode = (segment: string): number[] => {
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const c of segment) {
      const digit = chars.indexOf(c);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    return values;
  };
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    const segments = line ? line.split(',').map(decode) : [];
    const starts: { column: number; source: number | null }[] = [];
    for (const seg of segments) {
      column += seg[0];
      if (seg.length >= 4) {
        source += seg[1];
        starts.push({ column, source });
      } else starts.push({ column, source: null });
    }
    const length = lines[lineIndex]?.length ?? 0;
    starts.forEach((s, i) => {
      if (s.source === null) return;
      const end = i + 1 < starts.length ? starts[i + 1].column : length;
      const owner = ownerOf(map.sources[s.source]);
      result.set(owner, (result.get(owner) ?? 0) + Math.max(0, end - s.column));
    });
  });
  return result;
}

export function measureBundle(distDir: string): BundleReport {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('no index.html entry in the Vite manifest');
  const initialKeys = staticClosure(manifest, entryKey);
  const initialFiles = [...initialKeys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const lazyFiles = Object.values(manifest)
    .map((c) => c.file)
    .filter((f) => f.endsWith('.js') && !initialFiles.includes(f));
  const read = (f: string) => readFileSync(path.join(distDir, f));

  const contributors = new Map<string, number>();
  const eager = new Set<string>();
  for (const f of initialFiles) {
    const file = path.join(distDir, f);
    const sources = readSourceMap(file)?.sources ?? [];
    for (const rule of LAZY_ONLY) if (sources.some((s) => rule.pattern.test(s))) eager.add(rule.name);
    for (const [owner, bytes] of bytesBySource(file)) contributors.set(owner, (contributors.get(owner) ?? 0) + bytes);
  }

  const require = createRequire(import.meta.url);
  const maplibre = path.join(path.dirname(require.resolve('maplibre-gl/package.json')), 'dist/maplibre-gl.mjs');
  const floorGzip = gzip(readFileSync(maplibre));
  return {
    initialFiles,
    initialGzip: initialFiles.reduce((n, f) => n + gzip(read(f)), 0),
    initialRaw: initialFiles.reduce((n, f) => n + read(f).length, 0),
    floorGzip,
    budget: floorGzip + BUDGET_OVER_FLOOR,
    lazyFiles,
    lazyGzip: lazyFiles.reduce((n, f) => n + gzip(read(f)), 0),
    eagerButShouldBeLazy: [...eager],
    topContributors: [...contributors]
      .map(([owner, bytes]) => ({ owner, bytes }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8),
  };
}
