import { describe, expect, it } from 'vitest';
import { packTiles, type PlannedTile } from './tile-records.ts';
import { outcomesByKey } from './tile-outcomes.ts';
import { provenanceBlob, provenanceCollection, type TileOutcome } from './provenance.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';

const tile = (x: number, cloudCover: number | null = 4): PlannedTile => ({
  z: 18,
  x,
  y: 98_000,
  surveyId: '2026-P1-CO-DEN',
  url: `https://imagery.example/tile/v2/2026-P1-CO-DEN/18/${x}/98000`,
  captureId: '20260401T160000_20260401T180000_20260410T000000_2026-P1-CO-DEN',
  captureStart: '2026-04-01T16:00:00.000Z',
  captureEnd: '2026-04-01T18:00:00.000Z',
  publishedDate: null,
  resolution: '7.5cm',
  cloudCover,
});

const selection = { rule: 'newest' as const, maxCloudCover: 10 };

describe('provenanceBlob', () => {
  it('writes the collection as JSON.stringify(…, null, 1) does, across its parts', async () => {
    const tiles = Array.from({ length: 1_203 }, (_, i) => tile(50_000 + i));
    const outcomes = new Map<string, TileOutcome>(tiles.map((t) => [zxyKey(t), { status: 'exported' }]));
    outcomes.set(zxyKey(tiles[7]), { status: 'no_imagery' });
    outcomes.set(zxyKey(tiles[600]), {
      status: 'failed',
      httpStatus: 503,
      code: 'unavailable',
      message: 'Line one\nline "two"',
      correlationId: 'c-1',
    });
    outcomes.delete(zxyKey(tiles[1_202]));
    const plan = {
      tiles: packTiles(tiles),
      overCloudLimit: packTiles([tile(60_000, 35), tile(60_001, null)]),
      selection,
    };
    const blob = provenanceBlob(plan, outcomesByKey(plan.tiles, outcomes));
    expect(blob.type).toBe('application/geo+json');
    expect(await blob.text()).toBe(
      JSON.stringify(provenanceCollection(plan, outcomesByKey(plan.tiles, outcomes)), null, 1),
    );
  });

  it('writes an empty collection and one of a single feature alike', async () => {
    for (const tiles of [[], [tile(1)]]) {
      const plan = { tiles: packTiles(tiles), overCloudLimit: packTiles([]), selection };
      const outcomes = new Map<string, TileOutcome>(tiles.map((t) => [zxyKey(t), { status: 'exported' }]));
      expect(await provenanceBlob(plan, outcomesByKey(plan.tiles, outcomes)).text()).toBe(
        JSON.stringify(provenanceCollection(plan, outcomesByKey(plan.tiles, outcomes)), null, 1),
      );
    }
  });
});
