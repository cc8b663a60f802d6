import { Readable } from 'node:stream';

/** Items serialised per turn of the event loop (a 5° coverage answer: ~190 KB of JSON, a few milliseconds). */
export const ITEMS_PER_CHUNK = 256;

function take<T>(items: Iterator<T>, count: number): T[] {
  const chunk: T[] = [];
  while (chunk.length < count) {
    const next = items.next();
    if (next.done) break;
    chunk.push(next.value);
  }
  return chunk;
}

/** A chunk's items as they stand inside the array: the serialised array without its brackets. */
function inner(array: string): string {
  if (array[0] !== '[' || array[array.length - 1] !== ']') throw new Error('The serialiser did not write an array.');
  return array.slice(1, -1);
}

/**
 * The JSON array `serialise(all items)` writes, byte for byte: whole when the items fit in one chunk, else streamed
 * chunk by chunk as the items are found (one chunk per turn of the event loop, and only as fast as the client reads),
 * so that the first byte goes out early and memory stays flat. `serialise` writes any run of items as an array (the
 * route's own serialiser), so it alone defines the document. The first chunk is made here, so that a failure in it is
 * still an error answer; a later one ends the connection.
 */
export function jsonArrayAnswer<T>(
  items: Iterable<T>,
  serialise: (chunk: T[]) => string,
  itemsPerChunk = ITEMS_PER_CHUNK,
): string | Readable {
  const rest = items[Symbol.iterator]();
  const first = take(rest, itemsPerChunk);
  if (first.length < itemsPerChunk) return serialise(first);
  let pending: string | null = `[${inner(serialise(first))}`;
  return new Readable({
    read() {
      if (pending !== null) {
        this.push(pending);
        pending = null;
        return;
      }
      // Not now: the service's other requests are answered between chunks.
      setImmediate(() => {
        // The client has gone: nothing more is looked for.
        if (this.destroyed) return;
        try {
          const chunk = take(rest, itemsPerChunk);
          if (chunk.length === 0) {
            this.push(']');
            this.push(null);
          } else this.push(`,${inner(serialise(chunk))}`);
        } catch (error) {
          this.destroy(error as Error);
        }
      });
    },
  });
}
