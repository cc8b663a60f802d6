import { booleanClockwise } from '@turf/turf';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { swappedReading } from './swapped-reading.ts';
import { parseAreaWkt } from './wkt.ts';

describe('swappedReading', () => {
  it('reads Tampa typed as "lat lon" the right way round, keeping the rings’ winding', () => {
    const typed = parseAreaWkt('POLYGON((27.9 -82.4, 28.0 -82.4, 28.0 -82.5, 27.9 -82.5, 27.9 -82.4))') as Polygon;
    const swapped = swappedReading(typed) as Polygon;
    expect(swapped.coordinates[0]).toEqual([
      [-82.4, 27.9],
      [-82.5, 27.9],
      [-82.5, 28.0],
      [-82.4, 28.0],
      [-82.4, 27.9],
    ]);
    expect(booleanClockwise(swapped.coordinates[0])).toBe(booleanClockwise(typed.coordinates[0]));
  });

  it('swaps each polygon of a MultiPolygon; no reading where a longitude beyond ±90° would be a latitude', () => {
    const multi = parseAreaWkt('MULTIPOLYGON(((10 20, 11 20, 11 21, 10 20)), ((30 40, 31 40, 31 41, 30 40)))');
    expect(swappedReading(multi)).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [20, 10],
            [21, 11],
            [20, 11],
            [20, 10],
          ],
        ],
        [
          [
            [40, 30],
            [41, 31],
            [40, 31],
            [40, 30],
          ],
        ],
      ],
    });
    expect(swappedReading(parseAreaWkt('POLYGON((-105 39.7, -104.9 39.7, -104.9 39.8, -105 39.7))'))).toBeNull();
  });
});
