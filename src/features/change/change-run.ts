/**
 * A run of the change engine: each pair's two tiles fetched (retried by the app's policy), byte-identical pairs scored
 * 0 without decoding, the others decoded, reduced and scored. A slot asks for its next pair as soon as its last one's
 * bytes are in and scores that one meanwhile, so requests in flight stay at twice the slots however long the scoring.
 */
import { ApiError, isApiError } from '../../api/api-error.ts';
import { withRetries } from '../../api/retry-policy.ts';
import type { TileImageRequest } from '../../api/tile-images.ts';
import type { DecodedPixels } from '../../workers/tile-decoder.ts';
import { type ChangePair, tileRequestOf } from './change-pair.ts';
import { PAIR_STATUS, type PairFailure, type ResultSink } from './change-results.ts';
import { REDUCED_SIZE, reduceTile } from './reduce-tile.ts';
import { scoreTilePair } from './score-pair.ts';

/** What a run needs from its surroundings (the worker gives the real ones; tests give their own). */
export interface ChangeDeps {
  /** The tile's bytes as sent, or null where the service has none (404). Throws ApiError on failure. */
  fetchTile(tile: TileImageRequest, signal: AbortSignal): Promise<Uint8Array | null>;
  /** RGBA, not premultiplied: `size` × `size` where the decoder scales as it decodes (a JPEG), else 256 × 256. */
  decode(image: Uint8Array, size: number): Promise<DecodedPixels>;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  random?(): number;
}

export interface ChangeRunOptions {
  pairs: readonly ChangePair[];
  results: ResultSink;
  /** Pairs in flight at once (two requests each). */
  concurrency: number;
  maxRetries: number;
  signal: AbortSignal;
  /** After each pair ends, whatever its status. */
  onPair(index: number): void;
  /** Each imagery request sent (retries too): what the provider bills. */
  onRequest(): void;
}

export const DEFAULT_CONCURRENCY = 3;
export const DEFAULT_MAX_RETRIES = 4;

/** What the service said (an ApiError's status, message and correlation id), or the error's message alone. */
const failureOf = (error: unknown): PairFailure =>
  isApiError(error)
    ? { status: error.status, message: error.message, correlationId: error.correlationId }
    : { status: 0, message: error instanceof Error ? error.message : String(error), correlationId: null };

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
};

export async function runChanges(deps: ChangeDeps, options: ChangeRunOptions): Promise<void> {
  const { pairs, results, signal } = options;
  const fetched = (tile: TileImageRequest) => {
    options.onRequest();
    return deps.fetchTile(tile, signal);
  };
  /** One side's bytes: `asked` is its first request, already sent; a retry asks again. */
  const bytesOf = (tile: TileImageRequest, asked: Promise<Uint8Array | null>) => {
    let first: Promise<Uint8Array | null> | null = asked;
    return withRetries(
      () => {
        const answer = first ?? fetched(tile);
        first = null;
        return answer;
      },
      (error) => (isApiError(error) ? error : null),
      { maxRetries: options.maxRetries, signal, sleep: deps.sleep, random: deps.random },
    );
  };
  const decoded = async (image: Uint8Array) => {
    try {
      const pixels = await deps.decode(image, REDUCED_SIZE);
      // A JPEG scaled as it was decoded (libjpeg's DCT scaling, within a level or two of the 4 × 4 mean) is reduced.
      return pixels.length === REDUCED_SIZE * REDUCED_SIZE * 4 ? new Uint8ClampedArray(pixels) : reduceTile(pixels);
    } catch {
      throw new ApiError(0, 'undecodable_tile', 'The service sent a tile in a form that could not be read.');
    }
  };

  let next = 0;
  /** The next pair with both its requests sent; `answered` settles when both have, failed or not. */
  const take = () => {
    if (next >= pairs.length || signal.aborted) return null;
    const index = next++;
    const pair = pairs[index];
    const requests = [tileRequestOf(pair, pair.before), tileRequestOf(pair, pair.after)] as const;
    const asked = requests.map((tile) => fetched(tile));
    const answered = Promise.allSettled(asked).then(() => {});
    return { index, requests, asked, answered };
  };

  async function slot() {
    let taken = take();
    while (taken) {
      const { index, requests, asked, answered } = taken;
      await answered;
      taken = take();
      try {
        const [before, after] = await Promise.all(requests.map((tile, side) => bytesOf(tile, asked[side])));
        if (!before || !after) results.record(index, PAIR_STATUS.noImagery);
        else if (sameBytes(before, after)) {
          results.record(index, PAIR_STATUS.identical);
        } else {
          const [a, b] = await Promise.all([decoded(before), decoded(after)]);
          results.record(index, PAIR_STATUS.scored, scoreTilePair(a, b));
        }
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        results.record(index, PAIR_STATUS.failed, undefined, failureOf(error));
      }
      options.onPair(index);
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, slot));
  if (signal.aborted) throw signal.reason;
}
