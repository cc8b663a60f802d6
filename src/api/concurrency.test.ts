import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency.ts';

describe('concurrencyLimit', () => {
  it('never runs more than the limit at once and runs everything', async () => {
    const run = concurrencyLimit(3);
    let running = 0;
    let peak = 0;
    const task = (i: number) => run(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 1 + (i % 3)));
      running -= 1;
      return i;
    });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => task(i)));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(3);
  });

  it('frees the slot when a task fails, and skips tasks aborted while waiting', async () => {
    const run = concurrencyLimit(1);
    const controller = new AbortController();
    const failing = run(async () => {
      throw new Error('boom');
    });
    const aborted = run(async () => 'never', controller.signal);
    controller.abort();
    await expect(failing).rejects.toThrow('boom');
    await expect(aborted).rejects.toThrow();
    await expect(run(async () => 'ok')).resolves.toBe('ok');
  });
});
