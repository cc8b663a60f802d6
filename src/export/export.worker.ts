/// <reference lib="webworker" />
import type { Connection } from '../api/connection.ts';
import { fetchTileImage } from '../api/tile-images.ts';
import { areaClipper, tileDecoder } from './canvas-pixels.ts';
import { credentialsFromPage } from './credential-channel.ts';
import { encoderOverPorts } from './encoder-ports.ts';
import { exportFiles } from './export-files.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_RETRIES, runExport, type ExportProgress } from './export-run.ts';
import type { ExportRequest, FromWorker, ToWorker } from './worker-protocol.ts';

/** The GeoTIFF export, off the page: fetch, decode, clip, compress and assemble (see export-run.ts). */

declare const self: DedicatedWorkerGlobalScope;
const post = (message: FromWorker) => self.postMessage(message);
const credentials = credentialsFromPage({ postMessage: post });
let running: AbortController | null = null;

const PROGRESS_EVERY_MS = 100;

async function run(request: ExportRequest, encoders: MessagePort[]) {
  const controller = new AbortController();
  running = controller;
  const connection: Connection = {
    baseUrl: request.baseUrl,
    credentials: credentials.source,
    sameOriginCookies: request.sameOriginCookies,
  };
  let requested = 0;
  let posted = 0;
  let last: ExportProgress | null = null;
  try {
    const result = await runExport(
      {
        fetchTile: (tile, signal) => fetchTileImage(connection, tile, signal),
        decode: tileDecoder(),
        clip: areaClipper(request.area),
        encode: encoderOverPorts(encoders),
      },
      {
        plan: request.plan,
        description:
          `Survey Viewer export ${request.name}: imagery clipped to an area, ` + `EPSG:3857, zoom ${request.plan.zoom}`,
        concurrency: request.concurrency ?? DEFAULT_CONCURRENCY,
        maxRetries: DEFAULT_MAX_RETRIES,
        signal: controller.signal,
        onRequest: () => {
          requested += 1;
        },
        onProgress: (progress) => {
          last = progress;
          const now = performance.now();
          if (now - posted < PROGRESS_EVERY_MS && progress.done < progress.total) return;
          posted = now;
          post({ type: 'progress', progress, requested });
          requested = 0;
        },
      },
    );
    if (last && requested > 0) post({ type: 'progress', progress: last, requested });
    post({
      type: 'done',
      files: exportFiles({ name: request.name, area: request.area, plan: request.plan, created: new Date() }, result),
    });
  } catch (error) {
    if (controller.signal.aborted) post({ type: 'cancelled' });
    else post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    if (running === controller) running = null;
  }
}

self.onmessage = ({ data }: MessageEvent<ToWorker>) => {
  if (data.type === 'credential') credentials.answered(data);
  else if (data.type === 'cancel') running?.abort(new DOMException('The export was cancelled.', 'AbortError'));
  else if (data.type === 'start') void run(data.request, data.encoders);
};
