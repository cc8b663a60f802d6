import { describe, expect, it } from 'vitest';
import { tilesCovering } from '../../../core/geo/covered-tiles.ts';
import { type AreaGeometry, extentPolygon } from '../../../core/geo/geometry.ts';
import { defaultZoomFor } from './export-plan.ts';
import { defaultExportZoom, exportTileCount } from './export-zoom.ts';

const box = (west: number, south: number, east: number, north: number) => extentPolygon([west, south, east, north]);

/** About 10.6 km² of central Denver: 12,519 tiles at z20, 3,186 at z19. */
const AREA = box(-105.0, 39.73, -104.96, 39.758);
const tilesAt = (area: AreaGeometry, z: number) => {
  const listed = tilesCovering(area, z);
  return listed.kind === 'tiles' ? listed.tiles.length : Number.NaN;
};

describe('the tiles an export holds', () => {
  it('counts the positions any survey has imagery at, once, exactly as the service lists them', () => {
    const west = box(-105.01, 39.72, -104.98, 39.77);
    const east = box(-104.99, 39.72, -104.95, 39.77);
    const both = exportTileCount(AREA, [west, east], 18);
    expect(both).toEqual({ count: tilesAt(AREA, 18), overCap: false });
    const onlyWest = exportTileCount(AREA, [west], 18);
    expect(onlyWest.count).toBe(tilesAt(box(-105.0, 39.73, -104.98, 39.758), 18));
    expect(exportTileCount(AREA, [box(-100, 30, -99, 31)], 18)).toEqual({ count: 0, overCap: false });
  });

  it('is over the cap past 10,000', () => {
    expect(exportTileCount(AREA, [AREA], 20)).toEqual({ count: 10_000, overCap: true });
  });
});

describe('the zoom an export opens at', () => {
  it('is the finest within the cap when the resolution’s zoom is over it (the newcomer’s 10 km² at 7.5 cm)', () => {
    const finest = defaultZoomFor('7.5cm', 39.74);
    expect(finest).toBe(20);
    const opening = defaultExportZoom(finest ?? 0, (z) => exportTileCount(AREA, [AREA], z));
    expect(opening).toEqual({ zoom: 19, count: { count: tilesAt(AREA, 19), overCap: false } });
    expect(opening.count.count).toBeGreaterThan(2_500);
  });

  it('is the resolution’s zoom when that is within the cap', () => {
    const small = box(-105.0, 39.73, -104.99, 39.735);
    expect(defaultExportZoom(20, (z) => exportTileCount(small, [small], z)).zoom).toBe(20);
  });

  it('is the coarsest, still over the cap, when every zoom is', () => {
    const huge = box(-106, 38, -103, 41);
    expect(defaultExportZoom(20, (z) => exportTileCount(huge, [huge], z))).toEqual({
      zoom: 14,
      count: { count: 10_000, overCap: true },
    });
  });
});
