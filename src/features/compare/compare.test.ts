import { describe, expect, it } from 'vitest';
import { tileExtent } from '../../../core/geo/tile-address.ts';
import { mapZoomFor } from '../../map/imagery-source.ts';
import { sameCursorTile, tileUnderCursor } from './tile-under-cursor.ts';

describe('tile under the cursor', () => {
  const denver: [number, number] = [-104.9903, 39.7392];

  it('is the service tile drawn at the map zoom, and contains the point', () => {
    const at = tileUnderCursor(denver, mapZoomFor(16));
    expect(at.kind).toBe('tile');
    if (at.kind !== 'tile') return;
    expect(at.tile.z).toBe(16);
    const [west, south, east, north] = tileExtent(at.tile);
    expect(denver[0]).toBeGreaterThanOrEqual(west);
    expect(denver[0]).toBeLessThan(east);
    expect(denver[1]).toBeGreaterThanOrEqual(south);
    expect(denver[1]).toBeLessThan(north);
  });

  it('rounds the zoom as raster tiles are chosen, and clamps it to 21', () => {
    expect(tileUnderCursor(denver, mapZoomFor(15) + 0.4)).toMatchObject({ kind: 'tile', tile: { z: 15 } });
    expect(tileUnderCursor(denver, mapZoomFor(15) + 0.6)).toMatchObject({ kind: 'tile', tile: { z: 16 } });
    expect(tileUnderCursor(denver, 22)).toMatchObject({ kind: 'tile', tile: { z: 21 } });
  });

  it('says the map is too far out below z14, and off the map without a point', () => {
    expect(tileUnderCursor(denver, mapZoomFor(13))).toEqual({ kind: 'too-far', tileZoom: 13 });
    expect(tileUnderCursor(null, 15)).toEqual({ kind: 'off-map' });
    expect(tileUnderCursor([0, 89], 15)).toEqual({ kind: 'off-map' });
  });

  it('wraps longitudes from a map panned around the world', () => {
    expect(tileUnderCursor([denver[0] + 360, denver[1]], 15)).toEqual(tileUnderCursor(denver, 15));
  });

  it('treats points within one tile as the same tile', () => {
    const a = tileUnderCursor(denver, 15);
    const b = tileUnderCursor([denver[0] + 0.00001, denver[1]], 15);
    const far = tileUnderCursor([denver[0] + 0.01, denver[1]], 15);
    expect(sameCursorTile(a, b)).toBe(true);
    expect(sameCursorTile(a, far)).toBe(false);
  });
});
