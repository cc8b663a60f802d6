import { ApiError, isApiError } from '../../api/api-error.ts';
import { withRetries } from '../../api/retry-policy.ts';
import { CogBuilder, type BuilderImagery } from './cog-builder.ts';
import { TILE_SIZE } from './cog-layout.ts';
import type { ExportPlan } from './export-plan.ts';
import { tileAt, type PlannedTile } from './tile-records.ts';
import { TileOutcomes } from './tile-outcomes.ts';
import type { TileOutcome } from './provenance.ts';
import { applyMask, OPAQUE_TILE } from './mask-tile.ts';
import { HALF, halveAlphaInto, type Quarter } from './pyramid.ts';
import type { TilePixels } from './tile-encoding.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';

/** What the run needs from its surroundings (the worker gives the real ones; tests give their own). */
export interface ExportDeps {
  /** The tile's imagery as sent, or null where the service has none (404). Throws ApiError on failure. */
  fetchTile(tile: PlannedTile, signal: AbortSignal): Promise<Uint8Array | null>;
  /** RGBA, not premultiplied: 256 × 256, or at half size (a JPEG scaled as it is decoded). */
  decode(image: Uint8Array, size?: number): Promise<TilePixels>;
  /**
   * How much of each pixel of the tile the area holds (and its survey's footprint, where one is given), as the alpha
   * of a 256 × 256 RGBA tile; null when they hold the whole tile.
   */
  mask(tile: PlannedTile): TilePixels | null;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  random?(): number;
  /** How the file stores the imagery, and where tiles are compressed (default: deflated RGBA, on this thread). */
  imagery?: BuilderImagery;
}

export interface ExportProgress {
  /** Tiles finished, whether exported, empty or failed. */
  done: number;
  failed: number;
  total: number;
  /** Compressed bytes so far. */
  bytes: number;
  /** Decoded tiles held: in flight, plus unfinished overview tiles. */
  held: number;
}

export interface ExportRunOptions {
  plan: ExportPlan;
  description: string;
  /** Tiles fetched at once: six unless said (the browser's connections to one host, HTTP/1.1). */
  concurrency?: number;
  /**
   * Retries of a tile after a 5xx, a 429 or no answer (with the app's retry policy) before it is marked failed: four
   * unless said.
   */
  maxRetries?: number;
  signal: AbortSignal;
  onProgress(progress: ExportProgress): void;
  /** Each imagery request sent (retries too): what the provider bills. */
  onRequest(tile: PlannedTile): void;
}

export interface ExportResult {
  tiff: Blob;
  /** By the tile's row in the plan. */
  outcomes: TileOutcomes;
}

interface Pixels {
  rgba: TilePixels;
  sent?: Uint8Array;
  quarter?: Quarter;
}

const DEFAULT_CONCURRENCY = 6;
const DEFAULT_MAX_RETRIES = 4;

const failureOf = (error: unknown): TileOutcome => {
  const api = isApiError(error) ? error : null;
  return {
    status: 'failed',
    httpStatus: api?.status ?? 0,
    code: api?.code ?? 'export_error',
    message: error instanceof Error ? error.message : String(error),
    correlationId: api?.correlationId ?? null,
  };
};

/** Each planned tile's grid position (read once, by the pyramid: the builder keeps its options for the run). */
function* gridPositions({ tiles, x0, y0 }: ExportPlan): Generator<readonly [col: number, row: number]> {
  for (let row = 0; row < tiles.length; row++) yield [tiles.x[row] - x0, tiles.y[row] - y0];
}

/**
 * Fetches, clips and encodes every planned tile into a COG with bounded concurrency, in the plan's Z-order. A tile
 * that fails is retried by the app's policy (Retry-After honoured), then marked failed and left transparent. A slot
 * asks for its next tile as soon as its last one's bytes are in, and decodes and stores that one meanwhile: requests
 * in flight stay at `concurrency` however long the imaging takes, and decoded tiles in memory about `concurrency`
 * plus the unfinished overview tiles.
 */
