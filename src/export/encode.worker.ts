/// <reference lib="webworker" />
import { canvasJpegEncoder } from './canvas-pixels.ts';
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

async function answer(
  job: EncodeJob,
  jpeg: ReturnType<typeof canvasJpegEncoder>,
): Promise<[EncodeAnswer, Transferable[]]> {
  if (job.kind === 'deflate') {
    const bytes = encodePredicted(job.predicted);
    return [{ id: job.id, kind: 'deflate', bytes }, [bytes.buffer]];
  }
  const bytes = await jpeg(job.rgba, job.sampling);
  return [{ id: job.id, kind: 'jpeg', bytes }, [bytes.buffer]];
}

self.onmessage = ({ data }: MessageEvent<{ port: MessagePort }>) => {
  const { port } = data;
  const jpeg = canvasJpegEncoder();
  port.onmessage = async ({ data: job }: MessageEvent<EncodeJob>) => {
    try {
      const [message, transfer] = await answer(job, jpeg);
      port.postMessage(message, transfer);
    } catch (error) {
      port.postMessage({ id: job.id, error: String(error) } satisfies EncodeAnswer);
    }
  };
};
