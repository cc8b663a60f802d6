import { describe, expect, it } from 'vitest';
import { normaliseTileMetadata } from '../../../core/wire/normalise.ts';
import { newCaptures, updatedTilesCollection, updatedTilesOf, updatesFrame } from './mosaic-updates-model.ts';

const item = (x: number, capture: string, published: string) => ({
  static_url: `https://svc/tile/v2/S/${capture}_${capture}_${published}_0231/14/${x}/6219`,
  geospatial_extent: [-105 + x * 0.01, 39.7, -104.99 + x * 0.01, 39.71],
  mosaic_stac_id: `${capture}_${capture}_${published}_0231`,
  file_format: 'png',
});

describe('what changed', () => {
  it('keeps the newest capture of each tile position and counts tiles per new capture', () => {
    const items = normaliseTileMetadata([
      [item(3413, '20251120T160000', '20251205T000000'), item(3413, '20250310T160000', '20250320T000000')],
      [item(3414, '20250310T160000', '20250320T000000')],
    ]);
    const tiles = updatedTilesOf(items);
    expect(tiles.map((t) => [t.key, t.captureStart])).toEqual([
      ['14/3413/6219', '2025-11-20T16:00:00.000Z'],
      ['14/3414/6219', '2025-03-10T16:00:00.000Z'],
    ]);
    expect(newCaptures(tiles).map((c) => [c.captureStart.slice(0, 10), c.tiles])).toEqual([
      ['2025-11-20', 1],
      ['2025-03-10', 1],
    ]);
    const drawn = updatedTilesCollection(tiles);
    expect(drawn.features).toHaveLength(2);
    expect(drawn.features[0].properties).toEqual({ key: '14/3413/6219', captured: '2025-11-20' });
  });
});

describe('updatesFrame', () => {
  const tile = (west: number, south: number) =>
    ({ extent: [west, south, west + 0.02, south + 0.02] }) as Parameters<typeof updatesFrame>[0][number];

  it('holds every updated tile, and centres on the one nearest their middle', () => {
    const { extent, centre } = updatesFrame([tile(-105, 39.7), tile(-104.9, 39.8), tile(-104.96, 39.74)]);
    expect(extent.map((value) => value.toFixed(9))).toEqual([
      '-105.000000000',
      '39.700000000',
      '-104.880000000',
      '39.820000000',
    ]);
    expect(centre[0]).toBeCloseTo(-104.95, 9);
    expect(centre[1]).toBeCloseTo(39.75, 9);
  });
});
