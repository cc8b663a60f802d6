import { describe, expect, it } from 'vitest';
import { latOfTileY, lonOfTileX } from '../../../core/geo/tile-address.ts';
import { type ChangePair, ChangeResults, OBSCURED, PAIR_STATUS } from '../change/index.ts';
import { formatEta, formatPlace, rankedSpots } from './change-spots.ts';
import { HEAT_MAP_OVERLAY, heatMapFeatures, levelOf } from './heat-map.ts';

const pair = (x: number): ChangePair => ({
  z: 17,
  x,
  y: 51_375,
  before: { surveyId: 'A', captureId: null, date: '2022-02-13T14:00:00Z' },
  after: { surveyId: 'B', captureId: null, date: '2025-02-18T14:00:00Z' },
});

/** A scored pair: `changed` cells (from the first) at `score`, and `cloudy` cells (from the last) obscured. */
function record(results: ChangeResults, i: number, changed: number, score: number, cloudy = 0) {
  const cells = new Uint8Array(256);
  const obscured = new Uint8Array(256);
  for (let c = 0; c < changed; c++) cells[c] = score;
  for (let c = 0; c < cloudy; c++) obscured[255 - c] = OBSCURED.cloud;
  results.record(i, PAIR_STATUS.scored, { cells, obscured, changedCells: changed, obscuredCells: cloudy });
}

describe('the heat map and the spots of a run', () => {
  const pairs = [pair(1), pair(2), pair(3), pair(4)];
  const results = new ChangeResults(4);
  record(results, 0, 4, 150);
  record(results, 1, 40, 255, 16);
  record(results, 2, 0, 0);
  results.record(3, PAIR_STATUS.failed, undefined, { status: 503, message: 'Try later.', correlationId: null });

  it('draws only lines: a ring per changed cell in its score class, a diagonal per cell not compared', () => {
    expect(HEAT_MAP_OVERLAY.layers.every((layer) => layer.type === 'line')).toBe(true);
    expect([0, 127, 128, 169, 170, 212, 255].map(levelOf)).toEqual([0, 0, 1, 1, 2, 3, 3]);
    const { features } = heatMapFeatures(results, pairs);
    const rings = (level: number) =>
      features
        .filter((f) => f.properties?.kind === 'changed' && f.properties.level === level)
        .flatMap((f) => (f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : []));
    expect(rings(1)).toHaveLength(4);
    expect(rings(3)).toHaveLength(40);
    const diagonals = features
      .filter((f) => f.properties?.kind === 'obscured')
      .flatMap((f) => (f.geometry.type === 'MultiLineString' ? f.geometry.coordinates : []));
    // 16 cloudy cells, and every cell of the pair that failed.
    expect(diagonals).toHaveLength(16 + 256);
  });

  it('ranks the most-changed tiles first, each placed over its changed cells and explained', () => {
    const spots = rankedSpots(results, pairs);
    expect(spots.map((s) => s.index)).toEqual([1, 0]);
    const [first] = spots;
    expect(first.explanation).toMatchObject({ verdict: 'changed', before: pairs[1].before, after: pairs[1].after });
    // The changed cells are the first 40 (the top two and a half rows): north of the tile's middle.
    const [west, north] = first.place;
    expect(north).toBeGreaterThan(latOfTileY(51_375.5, 17));
    expect(north).toBeLessThan(latOfTileY(51_375, 17));
    // Two full rows and half the third: centres at cell x 0.5–15.5 (32 of them) and 0.5–7.5 (8).
    expect(west).toBeCloseTo(lonOfTileX(2 + (32 * 8 + 8 * 4) / 40 / 16, 17), 9);
    expect(formatPlace([-115.1217, 36.20551])).toBe('36.20551° N, 115.12170° W');
    expect(formatEta({ done: 10, total: 40, elapsedMs: 5_000 })).toBe('about 15 s left');
    expect(formatEta({ done: 1, total: 100, elapsedMs: 5_000 })).toBe('about 8 min left');
    expect(formatEta({ done: 0, total: 100, elapsedMs: 5_000 })).toBe('');
  });
});
