import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Survey } from '../catalog/survey.ts';
import { surveyVersion } from '../catalog/survey-version.ts';
import { encodeJpeg, encodePng } from './encode.ts';
import { renderTile } from './render.ts';

export type TileFormat = 'png' | 'jpeg';

interface EncodedTile {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** Where tile bytes come from: the procedural demo imagery or an operator's directory. */
export interface TileSource {
  /** The tile's ETag when it is known without producing the tile (so a revalidation costs nothing). */
  etag(survey: Survey, z: number, x: number, y: number, format: TileFormat): string | undefined;
  /** The encoded tile, or null where the survey has no imagery. */
  read(survey: Survey, z: number, x: number, y: number, format: TileFormat): Promise<EncodedTile | null>;
  /** The tile when it is already in memory, without async work (the usual case for a popular tile). */
  cached?(survey: Survey, z: number, x: number, y: number, format: TileFormat): EncodedTile | undefined;
}

const CONTENT_TYPES: Record<TileFormat, string> = { png: 'image/png', jpeg: 'image/jpeg' };
const RENDERER_VERSION = 1;

export function proceduralTiles(cacheBytes = 256 * 1024 * 1024): TileSource {
  // Keyed by the tile's identity in plain text; the ETag (a SHA-1) is made once, when the tile is
  // rendered, and read back from the cache after that: hashing it on every request was the largest
  // piece of a cached tile's CPU time after the token check (bench/README.md, throughput).
  const cache = new LRUCache<string, EncodedTile>({ maxSize: cacheBytes, sizeCalculation: (t) => t.body.length + 200 });
  const empty = new LRUCache<string, true>({ max: 100_000 });
  // The survey's version, not only its id: a reloaded catalog file that changes a survey changes its
  // tiles' keys and ETags, and leaves every other survey's cached tiles in place.
  const keyOf = (survey: Survey, z: number, x: number, y: number, format: TileFormat) =>
    `${survey.id}/${surveyVersion(survey)}/${z}/${x}/${y}/${format}`;
  const hash = (survey: Survey, z: number, x: number, y: number, format: TileFormat) =>
    `"${createHash('sha1')
      .update(`${RENDERER_VERSION}/${survey.id}/${surveyVersion(survey)}/${z}/${x}/${y}/${format}`)
      .digest('base64url')}"`;

  return {
    etag: (survey, z, x, y, format) => cache.get(keyOf(survey, z, x, y, format))?.etag ?? hash(survey, z, x, y, format),
    cached: (survey, z, x, y, format) => cache.get(keyOf(survey, z, x, y, format)),
    async read(survey, z, x, y, format) {
      const key = keyOf(survey, z, x, y, format);
      const cached = cache.get(key);
      if (cached) return cached;
      if (empty.has(key)) return null;
      const rgba = renderTile(survey, z, x, y);
      if (!rgba) {
        empty.set(key, true);
        return null;
      }
      const body = format === 'png' ? encodePng(rgba) : encodeJpeg(rgba);
      const tile = { body, contentType: CONTENT_TYPES[format], etag: hash(survey, z, x, y, format) };
      cache.set(key, tile);
      return tile;
    },
  };
}

/**
 * Tiles read from `DIR/{survey}/{z}/{x}/{y}.png|jpg|jpeg`; a requested format that is missing falls back to the other.
 */
export function directoryTiles(dir: string): TileSource {
  const candidates = (format: TileFormat) => (format === 'png' ? ['png', 'jpg', 'jpeg'] : ['jpg', 'jpeg', 'png']);
  return {
    etag: () => undefined,
    async read(survey, z, x, y, format) {
      for (const ext of candidates(format)) {
        const file = path.join(dir, survey.id, String(z), String(x), `${y}.${ext}`);
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) continue;
        return {
          body: await readFile(file),
          contentType: ext === 'png' ? 'image/png' : 'image/jpeg',
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        };
      }
      return null;
    },
  };
}
