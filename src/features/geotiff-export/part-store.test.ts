import { describe, expect, it } from 'vitest';
import { PartStore } from './part-store.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const read = async (store: PartStore, parts: number[]) => [
  ...new Uint8Array(await new Blob(store.join(parts)).arrayBuffer()),
];

describe('the part store', () => {
  it('keeps each part as put, across chunks, and an oversized part whole', async () => {
    const store = new PartStore(8);
    const a = store.put([bytes(1, 2), bytes(3)], 0);
    const b = store.put([bytes(4, 5, 6, 7)], 1);
    expect(() => store.join([a])).toThrow(/before its chunk was sealed/); // its chunk is not full yet
    const c = store.put([bytes(8, 9, 10)], 2); // does not fit beside a and b: a new chunk
    expect(store.join([a])).toHaveLength(1);
    const d = store.put([new Uint8Array(20).fill(7)], 3);
    store.seal();
    expect(await read(store, [a])).toEqual([1, 2, 3]);
    expect(await read(store, [b])).toEqual([4, 5, 6, 7]);
    expect(await read(store, [c])).toEqual([8, 9, 10]);
    expect(await read(store, [d])).toEqual(new Array(20).fill(7));
    expect([a, b, c, d].map((part) => store.size(part))).toEqual([3, 4, 3, 20]);
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

    const inFileOrder = [first, second, third, fifth, sixth];
    expect(store.join(inFileOrder)).toHaveLength(2); // one run per chunk
    expect(await read(store, inFileOrder)).toEqual([1, 2, 2, 2, 3, 3, 5, 6]);
    // Parts that are not neighbours in their chunk are slices of their own.
    expect(store.join([first, third, sixth])).toHaveLength(3);
    expect(await read(store, [third, first])).toEqual([3, 3, 1]);
  });

  it('keeps count of more parts than its first allocation', async () => {
    const store = new PartStore(16);
    const parts = Array.from({ length: 3000 }, (_, i) => store.put([bytes(i % 256, (i >> 8) % 256)], i));
    store.seal();
    expect(parts.every((part) => store.size(part) === 2)).toBe(true);
    const all = await read(store, parts);
    expect(all.slice(-4)).toEqual([2998 % 256, 2998 >> 8, 2999 % 256, 2999 >> 8]);
  });
});
