import { describe, expect, it } from 'vitest';
import { isSupportedZoom, MAX_TILE_ZOOM, MIN_TILE_ZOOM } from './limits.ts';

describe('limits', () => {
  it('supports zoom 14 to 21 and nothing else', () => {
    expect([MIN_TILE_ZOOM, MAX_TILE_ZOOM]).toEqual([14, 21]);
    expect([13, 14, 17, 21, 22].map(isSupportedZoom)).toEqual([false, true, true, true, false]);
    expect([14.5, Number.NaN, Number.POSITIVE_INFINITY].map(isSupportedZoom)).toEqual([false, false, false]);
  });
});
