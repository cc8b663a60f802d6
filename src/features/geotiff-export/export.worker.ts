/// <reference lib="webworker" />
import { fetchTileImage } from '../../api/tile-images.ts';
import { areaMasker, tileDecoder } from './canvas-pixels.ts';
import type { BuilderImagery } from './cog-builder.ts';
import { credentialsFromPage, workerConnection } from '../../api/credential-channel.ts';
import { encodersOverPorts } from './encoder-ports.ts';
import { exportFiles } from './export-files.ts';
import { runExport } from './export-run.ts';
import type { ExportRequest, FromWorker, RunMessage, ToWorker } from './worker-protocol.ts';

/** The GeoTIFF export, off the page: fetch, decode, clip, compress and assemble (see export-run.ts). */

declare const self: DedicatedWorkerGlobalScope;
const post = (message: FromWorker) => self.postMessage(message);
const credentials = credentialsFromPage({ postMessage: post });
let running: AbortController | null = null;

/**
 * The page redraws for each progress message: with software GL (no GPU, as in VMs and on this project's CI) a frame
 * over the map costs 60–150 ms of CPU, which an export otherwise spends on tiles. So none at the start (the page shows
 * "0 of n" itself) nor at the end (the file's message follows).
 */
const PROGRESS_EVERY_MS = 1000;

async function run(request: ExportRequest, ports: MessagePort[]) {
  const controller = new AbortController();
  running = controller;
  const connection = workerConnection(request, credentials.source);
  const encoders = encodersOverPorts(ports);
  const jpeg = request.compression === 'jpeg';
  const imagery: BuilderImagery = jpeg
    ? { kind: 'jpeg', encode: encoders.jpeg }
    : { kind: 'rgba-deflate', encode: encoders.deflate };
  // A JPEG tile has no alpha: where the survey has no imagery it holds the service's background, masked by footprint.
  const footprints = jpeg ? new Map(Object.entries(request.footprints)) : undefined;
  let requested = 0;
  let posted = performance.now();
  /** With the imagery requests not yet counted on the page's usage meter. */
  const postCounted = (message: RunMessage) => {
    post({ ...message, requested });
    requested = 0;
  };
  try {
    const result = await runExport(
      {
        fetchTile: (tile, signal) => fetchTileImage(connection, tile, signal, jpeg ? 'jpeg' : undefined),
        decode: tileDecoder(),
        mask: areaMasker(request.area, footprints),
        imagery,
      },
      {
        plan: request.plan,
        description:
          `Survey Viewer export ${request.name}: imagery clipped to an area, EPSG:3857, zoom ${request.plan.zoom}` +
          (jpeg ? ", the service's JPEG tiles" : ', lossless'),
        concurrency: request.concurrency,
        signal: controller.signal,
        onRequest: () => {
          requested += 1;
        },
        onProgress: (progress) => {
          const now = performance.now();
          if (now - posted < PROGRESS_EVERY_MS || progress.done === progress.total) return;
          posted = now;
          postCounted({ type: 'progress', progress });
        },
      },
    );
    postCounted({ type: 'done', files: exportFiles({ ...request, created: new Date() }, result) });
  } catch (error) {
    if (controller.signal.aborted) postCounted({ type: 'cancelled' });
    else postCounted({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    if (running === controller) running = null;
  }
}

self.onmessage = ({ data }: MessageEvent<ToWorker>) => {
  if (data.type === 'credential') credentials.answered(data);
  else if (data.type === 'cancel') running?.abort(new DOMException('The export was cancelled.', 'AbortError'));
  else if (data.type === 'start') void run(data.request, data.encoders);
};
