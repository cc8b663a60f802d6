import { describe, expect, it } from 'vitest';
import { compareSideFor } from './side-choice.ts';

const surveys = [
  { id: 'old', captureStart: '2022-05-01T10:00:00Z' },
  { id: 'a', captureStart: '2023-01-01T10:00:00Z' },
  { id: 'mid-early', captureStart: '2023-06-01T10:00:00Z' },
  { id: 'mid-late', captureStart: '2024-09-01T10:00:00Z' },
  { id: 'b', captureStart: '2025-01-01T10:00:00Z' },
  { id: 'new', captureStart: '2026-03-01T10:00:00Z' },
];

describe('compareSideFor', () => {
  it('replaces the side whose survey is nearer in time', () => {
    expect(compareSideFor(surveys, 'a', 'b', 'old')).toEqual({ side: 'a' });
    expect(compareSideFor(surveys, 'a', 'b', 'mid-early')).toEqual({ side: 'a' });
    expect(compareSideFor(surveys, 'a', 'b', 'mid-late')).toEqual({ side: 'b' });
    expect(compareSideFor(surveys, 'a', 'b', 'new')).toEqual({ side: 'b' });
    // Sides in either order: B older than A.
    expect(compareSideFor(surveys, 'b', 'a', 'old')).toEqual({ side: 'b' });
  });

  it('replaces the side that is not on the strip when only one is', () => {
    expect(compareSideFor(surveys, 'elsewhere', 'b', 'new')).toEqual({ side: 'a' });
    expect(compareSideFor(surveys, 'a', 'elsewhere', 'old')).toEqual({ side: 'b' });
  });

  it('says why nothing changes', () => {
    expect(compareSideFor(surveys, 'a', 'b', 'a')).toEqual({ unchanged: 'a is already side A.' });
    expect(compareSideFor(surveys, 'a', 'b', 'b')).toEqual({ unchanged: 'b is already side B.' });
    expect(compareSideFor(surveys, 'x', 'y', 'old')).toEqual({
      unchanged: expect.stringContaining('Neither compared survey is on this timeline'),
    });
  });
});
