/**
 * Which code a long animation frame's scripts belong to: each script entry's source position in the
 * built bundle is mapped through the build's source map to the original file, then classed as
 * MapLibre, React, the viewer's own code (src/) or another dependency.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import type { Loaf } from './browser.ts';

export type Owner = 'maplibre' | 'react' | 'app' | 'dependency' | 'browser' | 'unknown';

interface Mapped {
  consumer: SourceMapConsumer;
  lineStarts: number[];
}

export class Attributor {
  private readonly maps = new Map<string, Mapped | null>();

  constructor(private readonly distDir: string) {}

  private mapped(url: string): Mapped | null {
    if (this.maps.has(url)) return this.maps.get(url)!;
    let result: Mapped | null = null;
    try {
      const file = path.join(this.distDir, new URL(url).pathname);
      if (existsSync(file) && existsSync(`${file}.map`)) {
        const code = readFileSync(file, 'utf8');
        const lineStarts = [0];
        for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1);
        result = {
          consumer: new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap),
          lineStarts,
        };
      }
    } catch {
      result = null;
    }
    this.maps.set(url, result);
    return result;
  }

  /** The original source file of a script entry, e.g. "node_modules/maplibre-gl/…" or "src/map/survey-map.ts". */
  source(url: string, pos: number): string | null {
    if (!url || pos < 0) return null;
    const m = this.mapped(url);
    if (!m) return null;
    let lo = 0;
    let hi = m.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (m.lineStarts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    const original = m.consumer.originalPositionFor({
      line: lo + 1,
      column: pos - m.lineStarts[lo],
      bias: SourceMapConsumer.GREATEST_LOWER_BOUND,
    });
    return original.source ? original.source.replace(/^(\.\.\/)+/, '') : null;
  }

  private readonly packageMaps = new Map<string, SourceMapConsumer | null>();

  /**
   * A dependency's own source map (MapLibre ships one for its minified bundle), for a second hop to its real function
   * names.
   */
  private packageMap(source: string): SourceMapConsumer | null {
    if (!this.packageMaps.has(source)) {
      let consumer: SourceMapConsumer | null = null;
      const file = path.join(this.distDir, '..', source);
      const local = path.resolve(file).replace(/.*?node_modules/, path.join(process.cwd(), 'node_modules'));
      for (const candidate of [file, local]) {
        if (!consumer && /node_modules\/maplibre-gl\//.test(source) && existsSync(`${candidate}.map`)) {
          consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${candidate}.map`, 'utf8')) as RawSourceMap);
        }
      }
      this.packageMaps.set(source, consumer);
    }
    return this.packageMaps.get(source)!;
  }

  /**
   * The original source file (and name, where the map has one) at a 0-based line and column of a built file (CPU
   * profile positions).
   */
  sourceAt(url: string, line: number, column: number): { source: string; name: string | null } | null {
    const m = this.mapped(url);
    // A profile frame without a position (line -1: a module's top level being set up, a native) maps to nothing.
    if (!m || line < 0 || column < 0) return null;
    const original = m.consumer.originalPositionFor({
      line: line + 1,
      column,
      bias: SourceMapConsumer.GREATEST_LOWER_BOUND,
    });
    if (!original.source) return null;
    const source = original.source.replace(/^(\.\.\/)+/, '');
    const inner = this.packageMap(source)?.originalPositionFor({
      line: original.line,
      column: original.column,
      bias: SourceMapConsumer.GREATEST_LOWER_BOUND,
    });
    if (inner?.source)
      return {
        source: `${source.replace(/dist\/.*$/, '')}${inner.source.replace(/^(\.\.\/)+/, '')}`,
        name: inner.name ?? original.name ?? null,
      };
    return { source, name: original.name ?? null };
  }

  owner(url: string, pos: number): { owner: Owner; source: string | null } {
    if (!url) return { owner: 'browser', source: null };
    const source = this.source(url, pos);
    if (!source) return { owner: 'unknown', source };
    if (source.includes('node_modules/maplibre-gl')) return { owner: 'maplibre', source };
    if (/node_modules\/(react|react-dom|scheduler)\//.test(source)) return { owner: 'react', source };
    if (source.includes('node_modules/')) return { owner: 'dependency', source };
    return { owner: 'app', source };
  }

  /** Long frames over `threshold` ms, each with the owner of its longest script. */
  classify(frames: Loaf[], threshold = 50) {
    return frames
      .filter((f) => f.duration > threshold)
      .map((f) => {
        const longest = [...f.scripts].sort((a, b) => b.duration - a.duration)[0];
        const who = longest ? this.owner(longest.url, longest.pos) : { owner: 'browser' as Owner, source: null };
        return {
          duration: Math.round(f.duration),
          scriptMs: Math.round(f.scripts.reduce((s, x) => s + x.duration, 0)),
          /** Whether a task held the main thread over 50 ms in it; if not, the frame was long for its rendering. */
          blocked: f.blocking > 0,
          owner: who.owner,
          source: who.source,
          entry: longest ? `${longest.invoker} → ${longest.fn || '(anonymous)'}` : '(rendering)',
        };
      });
  }
}

/** Our code, for "no frame over 50 ms attributable to our code": everything in our bundle but MapLibre itself. */
export const isOurs = (owner: Owner) => owner === 'app' || owner === 'react' || owner === 'dependency';
