import { booleanPointInPolygon } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import type { MultiPolygon, Polygon } from 'geojson';
import { mapZoomFor } from '../../map/preview-layer.ts';
import { DETAIL_TILE_ZOOM, focusPoint, imageryView } from './focus-point.ts';

const square = (x: number, y: number, size: number): Polygon['coordinates'] => [
  [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
    [x, y],
  ],
];

describe('focusPoint', () => {
  it('takes the centre of a convex footprint', () => {
    expect(focusPoint({ type: 'Polygon', coordinates: square(0, 0, 2) })).toEqual([1, 1]);
  });

  it('stays inside a U-shaped footprint whose centre is outside it', () => {
    const u: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [3, 0],
          [3, 3],
          [2, 3],
          [2, 1],
          [1, 1],
          [1, 3],
          [0, 3],
          [0, 0],
        ],
      ],
    };
    expect(booleanPointInPolygon(focusPoint(u), u)).toBe(true);
  });

  it('picks the largest part of a MultiPolygon', () => {
    const multi: MultiPolygon = { type: 'MultiPolygon', coordinates: [square(0, 0, 1), square(10, 10, 4)] };
    expect(focusPoint(multi)).toEqual([12, 12]);
  });
});

describe('imageryView', () => {
  const footprint: MultiPolygon = { type: 'MultiPolygon', coordinates: [square(0, 0, 0.1), square(1, 1, 0.4)] };
  const boundsAround = ([lon, lat]: [number, number], half: number): [number, number, number, number] => [
    lon - half,
    lat - half,
    lon + half,
    lat + half,
  ];
  const detail = mapZoomFor(DETAIL_TILE_ZOOM);

  it('stays where the imagery is already drawn: the view centre over the footprint at an imagery zoom', () => {
    const center: [number, number] = [1.2, 1.2];
    expect(imageryView(footprint, { center, zoom: 16.3, bounds: boundsAround(center, 0.01) })).toBeNull();
  });

  it('zooms in where it is when the centre is over the footprint but too far out for tiles', () => {
    const center: [number, number] = [1.2, 1.2];
    expect(imageryView(footprint, { center, zoom: 9, bounds: boundsAround(center, 1) })).toEqual({
      center,
      zoom: detail,
    });
  });

  it('goes to the part nearest the view, at the detail zoom, with the imagery filling the view', () => {
    // The view shows both parts; its centre is nearer the small one's corner (0.1, 0.1).
    const center: [number, number] = [0.3, 0.3];
    const view = imageryView(footprint, { center, zoom: 8, bounds: boundsAround(center, 1.5) })!;
    expect(view.zoom).toBe(detail);
    expect(booleanPointInPolygon(view.center, { type: 'Polygon', coordinates: square(0, 0, 0.1) })).toBe(true);
    expect(Math.hypot(view.center[0] - 0.1, view.center[1] - 0.1)).toBeLessThan(0.02);
  });

  it('keeps a deep zoom while moving to the nearest part when the centre is beside the footprint', () => {
    const center: [number, number] = [1.401, 1.2];
    const view = imageryView(footprint, { center, zoom: 17, bounds: boundsAround(center, 0.003) })!;
    expect(view.zoom).toBe(17);
    expect(booleanPointInPolygon(view.center, footprint)).toBe(true);
    expect(view.center[0]).toBeGreaterThan(1.39);
  });

  it('goes to the largest part when the view shows none of the footprint', () => {
    const center: [number, number] = [-20, 40];
    expect(imageryView(footprint, { center, zoom: 10, bounds: boundsAround(center, 0.5) })).toEqual({
      center: [1.2, 1.2],
      zoom: detail,
    });
  });
});
