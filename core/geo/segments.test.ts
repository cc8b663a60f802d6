import { describe, expect, it } from 'vitest';
import { inRings, meetingPoint, orient, segmentMeetsBox, segmentsMeet } from './segments.ts';

describe('segment predicates', () => {
  it('tells the turn', () => {
    expect(orient(0, 0, 1, 0, 0, 1)).toBeGreaterThan(0);
    expect(orient(0, 0, 1, 0, 0, -1)).toBeLessThan(0);
    expect(orient(0, 0, 1, 0, 2, 0)).toBe(0);
  });

  it('finds crossing, touching and overlapping segments, and where they meet', () => {
    expect(segmentsMeet(0, 0, 2, 2, 0, 2, 2, 0)).toBe(true);
    expect(meetingPoint([0, 0], [2, 2], [0, 2], [2, 0])).toEqual([1, 1]);
    expect(segmentsMeet(0, 0, 2, 0, 1, 0, 1, 5)).toBe(true);
    expect(meetingPoint([0, 0], [2, 0], [1, 0], [1, 5])).toEqual([1, 0]);
    expect(segmentsMeet(0, 0, 2, 0, 1, 0, 3, 0)).toBe(true);
    expect(segmentsMeet(0, 0, 2, 0, 2.5, 0, 3, 0)).toBe(false);
    expect(segmentsMeet(0, 0, 1, 1, 0, 1, 0.4, 0.6)).toBe(false);
    expect(segmentsMeet(0, 0, 1, 0, 1, 0, 2, 0)).toBe(true);
    expect(segmentsMeet(0, 0, 1, 1, 1, 0, 2, -1)).toBe(false);
  });

  it('clips a segment against a closed box', () => {
    expect(segmentMeetsBox(-1, 0.5, 2, 0.5, 0, 0, 1, 1)).toBe(true);
    expect(segmentMeetsBox(-1, 1, 0, 2, 0, 0, 1, 1)).toBe(false);
    expect(segmentMeetsBox(1, 1, 2, 2, 0, 0, 1, 1)).toBe(true);
  });

  it('decides points inside rings with holes', () => {
    const outer = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [0, 0],
    ];
    const hole = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
      [1, 1],
    ];
    expect(inRings([outer, hole], 3, 3)).toBe(true);
    expect(inRings([outer, hole], 1.5, 1.5)).toBe(false);
    expect(inRings([outer, hole], 5, 1)).toBe(false);
  });
});
