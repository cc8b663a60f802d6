import { describe, expect, it } from 'vitest';
import { AddedOnFirstUse } from './added-on-first-use.ts';

describe('layers added on first use', () => {
  it('waits for the style and for something to draw, then adds once', () => {
    let adds = 0;
    const layers = new AddedOnFirstUse(() => {
      adds += 1;
    });
    expect(layers.use(true)).toBe(false); // the style is not ready
    layers.ready(false);
    expect(adds).toBe(0); // nothing to draw yet
    expect(layers.use(false)).toBe(false);
    expect(layers.use(true)).toBe(true);
    expect(layers.use(true)).toBe(true);
    expect(adds).toBe(1);
  });

  it('adds at once when there is something to draw as the style becomes ready, and may draw while adding', () => {
    const seen: boolean[] = [];
    const layers: AddedOnFirstUse = new AddedOnFirstUse(() => seen.push(layers.use(true)));
    layers.ready(true);
    expect(seen).toEqual([true]);
  });
});
