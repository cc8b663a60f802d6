import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { jsonArrayAnswer } from './json-array-answer.ts';

const serialise = (items: unknown[]) => JSON.stringify(items);
const numbers = (n: number) => Array.from({ length: n }, (_, i) => ({ i, name: `item ${i}` }));

/** The next turn of the event loop's check phase: a chunk asked for before it has been made by then. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The items, counting how many have been taken. */
function counted<T>(items: T[]) {
  const seen = { taken: 0 };
  function* each() {
    for (const item of items) {
      seen.taken++;
      yield item;
    }
  }
  return { seen, items: each() };
}

describe('jsonArrayAnswer', () => {
  it('answers a list that fits one chunk whole, as the serialiser writes it', () => {
    expect(jsonArrayAnswer([], serialise, 10)).toBe('[]');
    expect(jsonArrayAnswer(numbers(9), serialise, 10)).toBe(serialise(numbers(9)));
  });

  it.each([10, 11, 1000, 1001])('streams %i items (10 a chunk) as the same bytes', async (n) => {
    const answer = jsonArrayAnswer(numbers(n), serialise, 10);
    expect(answer).toBeInstanceOf(Readable);
    expect(await text(answer as Readable)).toBe(serialise(numbers(n)));
  });

  it('takes items only as the reader reads', async () => {
    const { seen, items } = counted(numbers(10_000));
    const answer = jsonArrayAnswer(items, serialise, 10) as Readable;
    const reader = answer[Symbol.asyncIterator]();
    await reader.next();
    // The stream reads ahead, a chunk a turn, until its buffer is full; then it stops asking.
    for (let turn = 0; turn < 1_000 && answer.readableLength < answer.readableHighWaterMark; turn++) await nextTurn();
    expect(answer.readableLength).toBeGreaterThanOrEqual(answer.readableHighWaterMark);
    const taken = seen.taken;
    await nextTurn();
    await nextTurn();
    expect(seen.taken).toBe(taken);
    // Up to the stream's buffer (16 KB, ~26 bytes an item) ahead of the reader, not the whole list.
    expect(seen.taken).toBeGreaterThanOrEqual(10);
    expect(seen.taken).toBeLessThan(2000);
    answer.destroy();
  });

  it('takes no more items once the reader has gone', async () => {
    const { seen, items } = counted(numbers(10_000));
    const answer = jsonArrayAnswer(items, serialise, 10) as Readable;
    // The first chunk, then a read that asks for the next one (made on a later turn of the event loop).
    answer.read();
    answer.read();
    answer.destroy();
    const taken = seen.taken;
    // The turn on which that next chunk would have been made.
    await nextTurn();
    expect(seen.taken).toBe(taken);
  });

  it('fails the stream when a later chunk fails', async () => {
    let calls = 0;
    const failing = (items: unknown[]) => {
      if (++calls === 3) throw new Error('boom');
      return serialise(items);
    };
    await expect(text(jsonArrayAnswer(numbers(100), failing, 10) as Readable)).rejects.toThrow('boom');
  });

  it('refuses a serialiser that does not write an array', () => {
    expect(() => jsonArrayAnswer(numbers(20), () => '{}', 10)).toThrow(/array/);
  });
});
