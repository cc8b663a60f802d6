import { describe, expect, it } from 'vitest';
import { readAreaWkt } from './read-wkt.ts';

const SQUARE = 'POLYGON((0 0, 1 0, 1 1, 0 0))';

describe('readAreaWkt', () => {
  it('reads an area, or names what is wrong for each side to word', () => {
    expect(readAreaWkt(SQUARE).area?.type).toBe('Polygon');
    expect(readAreaWkt('POLYGON((0 0, 1').problem).toEqual({ code: 'not-wkt' });
    expect(readAreaWkt('POINT(1 2)').problem).toEqual({ code: 'wrong-geometry-type', type: 'Point' });
    expect(readAreaWkt('POLYGON((0 0, 1 0, 1 1, 0 1))').problem?.code).toBe('unclosed-ring');
  });

  it('refuses text after the geometry only when asked to read exactly', () => {
    const twice = `${SQUARE} ${SQUARE}`;
    expect(readAreaWkt(twice).area).toBeDefined();
    expect(readAreaWkt(twice, { exact: true }).problem).toEqual({ code: 'text-after-geometry', text: SQUARE });
  });
});
