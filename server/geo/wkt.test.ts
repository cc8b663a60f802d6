import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { checkedAreaOfWkt } from './wkt.ts';

const refusal = (wkt: string) => {
  try {
    checkedAreaOfWkt(wkt);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe("the service's words for the shared area check", () => {
  it.each([
    ['POINT(1 2)', 'invalid_geometry', 'wkt must be a POLYGON or MULTIPOLYGON, got POINT.'],
    [
      'POLYGON((0 0, 1 0, 1 1, 0 1))',
      'invalid_geometry',
      'Every polygon ring must be closed (first position equal to the last).',
    ],
    ['POLYGON((0 0, 1 0, 0 0))', 'invalid_geometry', 'Every polygon ring needs at least 4 positions (closed).'],
    [
      'POLYGON((0 0, 1 0, 1 100, 0 0))',
      'invalid_geometry',
      'Coordinate (1 100) is outside EPSG:4326 bounds (lon -180..180, lat -90..90; order is "lon lat").',
    ],
  ])('%s', (wkt, code, message) => {
    expect(refusal(wkt)).toEqual({ status: 400, code, message });
  });
});
