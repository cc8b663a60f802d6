/// <reference lib="webworker" />
import { canvasJpegEncoder } from './canvas-pixels.ts';
import type { JpegEncoder } from './cog-builder.ts';
import type { Sampling } from './jpeg-frame.ts';
import { encodePredicted } from './tile-encoding.ts';

/**
 * An encoder of the GeoTIFF export: compresses tiles the export worker sends it over a MessagePort (the page hands
 * both ends out) — deflates differenced RGBA, or writes JPEG — so that compression runs beside fetching and decoding.
 */
export type EncodeJob =
  | { id: number; kind: 'deflate'; predicted: Uint8Array }
  | { id: number; kind: 'jpeg'; rgba: Uint8ClampedArray; sampling: Sampling };
export type EncodeAnswer =
  | { id: number; kind: 'deflate'; bytes: Uint8Array }
  | { id: number; kind: 'jpeg'; bytes: Uint8Array }
  | { id: number; error: string };

declare const self: DedicatedWorkerGlobalScope;

/** The canvas JPEG encoder, made on the first JPEG job: a lossless export never needs its canvas. */
let jpeg: JpegEncoder | null = null;

async function answer(job: EncodeJob): Promise<[EncodeAnswer, Transferable[]]> {
  if (job.kind === 'deflate') {
    const bytes = encodePredicted(job.predicted);
    return [{ id: job.id, kind: 'deflate', bytes }, [bytes.buffer]];
  }
  // The job's pixels are this worker's (transferred): no copy.
  jpeg ??= canvasJpegEncoder({ owned: true });
  const bytes = await jpeg(job.rgba, job.sampling);
  return [{ id: job.id, kind: 'jpeg', bytes }, [bytes.buffer]];
}

self.onmessage = ({ data }: MessageEvent<{ port: MessagePort }>) => {
  const { port } = data;
  port.onmessage = async ({ data: job }: MessageEvent<EncodeJob>) => {
    try {
      const [message, transfer] = await answer(job);
      port.postMessage(message, transfer);
    } catch (error) {
      port.postMessage({ id: job.id, error: String(error) } satisfies EncodeAnswer);
    }
  };
};
