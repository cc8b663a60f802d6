import { describe, expect, it } from 'vitest';
import { AreaInputError } from './area-input-error.ts';
import denverArea from './fixtures/denver-area.geojson?raw';
import { parseGeoJsonArea } from './import-geojson.ts';
import { square, squareRing } from '../../core/test/shapes.ts';

const feature = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry });
const collection = (...geometries: unknown[]) => ({ type: 'FeatureCollection', features: geometries.map(feature) });

describe('parseGeoJsonArea', () => {
  it('takes the polygon of a FeatureCollection file and counts what it left out', () => {
    expect(parseGeoJsonArea(denverArea)).toEqual({
      geometry: square(-105.12, 39.7, -105.05, 39.75),
      polygonCount: 1,
      skipped: { Point: 1 },
    });
  });

  it('counts the features without a geometry among what it left out', () => {
    const imported = parseGeoJsonArea(collection(square(0, 0, 1, 1), null, null));
    expect(imported.skipped).toEqual({ 'empty feature': 2 });
  });

  it('reads a Feature and a bare geometry', () => {
    expect(parseGeoJsonArea(feature(square(0, 0, 1, 1))).geometry).toEqual(square(0, 0, 1, 1));
    expect(parseGeoJsonArea(JSON.stringify(square(0, 0, 1, 1))).geometry).toEqual(square(0, 0, 1, 1));
  });

  it('merges separate polygons into one MultiPolygon', () => {
    const imported = parseGeoJsonArea(collection(square(0, 0, 1, 1), square(5, 5, 6, 6)));
    expect(imported.polygonCount).toBe(2);
    expect(imported.geometry.type).toBe('MultiPolygon');
    expect(imported.geometry.coordinates).toHaveLength(2);
  });

  it('merges overlapping polygons into one outline', () => {
    const imported = parseGeoJsonArea(collection(square(0, 0, 2, 1), square(1, 0, 3, 1)));
    expect(imported.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        expect.arrayContaining([
          [0, 0],
          [3, 0],
          [3, 1],
          [0, 1],
        ]),
      ],
    });
  });

  it('keeps a MultiPolygon and its holes, and reads polygons inside a GeometryCollection', () => {
    const multi = {
      type: 'MultiPolygon',
      coordinates: [[squareRing(0, 0, 4, 4), squareRing(1, 1, 2, 2).reverse()], [squareRing(5, 5, 6, 6)]],
    };
    expect(parseGeoJsonArea(multi).geometry).toEqual(multi);
    const nested = {
      type: 'GeometryCollection',
      geometries: [{ type: 'Point', coordinates: [0, 0] }, square(0, 0, 1, 1)],
    };
    expect(parseGeoJsonArea(nested)).toEqual({ geometry: square(0, 0, 1, 1), polygonCount: 1, skipped: { Point: 1 } });
  });

  it('drops altitudes', () => {
    const withZ = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0, 10],
          [1, 0, 10],
          [1, 1, 10],
          [0, 0, 10],
        ],
      ],
    };
    expect(parseGeoJsonArea(withZ).geometry).toEqual({
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

  it('refuses points and lines, saying what it found', () => {
    const pointsAndLine = collection(
      { type: 'Point', coordinates: [0, 0] },
      { type: 'Point', coordinates: [1, 1] },
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
    );
    expect(() => parseGeoJsonArea(pointsAndLine)).toThrow(
      new AreaInputError(
        'wrong-geometry-type',
        'The input holds 2 Points and 1 LineString but no Polygon or MultiPolygon; an area must be a polygon.',
      ),
    );
  });

  it('refuses what is not GeoJSON, precisely', () => {
    expect(() => parseGeoJsonArea('{"type": "Polygon", ')).toThrow(/^This is not valid JSON: /);
    expect(() => parseGeoJsonArea('[1, 2]')).toThrow('This is not GeoJSON: expected an object with a "type".');
    expect(() => parseGeoJsonArea({ type: 'Topology', objects: {} })).toThrow(
      '"type": "Topology" is not GeoJSON; expected a Feature, FeatureCollection or geometry.',
    );
    expect(() => parseGeoJsonArea({ type: 'FeatureCollection', features: [] })).toThrow(
      'The FeatureCollection has no features.',
    );
    expect(() => parseGeoJsonArea(collection(null))).toThrow(/holds no geometry/);
  });

  it('refuses malformed polygons with the structure check message', () => {
    expect(() =>
      parseGeoJsonArea({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      }),
    ).toThrow(/The outer ring is not closed/);
    expect(() =>
      parseGeoJsonArea({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 'x'],
            [0, 0],
          ],
        ],
      }),
    ).toThrow(/Position 3 of the outer ring is not a pair of numbers/);
  });

  it('refuses a projected CRS (old GeoJSON) but accepts CRS84', () => {
    const projected = {
      ...square(0, 0, 1, 1),
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
    };
    expect(() => parseGeoJsonArea(projected)).toThrow(expect.objectContaining({ code: 'unsupported-crs' }));
    const crs84 = {
      ...collection(square(0, 0, 1, 1)),
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } },
    };
    expect(parseGeoJsonArea(crs84).geometry).toEqual(square(0, 0, 1, 1));
  });
});
