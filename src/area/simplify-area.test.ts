import { circle, kinks } from '@turf/turf';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { vertexCount } from '../../core/geo/geometry.ts';
import { simplifyArea } from './simplify-area.ts';
import { square } from '../../core/test/shapes.ts';

/** A disc with a hole `gapKm` inside its edge: simplifying it hard makes the rings cross. */
function thinRing(gapKm: number): Polygon {
  const outer = circle([0, 0], 10, { steps: 800 }).geometry.coordinates[0];
  const hole = circle([0.00001, 0], 10 - gapKm, { steps: 777 })
    .geometry.coordinates[0].slice()
    .reverse();
  return { type: 'Polygon', coordinates: [outer, hole] };
}

describe('simplifyArea', () => {
  it('returns a small area unchanged', () => {
    const area = square(0, 0, 1, 1);
    expect(simplifyArea(area, 500)).toBe(area);
  });

  it('gets under the limit without crossing edges', () => {
    const simplified = simplifyArea(thinRing(0.005), 200);
    expect(vertexCount(simplified)).toBeLessThanOrEqual(200);
    expect(kinks(simplified).features).toHaveLength(0);
  });

  it('refuses rather than return crossing edges', () => {
    expect(() => simplifyArea(thinRing(0.001), 200)).toThrow(
      expect.objectContaining({
        code: 'cannot-simplify',
        message: expect.stringMatching(/1,579 positions and could not be simplified to 200 without its edges crossing/),
      }),
    );
  });
});
