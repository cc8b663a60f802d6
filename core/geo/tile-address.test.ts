import { pointToTile, tileToBBOX as tileBBox } from '@mapbox/tilebelt';
import { describe, expect, it } from 'vitest';
import {
  ancestorAt,
  isValidTile,
  latOfTileY,
  lonOfTileX,
  MAX_MERCATOR_LAT,
  quadkeyOf,
  tileAt,
  tileCoordinates,
  tileExtent,
  zxyKey,
  tileOfZxyKey,
  tileOfQuadkey,
  tilePolygon,
  tileRangeOf,
  tileRangeSize,
  tilesAround,
} from './tile-address.ts';

describe('tile addressing', () => {
  it('finds the same tile as tilebelt away from the edges of the map', () => {
    for (const [lon, lat] of [
      [-104.99, 39.74],
      [-115.15, 36.15],
      [151.2, -33.87],
      [0.001, 51.5],
    ]) {
      for (const z of [14, 16, 21]) {
        const [x, y] = pointToTile(lon, lat, z);
        expect(tileAt(lon, lat, z)).toEqual({ z, x, y });
      }
    }
  });

  it('puts 180° in the last column and −180° in the first, where tilebelt wraps 180° to column 0', () => {
    expect(pointToTile(180, 10, 16)[0]).toBe(0);
    expect(tileAt(180, 10, 16).x).toBe(2 ** 16 - 1);
    expect(tileAt(-180, 10, 16).x).toBe(0);
    expect(tileCoordinates(180, 0, 3)).toEqual([8, 4]);
    expect(tileCoordinates(-180, 0, 3)).toEqual([0, 4]);
    expect(tileAt(200, 0, 3).x).toBe(7);
  });

  it('clamps latitude to the edge of Web Mercator, so the poles are the first and last rows', () => {
    expect(tileCoordinates(0, 90, 2)[1]).toBe(0);
    expect(tileCoordinates(0, -90, 2)[1]).toBe(4);
    expect(tileAt(0, 89, 14).y).toBe(0);
    expect(tileAt(0, -89.9, 14).y).toBe(2 ** 14 - 1);
    expect(tileCoordinates(0, MAX_MERCATOR_LAT, 5)[1]).toBeCloseTo(0, 9);
  });

  it('counts the tiles of an extent, also one reaching 180° (never negative)', () => {
    expect(tileRangeSize(tileRangeOf([-180, -85, 180, 85], 2))).toBe(16);
    expect(tileRangeSize(tileRangeOf([0.01, 0.01, 0.02, 0.02], 1))).toBe(1);
    const range = tileRangeOf([179, 0, 180, 1], 16);
    expect(range.maxX).toBe(2 ** 16 - 1);
    expect(tileRangeSize(range)).toBeGreaterThan(30_000);
  });

  it('gives the extent and polygon of a tile', () => {
    const [west, south, east, north] = tileExtent({ z: 1, x: 0, y: 0 });
    expect([west, south, east]).toEqual([-180, 0, 0]);
    expect(north).toBeCloseTo(MAX_MERCATOR_LAT, 9);
    expect(tilePolygon({ z: 1, x: 1, y: 1 }).coordinates[0]).toContainEqual([180, 0]);
    expect(zxyKey({ z: 16, x: 13655, y: 24872 })).toBe('16/13655/24872');
    expect(tileOfZxyKey('16/13655/24872')).toEqual({ z: 16, x: 13655, y: 24872 });
    for (const bad of ['16/13655', '2/4/0', 'a/b/c', '16/-1/2']) expect(tileOfZxyKey(bad), bad).toBeNull();
    const [w, s, e, n] = tileBBox([13655, 24872, 16]);
    expect(
      tileExtent({ z: 16, x: 13655, y: 24872 })
        .map((v, i) => v - [w, s, e, n][i])
        .every((d) => Math.abs(d) < 1e-12),
    ).toBe(true);
  });

  it('converts tile edges back to longitude and latitude', () => {
    expect(lonOfTileX(0, 4)).toBe(-180);
    expect(lonOfTileX(16, 4)).toBe(180);
    expect(latOfTileY(8, 4)).toBe(0);
    const [x, y] = tileCoordinates(lonOfTileX(1234.5, 14), latOfTileY(5678.25, 14), 14);
    expect(x).toBeCloseTo(1234.5, 9);
    expect(y).toBeCloseTo(5678.25, 9);
  });

  it('checks addresses', () => {
    expect(isValidTile({ z: 2, x: 3, y: 3 })).toBe(true);
    expect(isValidTile({ z: 2, x: 4, y: 0 })).toBe(false);
    expect(isValidTile({ z: 2, x: -1, y: 0 })).toBe(false);
    expect(isValidTile({ z: 2, x: 1.5, y: 0 })).toBe(false);
  });

  it('converts quadkeys both ways and finds ancestors', () => {
    const tile = { z: 14, x: 2945, y: 6423 };
    expect(quadkeyOf(tile)).toHaveLength(14);
    expect(tileOfQuadkey(quadkeyOf(tile))).toEqual(tile);
    expect(tileOfQuadkey('0123x')).toBeNull();
    expect(ancestorAt({ z: 16, x: 11781, y: 25694 }, 14)).toEqual({ z: 14, x: 2945, y: 6423 });
    expect(ancestorAt({ z: 12, x: 5, y: 6 }, 14)).toEqual({ z: 12, x: 5, y: 6 });
  });

  it('takes the 2 × 2 tiles sharing the corner nearest a point, kept inside the map at its edges', () => {
    const z = 17;
    // A point a quarter of a tile right of and below tile (100, 200)'s top-left corner: the corner is (100, 200).
    const around = tilesAround(lonOfTileX(100.25, z), latOfTileY(200.25, z), z);
    expect(around).toEqual([
      { z, x: 99, y: 199 },
      { z, x: 100, y: 199 },
      { z, x: 99, y: 200 },
      { z, x: 100, y: 200 },
    ]);
    // Three quarters of the way across: the next corner.
    expect(tilesAround(lonOfTileX(100.75, z), latOfTileY(200.75, z), z)[0]).toEqual({ z, x: 100, y: 200 });
    expect(tilesAround(-180, MAX_MERCATOR_LAT, 3)[0]).toEqual({ z: 3, x: 0, y: 0 });
    expect(tilesAround(180, -MAX_MERCATOR_LAT, 3)[3]).toEqual({ z: 3, x: 7, y: 7 });
  });
});
