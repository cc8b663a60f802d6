import { describe, expect, it } from 'vitest';
import { compareSideFor } from './side-choice.ts';

const captures = [
  { id: 'old', captureStart: '2022-05-01T10:00:00Z' },
  { id: 'a', captureStart: '2023-01-01T10:00:00Z' },
  { id: 'mid-early', captureStart: '2023-06-01T10:00:00Z' },
  { id: 'mid-late', captureStart: '2024-09-01T10:00:00Z' },
  { id: 'b', captureStart: '2025-01-01T10:00:00Z' },
  { id: 'new', captureStart: '2026-03-01T10:00:00Z' },
];

describe('compareSideFor', () => {
  it('replaces the side whose capture is nearer in time', () => {
    expect(compareSideFor(captures, 'a', 'b', 'old')).toEqual({ side: 'a' });
    expect(compareSideFor(captures, 'a', 'b', 'mid-early')).toEqual({ side: 'a' });
    expect(compareSideFor(captures, 'a', 'b', 'mid-late')).toEqual({ side: 'b' });
    expect(compareSideFor(captures, 'a', 'b', 'new')).toEqual({ side: 'b' });
    // Sides in either order: B older than A.
    expect(compareSideFor(captures, 'b', 'a', 'old')).toEqual({ side: 'b' });
  });

  it('replaces the side that is not on the strip when only one is', () => {
    expect(compareSideFor(captures, 'elsewhere', 'b', 'new')).toEqual({ side: 'a' });
    expect(compareSideFor(captures, 'a', 'elsewhere', 'old')).toEqual({ side: 'b' });
  });

  it('says why nothing changes', () => {
    expect(compareSideFor(captures, 'a', 'b', 'a')).toEqual({ unchanged: 'a is already side A.' });
    expect(compareSideFor(captures, 'a', 'b', 'b')).toEqual({ unchanged: 'b is already side B.' });
    expect(compareSideFor(captures, 'x', 'y', 'old')).toEqual({
      unchanged: expect.stringContaining('Neither compared survey is on this timeline'),
    });
  });
});
