/// <reference lib="webworker" />
import { encodePredicted } from './tile-encoding.ts';

/**
 * An encoder of the GeoTIFF export: deflates tiles the export worker sends it over a MessagePort (the page hands
 * both ends out), so that compression, the largest cost of a tile, runs beside fetching and decoding.
 */
export type EncodeJob = { id: number; predicted: Uint8Array };
export type EncodeAnswer = { id: number; part: Blob; size: number } | { id: number; error: string };

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = ({ data }: MessageEvent<{ port: MessagePort }>) => {
  const { port } = data;
  port.onmessage = async ({ data: job }: MessageEvent<EncodeJob>) => {
    try {
      const { part, size } = await encodePredicted(job.predicted);
      port.postMessage({ id: job.id, part, size } satisfies EncodeAnswer);
    } catch (error) {
      port.postMessage({ id: job.id, error: String(error) } satisfies EncodeAnswer);
    }
  };
};
