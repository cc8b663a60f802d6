/// <reference lib="webworker" />
import { credentialsFromPage, workerConnection } from '../../api/credential-channel.ts';
import { fetchTileImage } from '../../api/tile-images.ts';
import { throttle } from '../../ui/throttle.ts';
import { imageDecoder } from '../../workers/tile-decoder.ts';
import {
  type ChangeRequest,
  type FromChangeWorker,
  RowBuffer,
  type ToChangeWorker,
  transferablesOf,
} from './change-protocol.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_RETRIES, runChanges } from './change-run.ts';

/** The change engine, off the page: fetch, decode, reduce and score tile pairs (change-run.ts). */

declare const self: DedicatedWorkerGlobalScope;
const post = (message: FromChangeWorker, transfer: Transferable[] = []) => self.postMessage(message, transfer);
const credentials = credentialsFromPage({ postMessage: (message) => post(message as FromChangeWorker) });
let running: AbortController | null = null;

/**
 * Results go to the page in batches, at most one every ROWS_EVERY_MS (each message costs the page a little, and the
 * heat map redraws per batch), and a pair's result waits no longer than that, however long the next pair takes.
 */
const ROWS_EVERY_MS = 500;

async function run(request: ChangeRequest) {
  const controller = new AbortController();
  running = controller;
  const connection = workerConnection(request, credentials.source);
  const buffer = new RowBuffer();
  const decode = imageDecoder();
  let requested = 0;
  const postRows = (type: 'rows' | 'done') => {
    const rows = buffer.take();
    post({ type, rows, requested }, transferablesOf(rows));
    requested = 0;
  };
  const postSoon = throttle(() => {
    if (buffer.size > 0) postRows('rows');
  }, ROWS_EVERY_MS);
  try {
    await runChanges(
      {
        fetchTile: (tile, signal) => fetchTileImage(connection, tile, signal, request.format),
        decode: (image, size) => decode(image, size),
      },
      {
        pairs: request.pairs,
        results: buffer,
        concurrency: request.concurrency ?? DEFAULT_CONCURRENCY,
        maxRetries: DEFAULT_MAX_RETRIES,
        signal: controller.signal,
        onRequest: () => {
          requested += 1;
        },
        onPair: () => postSoon(),
      },
    );
    postSoon.cancel();
    postRows('done');
  } catch (error) {
    postSoon.cancel();
    if (controller.signal.aborted) post({ type: 'cancelled', requested });
    else post({ type: 'failed', message: error instanceof Error ? error.message : String(error), requested });
  } finally {
    if (running === controller) running = null;
  }
}

self.onmessage = ({ data }: MessageEvent<ToChangeWorker>) => {
  if (data.type === 'credential') credentials.answered(data);
  else if (data.type === 'cancel') running?.abort(new DOMException('Find changes was cancelled.', 'AbortError'));
  else if (data.type === 'start') void run(data.request);
};
