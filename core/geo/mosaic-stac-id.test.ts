import { describe, expect, it } from 'vitest';
import { formatMosaicStacId, parseMosaicStacId } from './mosaic-stac-id.ts';

const times = {
  captureStart: '2024-11-01T18:17:51.705Z',
  captureEnd: '2024-11-01T18:21:26Z',
  published: '2024-11-01T19:31:55.000Z',
};

describe('mosaic_stac_id', () => {
  it('is formed as the provider forms it: three compact timestamps and the z14 quadkey', () => {
    expect(formatMosaicStacId(times, { z: 14, x: 2945, y: 6423 })).toBe(
      '20241101T181751_20241101T182126_20241101T193155_02301310020223',
    );
    // Deeper tiles name their z14 ancestor.
    expect(formatMosaicStacId(times, { z: 16, x: 11781, y: 25694 })).toMatch(/_02301310020223$/);
  });

  it('parses back into times and the tile', () => {
    expect(parseMosaicStacId('20241101T181751_20241101T182126_20241101T193155_02301310020223')).toEqual({
      captureStart: '2024-11-01T18:17:51Z',
      captureEnd: '2024-11-01T18:21:26Z',
      published: '2024-11-01T19:31:55Z',
      quadkey: '02301310020223',
      tile: { z: 14, x: 2945, y: 6423 },
    });
  });

  it.each([
    ['too few parts', '20241101T181751_20241101T182126_02301310020223'],
    ['a month 13', '20241301T181751_20241101T182126_20241101T193155_0230'],
    ['a 31st of April', '20240431T181751_20241101T182126_20241101T193155_0230'],
    ['a bad quadkey', '20241101T181751_20241101T182126_20241101T193155_0234'],
    ['no quadkey', '20241101T181751_20241101T182126_20241101T193155_'],
  ])('refuses %s', (_name, id) => {
    expect(parseMosaicStacId(id)).toBeNull();
  });
});
