import type { JpegEncoder } from './cog-builder.ts';
import type { EncodeAnswer, EncodeJob } from './encode.worker.ts';
import { canvasJpegEncoder } from './canvas-pixels.ts';
import { differenced, encodeTile, type TilePixels } from './tile-encoding.ts';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Done = Exclude<EncodeAnswer, { error: string }>;

/**
 * Tile compression spread over the export's encoder workers (reached through MessagePorts): each tile's pixels are
 * copied here (differenced, for deflate), so the caller may reuse them, and the copy is transferred to the least busy
 * encoder. With no ports, tiles are compressed on this thread.
 */
export function encodersOverPorts(ports: readonly MessagePort[]): {
  deflate(rgba: TilePixels): Promise<Uint8Array>;
  jpeg: JpegEncoder;
} {
  if (ports.length === 0) return { deflate: encodeTile, jpeg: canvasJpegEncoder() };
  const waiting = new Map<number, { resolve(answer: Done): void; reject(error: Error): void }>();
  const busy = ports.map(() => 0);
  let nextId = 0;
  ports.forEach((port, i) => {
    port.onmessage = ({ data }: MessageEvent<EncodeAnswer>) => {
      busy[i] -= 1;
      const entry = waiting.get(data.id);
      waiting.delete(data.id);
      if ('error' in data) entry?.reject(new Error(`Could not compress a tile: ${data.error}`));
      else entry?.resolve(data);
    };
  });
  const send = (job: WithoutId<EncodeJob>, transfer: Transferable[]) =>
    new Promise<Done>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      const i = busy.indexOf(Math.min(...busy));
      busy[i] += 1;
      ports[i].postMessage({ ...job, id } as EncodeJob, transfer);
    });
  return {
    async deflate(rgba) {
      const predicted = differenced(rgba);
      const answer = await send({ kind: 'deflate', predicted }, [predicted.buffer]);
      if (answer.kind !== 'deflate') throw new Error('An encoder answered a deflate job with something else.');
      return answer.bytes;
    },
    async jpeg(rgba, sampling) {
      const copy = new Uint8ClampedArray(rgba);
      const answer = await send({ kind: 'jpeg', rgba: copy, sampling }, [copy.buffer]);
      if (answer.kind !== 'jpeg') throw new Error('An encoder answered a JPEG job with something else.');
      return answer.bytes;
    },
  };
}
