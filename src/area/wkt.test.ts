import type { MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { AreaInputError, type AreaInputErrorCode } from './area-input-error.ts';
import { square, squareRing } from '../../core/test/shapes.ts';
import { areaToWkt, parseAreaWkt } from './wkt.ts';

function errorOf(run: () => unknown): AreaInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof AreaInputError) return error;
    throw error;
  }
  throw new Error('expected an AreaInputError');
}

const refusal = (wkt: string, code: AreaInputErrorCode, message: RegExp) => {
  const error = errorOf(() => parseAreaWkt(wkt));
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
};

describe('areaToWkt', () => {
  it('writes a polygon as the string that is sent', () => {
    expect(areaToWkt(square(-105, 39.7, -104.9, 39.8))).toBe(
      'POLYGON ((-105 39.7, -104.9 39.7, -104.9 39.8, -105 39.8, -105 39.7))',
    );
  });
});

describe('WKT round trips', () => {
  const withHole: Polygon = {
    type: 'Polygon',
    coordinates: [squareRing(0, 0, 10, 10), squareRing(2, 2, 4, 4).reverse()],
  };
  const multi: MultiPolygon = {
    type: 'MultiPolygon',
    coordinates: [
      [squareRing(-105.1, 39.6, -105.05, 39.65)],
      [squareRing(-104.85, 39.85, -104.8, 39.9), squareRing(-104.84, 39.86, -104.83, 39.87)],
    ],
  };

  it.each([
    ['polygon', square(-122.419416, 37.774929, -122.4, 37.79)],
    ['polygon with a hole', withHole],
    ['multipolygon (one part with a hole)', multi],
  ])('%s', (_name, geometry) => {
    const wkt = areaToWkt(geometry);
    expect(parseAreaWkt(wkt)).toEqual(geometry);
    expect(areaToWkt(parseAreaWkt(wkt))).toBe(wkt);
  });

  it('reads lower case, surrounding white space, SRID=4326 and drops Z values', () => {
    expect(parseAreaWkt('  polygon((0 0, 1 0, 1 1, 0 0))\n')).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
    expect(parseAreaWkt('SRID=4326;POLYGON Z((0 0 5, 1 0 5, 1 1 5, 0 0 5))')).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
  });
});

describe('parseAreaWkt refusals', () => {
  it('empty input', () => refusal('   ', 'empty', /Paste a WKT polygon/));
  it('not WKT at all', () =>
    refusal(
      'hello world',
      'not-wkt',
      /not well-formed WKT: it should start with POLYGON or MULTIPOLYGON \(not "hello"\)/,
    ));
  it('GeoJSON pasted instead', () => refusal('{"type":"Polygon"}', 'not-wkt', /looks like GeoJSON/));
  it('unbalanced parentheses', () =>
    refusal('POLYGON((0 0, 1 0, 1 1, 0 0)', 'not-wkt', /unbalanced \(2 opening, 1 closing\)/));
  it('words where numbers belong', () =>
    refusal('POLYGON((a b, 1 0, 1 1, a b))', 'not-wkt', /coordinates must be numbers/));
  it('a position with one number', () => refusal('POLYGON((0 0, 1 0, 1))', 'not-wkt', /two numbers/));
  it('text after the geometry (would drop a second polygon)', () =>
    refusal(
      'POLYGON((0 0, 1 0, 1 1, 0 0)), POLYGON((5 5, 6 5, 6 6, 5 5))',
      'not-wkt',
      /Unexpected text after the geometry: ", POLYGON/,
    ));
  it('a point', () =>
    refusal('POINT(1 2)', 'wrong-geometry-type', /^Got a POINT; the area must be a POLYGON or MULTIPOLYGON\.$/));
  it('a line', () => refusal('LINESTRING(0 0, 1 1)', 'wrong-geometry-type', /Got a LINESTRING/));
  it('an empty polygon', () => refusal('POLYGON EMPTY', 'empty-geometry', /no coordinates/));
  it('another CRS', () =>
    refusal('SRID=3857;POLYGON((0 0, 1 0, 1 1, 0 0))', 'unsupported-crs', /SRID=3857 is not supported/));
  it('an unclosed ring, naming it and its ends', () =>
    refusal(
      'POLYGON((0 0, 1 0, 1 1, 0 1))',
      'unclosed-ring',
      /^The outer ring is not closed: it starts at \(0 0\) but ends at \(0 1\)/,
    ));
  it('an unclosed hole of the second polygon', () =>
    refusal(
      'MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)), ((5 5, 9 5, 9 9, 5 5), (6 6, 7 6, 7 7)))',
      'unclosed-ring',
      /^Hole 1 of polygon 2 is not closed/,
    ));
  it('a ring with too few positions', () =>
    refusal('POLYGON((0 0, 1 0, 0 0))', 'ring-too-short', /has 3 positions; a closed ring needs at least 4/));
  it('a coordinate out of range, with a hint that lat and lon look swapped', () =>
    refusal(
      'POLYGON((39.7 -105, 39.8 -105, 39.8 -104.9, 39.7 -105))',
      'coordinate-out-of-range',
      new RegExp(
        String.raw`Position 1 of the outer ring \(39.7 -105\) is outside EPSG:4326.*` +
          'look swapped: the order is "longitude latitude"',
      ),
    ));
  it('projected coordinates, with a hint', () =>
    refusal(
      'POLYGON((-11688546 4865942, -11677414 4865942, -11677414 4880380, -11688546 4865942))',
      'coordinate-out-of-range',
      /projected coordinates/,
    ));
  it('too many vertices', () => {
    const ring = Array.from({ length: 10_001 }, (_, i) => `${(i / 10_001).toFixed(6)} ${Math.sin(i).toFixed(6)}`);
    refusal(`POLYGON((${ring.join(', ')}, ${ring[0]}))`, 'too-many-vertices', /10,002 positions; the limit is 10,000/);
  });
});
