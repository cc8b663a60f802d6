import { describe, expect, it } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  it('runs at once, then at most once per interval with the latest arguments', () => {
    let now = 0;
    const timers: { at: number; run: () => void }[] = [];
    const calls: number[] = [];
    const throttled = throttle((n: number) => calls.push(n), 100, {
      now: () => now,
      schedule: (run, ms) => timers.push({ at: now + ms, run }),
    });
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([1]);
    now = 100;
    timers.shift()!.run();
    expect(calls).toEqual([1, 3]);
    now = 250;
    throttled(4);
    expect(calls).toEqual([1, 3, 4]);
    // A call waiting for its turn is dropped by cancel; the next after the interval runs at once.
    throttled(5);
    throttled.cancel();
    now = 350;
    timers.shift()!.run();
    expect(calls).toEqual([1, 3, 4]);
    throttled(6);
    expect(calls).toEqual([1, 3, 4, 6]);
  });
});
