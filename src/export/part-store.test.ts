import { describe, expect, it } from 'vitest';
import { PartStore } from './part-store.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const read = async (blob: Blob | null) => [...new Uint8Array(await blob!.arrayBuffer())];

describe('the part store', () => {
  it('keeps each part as put, across chunks, and an oversized part whole', async () => {
    const store = new PartStore(8);
    const a = store.put([bytes(1, 2), bytes(3)]);
    const b = store.put([bytes(4, 5, 6, 7)]);
    expect(a.part).toBeNull(); // its chunk is not full yet
    const c = store.put([bytes(8, 9, 10)]); // does not fit beside a and b: a new chunk
    expect(a.part).not.toBeNull();
    const d = store.put([new Uint8Array(20).fill(7)]);
    store.seal();
    expect(await read(a.part)).toEqual([1, 2, 3]);
    expect(await read(b.part)).toEqual([4, 5, 6, 7]);
    expect(await read(c.part)).toEqual([8, 9, 10]);
    expect(await read(d.part)).toEqual(new Array(20).fill(7));
    expect([a.size, b.size, c.size, d.size]).toEqual([3, 4, 3, 20]);
  });
});
