import { describe, expect, it } from 'vitest';
import { joinParts, PartStore, type StoredPart } from './part-store.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const read = async (parts: StoredPart[]) => [...new Uint8Array(await new Blob(joinParts(parts)).arrayBuffer())];

describe('the part store', () => {
  it('keeps each part as put, across chunks, and an oversized part whole', async () => {
    const store = new PartStore(8);
    const a = store.put([bytes(1, 2), bytes(3)], 0);
    const b = store.put([bytes(4, 5, 6, 7)], 1);
    expect(a.chunk).toBeNull(); // its chunk is not full yet
    expect(() => joinParts([a])).toThrow(/before its chunk was sealed/);
    const c = store.put([bytes(8, 9, 10)], 2); // does not fit beside a and b: a new chunk
    expect(a.chunk).not.toBeNull();
    const d = store.put([new Uint8Array(20).fill(7)], 3);
    store.seal();
    expect(await read([a])).toEqual([1, 2, 3]);
    expect(await read([b])).toEqual([4, 5, 6, 7]);
    expect(await read([c])).toEqual([8, 9, 10]);
    expect(await read([d])).toEqual(new Array(20).fill(7));
    expect([a.size, b.size, c.size, d.size]).toEqual([3, 4, 3, 20]);
  });

  it('holds a chunk in file order, and joins neighbours in both as one slice', async () => {
    const store = new PartStore(64);
    // Put out of order, as tiles arrive; ranks are places in the file.
    const third = store.put([bytes(3, 3)], 30);
    const first = store.put([bytes(1)], 10);
    const second = store.put([bytes(2, 2, 2)], 20);
    const fifth = store.put([bytes(5)], 50);
    store.seal();
    const sixth = store.put([bytes(6)], 60);
    store.seal();
    expect([first.start, second.start, third.start, fifth.start]).toEqual([0, 1, 4, 6]);

    const inFileOrder = [first, second, third, fifth, sixth];
    expect(joinParts(inFileOrder)).toHaveLength(2); // one run per chunk
    expect(await read(inFileOrder)).toEqual([1, 2, 2, 2, 3, 3, 5, 6]);
    // Parts that are not neighbours in their chunk are slices of their own.
    expect(joinParts([first, third, sixth])).toHaveLength(3);
    expect(await read([third, first])).toEqual([3, 3, 1]);
  });
});
