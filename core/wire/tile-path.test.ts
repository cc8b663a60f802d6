import { describe, expect, it } from 'vitest';
import { parseTilePath, tilePath, XYZ } from './tile-path.ts';

describe('tile paths', () => {
  it('builds a survey tile, a capture tile and an XYZ template, each id one segment', () => {
    expect(tilePath('S 1', null, { z: 16, x: 100, y: 200 })).toBe('/tile/v2/S%201/16/100/200');
    expect(tilePath('S', 'C/2', { z: 18, x: 5, y: 6 })).toBe('/tile/v2/S/C%2F2/18/5/6');
    expect(tilePath('basemap', null, XYZ)).toBe('/tile/v2/basemap/{z}/{x}/{y}');
  });

  it('reads back what it builds, and nothing else', () => {
    for (const [survey, capture] of [
      ['S-1', null],
      ['S 1', 'C-2'],
    ] as const)
      expect(parseTilePath(tilePath(survey, capture, { z: 17, x: 3, y: 4 }))).toEqual({
        surveyId: survey,
        captureId: capture,
        z: 17,
        x: 3,
        y: 4,
      });
    expect(parseTilePath('/tile/v2/S-1/footprint')).toBeNull();
    expect(parseTilePath('/tile/v2/surveys')).toBeNull();
    expect(parseTilePath('/tile/v2/S/16/1/2.png')).toBeNull();
  });
});
