import type { GatewayConfig } from './config.ts';
import { describeUpstreamFailure, GatewayError } from './upstream-errors.ts';

/**
 * One request to the upstream and the reading of its answer, bounded in time and size. The whole exchange ends at
 * `UPSTREAM_TIMEOUT_MS` from its start — on a timer of its own: a timeout signal inside AbortSignal.any is collected as
 * garbage on Node 20 and then never fires, which let a dripping body outlive the limit — and the body must keep coming:
 * no chunk for `UPSTREAM_IDLE_TIMEOUT_MS` ends it too. Ending it aborts the upstream request; whoever reads the body
 * gets the gateway's 504, and `signal` tells whoever relays it to end the answer.
 */
export interface Exchange {
  response: Response;
  /** Aborted when the exchange is ended early (its reason: the GatewayError, or DONE when nothing more is wanted). */
  signal: AbortSignal;
  /** Ends the exchange: the upstream request is aborted and a read of its body fails. */
  abort(reason: GatewayError | typeof DONE): void;
  /** The body was read to its end: the exchange's timers stop. */
  end(): void;
  /** The asker (browser or GIS) went away: nothing is sent to it, nothing logged. */
  readonly gone: boolean;
}

/** An exchange ended because its body is not wanted (read far enough, or the asker went away). */
const DONE = 'done';

export type ExchangeTiming = Pick<GatewayConfig, 'timeoutMs' | 'idleTimeoutMs'>;

/** Fetches `url` within the exchange's deadline; `asker` aborting (the browser went away) ends the exchange too. */
export async function startExchange(
  config: ExchangeTiming,
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  { asker, during = '' }: { asker?: AbortSignal; during?: string } = {},
): Promise<Exchange> {
  const controller = new AbortController();
  let gone = false;
  const end = () => {
    clearTimeout(deadline);
    asker?.removeEventListener('abort', onGone);
  };
  const abort = (reason: GatewayError | typeof DONE) => {
    end();
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const onGone = () => {
    gone = true;
    abort(DONE);
  };
  const context = during ? ` ${during}` : '';
  const deadline = setTimeout(
    () =>
      abort(
        new GatewayError(
          504,
          'upstream_timeout',
          `The upstream service did not answer within ${config.timeoutMs / 1000} s${context}.`,
        ),
      ),
    config.timeoutMs,
  );
  asker?.addEventListener('abort', onGone, { once: true });
  if (asker?.aborted) onGone();
  try {
    const response = await doFetch(url, { ...init, redirect: 'manual', signal: controller.signal });
    return {
      response,
      signal: controller.signal,
      abort,
      end,
      get gone() {
        return gone;
      },
    };
  } catch (error) {
    abort(DONE);
    throw failureOf(controller.signal, error, config, during);
  }
}

/** Why an exchange failed: its own reason when it was ended, else what happened to the connection. */
function failureOf(signal: AbortSignal, error: unknown, config: ExchangeTiming, during: string): GatewayError {
  if (error instanceof GatewayError) return error;
  if (signal.reason instanceof GatewayError) return signal.reason;
  const failure = describeUpstreamFailure(error, config, during);
  // For the operator's log (the browser's message names no address).
  failure.cause = error;
  return failure;
}

export interface BodyLimit {
  /** Largest body read, in bytes. */
  maxBytes: number;
  /** What the body is, for the message when it is too large. */
  what: string;
}

/** The next chunk, or the idle timeout's 504 (the exchange aborted). */
async function nextChunk(exchange: Exchange, reader: ReadableStreamDefaultReader<Uint8Array>, idleMs: number) {
  let idle: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    idle = setTimeout(() => {
      const error = new GatewayError(
        504,
        'upstream_timeout',
        `The upstream service stopped sending its answer for ${idleMs / 1000} s.`,
      );
      exchange.abort(error);
      reject(error);
    }, idleMs);
  });
  try {
    return await Promise.race([reader.read(), stalled]);
  } finally {
    clearTimeout(idle);
  }
}

/**
 * The body's chunks as they come, each within the idle timeout, all within the exchange's deadline and `maxBytes`; past
 * any of them the exchange is aborted and the reader gets the gateway's 504 or 502. The exchange ends when the body
 * does, or when its reading stops.
 */
export async function* bodyChunks(
  exchange: Exchange,
  config: ExchangeTiming,
  limit: BodyLimit,
): AsyncGenerator<Uint8Array> {
  const reader = exchange.response.body?.getReader();
  let size = 0;
  let ended = false;
  try {
    if (!reader) return;
    for (;;) {
      const next = await nextChunk(exchange, reader, config.idleTimeoutMs);
      ended = next.done;
      if (next.done) return;
      size += next.value.byteLength;
      if (size > limit.maxBytes) {
        const bytes = limit.maxBytes.toLocaleString('en-US');
        const error = new GatewayError(
          502,
          'upstream_too_large',
          `The upstream's ${limit.what} is larger than the gateway relays (${bytes} bytes).`,
        );
        exchange.abort(error);
        throw error;
      }
      yield next.value;
    }
  } catch (error) {
    throw failureOf(exchange.signal, error, config, 'while sending its answer');
  } finally {
    if (ended || !reader) exchange.end();
    else {
      exchange.abort(DONE);
      reader.cancel().catch(() => undefined);
    }
  }
}

/** The whole body, within the limits. */
export async function readBody(exchange: Exchange, config: ExchangeTiming, limit: BodyLimit): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of bodyChunks(exchange, config, limit)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Up to `maxBytes` of the body, the rest left unread (an error answer's: the envelope needs at most its id). */
export async function readHead(exchange: Exchange, config: ExchangeTiming, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of bodyChunks(exchange, config, { maxBytes: Number.POSITIVE_INFINITY, what: 'answer' })) {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= maxBytes) break;
    }
  } catch {
    // What was read is all there is.
  }
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

/** Lets go of an answer whose body is not wanted. */
export function discard(exchange: Exchange): void {
  exchange.abort(DONE);
  exchange.response.body?.cancel().catch(() => undefined);
}
