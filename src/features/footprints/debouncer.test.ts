import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Settler } from './settler.ts';

describe('Settler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const seen: string[] = [];
    const settler = new Settler<string>(150, (value) => seen.push(value));
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

  it('after the first, waits for every change to rest, even after a pause', () => {
    const { seen, settler } = make();
    settler.changed('a');
    vi.advanceTimersByTime(1000);
    settler.changed('b');
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(150);
    expect(seen).toEqual(['a', 'b']);
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
