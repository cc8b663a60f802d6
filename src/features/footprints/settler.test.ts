import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Settler } from './settler.ts';

describe('Settler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const seen: string[] = [];
    const settler = new Settler<string>(150, (value) => seen.push(value), () => Date.now());
    return { seen, settler };
  };

  it('passes on the first change at once', () => {
    const { seen, settler } = make();
    settler.changed('first rows');
    expect(seen).toEqual(['first rows']);
  });

  it('passes on only the last of quick changes, once they rest', () => {
    const { seen, settler } = make();
    settler.changed('a');
    for (const value of ['b', 'c', 'd']) {
      vi.advanceTimersByTime(40);
      settler.changed(value);
    }
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(149);
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['a', 'd']);
  });

  it('passes on a change after a rest at once again', () => {
    const { seen, settler } = make();
    settler.changed('a');
    vi.advanceTimersByTime(50);
    settler.changed('b');
    vi.advanceTimersByTime(400);
    settler.changed('c');
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('passes on nothing pending once disposed', () => {
    const { seen, settler } = make();
    settler.changed('a');
    vi.advanceTimersByTime(10);
    settler.changed('b');
    settler.dispose();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['a']);
  });
});
