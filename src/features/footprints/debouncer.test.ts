import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand';
import { Debouncer, debounceStore } from './debouncer.ts';

describe('Debouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const seen: string[] = [];
    const debouncer = new Debouncer<string>(150, (value) => seen.push(value));
    return { seen, debouncer };
  };

  it('passes on the first change at once', () => {
    const { seen, debouncer } = make();
    debouncer.changed('first rows');
    expect(seen).toEqual(['first rows']);
  });

  it('passes on only the last of quick changes, once they rest', () => {
    const { seen, debouncer } = make();
    debouncer.changed('a');
    for (const value of ['b', 'c', 'd']) {
      vi.advanceTimersByTime(40);
      debouncer.changed(value);
    }
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(149);
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['a', 'd']);
  });

  it('after the first, waits for every change to rest, even after a pause', () => {
    const { seen, debouncer } = make();
    debouncer.changed('a');
    vi.advanceTimersByTime(1000);
    debouncer.changed('b');
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(150);
    expect(seen).toEqual(['a', 'b']);
  });

  it('while held, passes on nothing however long the value stays; once let go, the last value after it rests', () => {
    const { seen, debouncer } = make();
    debouncer.changed('a');
    debouncer.changed('b');
    vi.advanceTimersByTime(100);
    debouncer.hold(true);
    vi.advanceTimersByTime(1000);
    debouncer.changed('c');
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['a']);
    debouncer.hold(false);
    vi.advanceTimersByTime(149);
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['a', 'c']);
    // Held and let go with nothing new: nothing passed on again.
    debouncer.hold(true);
    debouncer.hold(false);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['a', 'c']);
  });

  it('counts a rest only after the frames that follow it: frames slower than the wait do not end a scroll', () => {
    const seen: string[] = [];
    const frames: (() => void)[] = [];
    const debouncer = new Debouncer<string>(
      150,
      (value) => seen.push(value),
      (run) => frames.push(run),
    );
    const drawFrame = () => {
      for (const run of frames.splice(0)) run();
    };
    debouncer.changed('a');
    debouncer.changed('b');
    // A starved scroll: each step's frame takes 200 ms, so the wait's timer fires between two steps.
    for (const value of ['c', 'd', 'e']) {
      vi.advanceTimersByTime(200);
      expect(frames).toHaveLength(1);
      debouncer.changed(value);
      drawFrame();
    }
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(150);
    drawFrame();
    expect(seen).toEqual(['a', 'e']);
  });

  it('passes on nothing pending once disposed', () => {
    const { seen, debouncer } = make();
    debouncer.changed('a');
    vi.advanceTimersByTime(10);
    debouncer.changed('b');
    debouncer.dispose();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['a']);
  });
});

describe('debounceStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("passes on the store's value as it rests, not each change of other state, and nothing once stopped", () => {
    const store = createStore<{ rows: string[]; other: number }>()(() => ({ rows: [], other: 0 }));
    const seen: string[][] = [];
    const { stop } = debounceStore(
      store,
      (s) => s.rows,
      150,
      (rows) => seen.push(rows),
    );
    store.setState({ rows: ['a'] });
    expect(seen).toEqual([['a']]);
    store.setState({ rows: ['b'] });
    store.setState({ other: 1 });
    store.setState({ rows: ['c'] });
    vi.advanceTimersByTime(150);
    expect(seen).toEqual([['a'], ['c']]);
    store.setState({ other: 2 });
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([['a'], ['c']]);
    store.setState({ rows: ['d'] });
    stop();
    vi.advanceTimersByTime(1000);
    store.setState({ rows: ['e'] });
    expect(seen).toEqual([['a'], ['c']]);
  });
});
