import { describe, expect, it } from 'vitest';
import { rowSlots } from './row-slots.ts';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const slotsOf = (slots: Map<number, number>) => [...slots.values()].sort((a, b) => a - b);

describe('rowSlots', () => {
  it('keeps the slot of each row still in range and gives the rows scrolled in those of the rows scrolled out', () => {
    const first = rowSlots(new Map(), range(0, 5));
    expect([...first]).toEqual(range(0, 5).map((i) => [i, i]));
    const scrolled = rowSlots(first, range(2, 7));
    expect([2, 3, 4].map((i) => scrolled.get(i))).toEqual([2, 3, 4]);
    expect(slotsOf(scrolled)).toEqual(range(0, 5));
  });

  it('reuses the slots when the range grows or shrinks by a row, as it does with the scroll offset', () => {
    const first = rowSlots(new Map(), range(10, 20));
    const longer = rowSlots(first, range(13, 24));
    expect(range(13, 20).every((i) => longer.get(i) === first.get(i))).toBe(true);
    expect(slotsOf(longer)).toEqual(range(0, 11));
    const shorter = rowSlots(longer, range(20, 29));
    expect(range(20, 24).every((i) => shorter.get(i) === longer.get(i))).toBe(true);
    expect(new Set(shorter.values()).size).toBe(9);
    expect(Math.max(...shorter.values())).toBeLessThan(11);
  });

  it('starts afresh after a jump', () => {
    const first = rowSlots(new Map(), range(0, 4));
    expect(slotsOf(rowSlots(first, range(500, 504)))).toEqual(range(0, 4));
  });
});