export async function runExport(deps: ExportDeps, options: ExportRunOptions): Promise<ExportResult> {
  const { plan, signal, concurrency = DEFAULT_CONCURRENCY, maxRetries = DEFAULT_MAX_RETRIES } = options;
  const builder = new CogBuilder({
    levels: plan.levels,
    georeference: plan.georeference,
    planned: gridPositions(plan),
    description: options.description,
    imagery: deps.imagery,
  });
  const keepsSent = deps.imagery?.kind === 'jpeg';
  const outcomes = new TileOutcomes(plan.tiles.length);
  let next = 0;
  let failed = 0;
  let inFlight = 0;
  const report = () =>
    options.onProgress({
      done: outcomes.size,
      failed,
      total: plan.tiles.length,
      bytes: builder.bytes,
      held: builder.held + inFlight,
    });

  /**
   * The tile's pixels, clipped, and the bytes the service sent where the file may keep them. A tile kept as sent is
   * decoded at half size, for its overview alone: its full-size pixels are then only the area's mask.
   */
  const fetched = (tile: PlannedTile): Promise<Uint8Array | null> => {
    options.onRequest(tile);
    return deps.fetchTile(tile, signal);
  };
  /** `asked`: the tile's first request, already sent; a retry asks again. */
  const pixelsOf = (tile: PlannedTile, asked: Promise<Uint8Array | null>): Promise<Pixels | null> => {
    let first: Promise<Uint8Array | null> | null = asked;
    return withRetries(
      async () => {
        const answer = first ?? fetched(tile);
        first = null;
        const image = await answer;
        if (!image) return null;
        const halfSize = builder.storesAsSent(image);
        let decoded: TilePixels;
        try {
          decoded = await deps.decode(image, halfSize ? HALF : TILE_SIZE);
        } catch {
          throw new ApiError(
            0,
            'undecodable_tile',
            `The service sent tile ${zxyKey(tile)} in a form that could not be read.`,
          );
        }
        const mask = deps.mask(tile);
        if (halfSize) {
          if (mask) halveAlphaInto(decoded, mask);
          return { rgba: mask ?? OPAQUE_TILE, sent: image, quarter: decoded };
        }
        if (mask) applyMask(decoded, mask);
        return { rgba: decoded, sent: keepsSent ? image : undefined };
      },
      (error) => (isApiError(error) ? error : null),
      { maxRetries, signal, sleep: deps.sleep, random: deps.random },
    );
  };

  /** The next tile of the plan with its request sent; `answered` settles with it, failed or not (read when used). */
  const take = () => {
    if (next >= plan.tiles.length || signal.aborted) return null;
    const row = next++;
    const tile = tileAt(plan.tiles, row);
    const asked = fetched(tile);
    const answered = asked.then(
      () => {},
      () => {},
    );
    return { row, tile, asked, answered };
  };

  async function slot() {
    let taken = take();
    while (taken) {
      const { row, tile, asked, answered } = taken;
      await answered;
      taken = take();
      inFlight += 1;
      let pixels: Pixels | null = null;
      let outcome: TileOutcome;
      try {
        pixels = await pixelsOf(tile, asked);
        outcome = pixels ? { status: 'exported' } : { status: 'no_imagery' };
      } catch (error) {
        // Stryker disable next-line ConditionalExpression: the run rejects with the abort reason after its slots.
        if (signal.aborted) throw signal.reason;
        pixels = null;
        outcome = failureOf(error);
        failed += 1;
      }
      await builder.add(tile.x - plan.x0, tile.y - plan.y0, pixels?.rgba ?? null, pixels?.sent, pixels?.quarter);
      inFlight -= 1;
      outcomes.set(row, outcome);
      report();
    }
  }

  report();
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, slot));
  if (signal.aborted) throw signal.reason;
  return { tiff: builder.finish(), outcomes };
}
