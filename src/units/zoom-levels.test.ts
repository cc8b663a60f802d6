import { describe, expect, it } from 'vitest';
import { groundResolution } from '../../core/geo/web-mercator.ts';
import { imageryZoomHint, mapZoomNow, tileZoomNote } from './zoom-levels.ts';

const mapZoomFor = (tile: number) => tile - 1;

describe('zoom levels in words', () => {
  it('gives the ground size of a tile pixel', () => {
    expect(groundResolution(0, 0)).toBeCloseTo(156_543.03, 1);
    expect(groundResolution(16, 39.74)).toBeCloseTo(1.837, 2);
  });

  it('says which zoom the map is at and from which one imagery is drawn', () => {
    expect(imageryZoomHint('2024Q2-CO-DEN', 14, 12.5)).toBe(
      "Zoom in to see the imagery of 2024Q2-CO-DEN: it is drawn from map zoom 12.5 (the service's tile zoom 14).",
    );
    expect(mapZoomNow(9.26)).toBe('Map zoom now 9.3.');
  });

  it('explains a tile zoom against the map zoom', () => {
    expect(tileZoomNote(16, 39.74, mapZoomFor)).toBe(
      "Tile zoom counts the service's 256-pixel tiles: at z16 a pixel is about 1.8 m here, and the map draws these " +
        "tiles at map zoom 15 (the map's zoom counts 512-pixel tiles, so it reads one less).",
    );
    expect(tileZoomNote(21, 39.74, mapZoomFor)).toContain('about 6 cm here');
  });
});
