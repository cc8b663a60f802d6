import { describe, expect, it } from 'vitest';
import providerTiles from '../../core/wire/fixtures/provider-tile-metadata.json';
import seedTiles from '../../core/wire/fixtures/seed-tile-metadata.json';
import { ShapeError, normaliseTileCaptures } from '../../core/wire/normalise.ts';

describe("one tile's captures (?metadata=true)", () => {
  it("reads the seed's flat array", () => {
    const [item] = normaliseTileCaptures([seedTiles[0]]);
    expect(item).toMatchObject({
      z: 14,
      x: 4454,
      y: 6915,
      captureStart: '2026-10-13T16:59:00.000Z',
      captureEnd: '2026-10-13T21:56:00.000Z',
    });
  });

  it("reads the provider's nested array, the address from the capture-specific URL", () => {
    const items = normaliseTileCaptures([providerTiles[1]]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      z: 14,
      x: 4455,
      y: 6915,
      captureId: '20261013T165900_20261013T215600_20261019T115600_03202301100133',
    });
  });

  it('reads a lone item and a wrapped list', () => {
    expect(normaliseTileCaptures(seedTiles[1])[0]).toMatchObject({ x: 4455 });
    expect(normaliseTileCaptures({ results: seedTiles })).toHaveLength(2);
  });

  it('takes a missing capture time from the capture id, keeps it null without one, and refuses what is no tile', () => {
    const { capture_date_start: _start, ...noStart } = seedTiles[0];
    expect(normaliseTileCaptures([noStart])[0].captureStart).toBe(
      `${seedTiles[0].capture_date_start.slice(0, 19)}.000Z`,
    );
    const { mosaic_stac_id: _id, ...noId } = noStart;
    expect(normaliseTileCaptures([noId])[0].captureStart).toBeNull();
    expect(() => normaliseTileCaptures('nope')).toThrow(ShapeError);
    expect(() => normaliseTileCaptures([{ static_url: 'x' }])).toThrow(ShapeError);
  });
});
