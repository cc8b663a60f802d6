import type { StoredTile } from './cog-file.ts';
import type { EncodeAnswer, EncodeJob } from './encode.worker.ts';
import { differenced, encodeTile, type TilePixels } from './tile-encoding.ts';

/**
 * Tile compression spread over the export's encoder workers (reached through MessagePorts): each tile's pixels are
 * differenced here (a copy, so the caller may reuse them) and the copy is transferred to the least busy encoder.
 * With no ports, tiles are compressed on this thread.
 */
export function encoderOverPorts(ports: readonly MessagePort[]): (rgba: TilePixels) => Promise<StoredTile> {
  if (ports.length === 0) return encodeTile;
  const waiting = new Map<number, { resolve(tile: StoredTile): void; reject(error: Error): void }>();
  const busy = ports.map(() => 0);
  let nextId = 0;
  ports.forEach((port, i) => {
    port.onmessage = ({ data }: MessageEvent<EncodeAnswer>) => {
      busy[i] -= 1;
      const entry = waiting.get(data.id);
      waiting.delete(data.id);
      if ('error' in data) entry?.reject(new Error(`Could not compress a tile: ${data.error}`));
      else entry?.resolve({ part: data.part, size: data.size });
    };
  });
  return (rgba) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      const i = busy.indexOf(Math.min(...busy));
      busy[i] += 1;
      const predicted = differenced(rgba);
      ports[i].postMessage({ id, predicted } satisfies EncodeJob, [predicted.buffer]);
    });
}
