import { describe, expect, it } from 'vitest';
import type { IdFeature } from '../../map/feature-diff.ts';
import { type ChangePair, ChangeResults, PAIR_STATUS, type PairScore } from '../change/index.ts';
import { HeatMapTiles, heatMapDraws } from './heat-map-draws.ts';

const pair = (x: number): ChangePair => ({
  z: 17,
  x,
  y: 51_375,
  before: { surveyId: 'A', captureId: null, date: '2022-02-13T14:00:00Z' },
  after: { surveyId: 'B', captureId: null, date: '2025-02-18T14:00:00Z' },
});
/** A tile with its first three cells changed. */
const changed = (): PairScore => ({
  cells: new Uint8Array(256).fill(200, 0, 3),
  obscured: new Uint8Array(256),
  changedCells: 3,
  obscuredCells: 0,
});

describe('the heat map while a run goes on', () => {
  it("makes each tile's features once, as it ends, and keeps those made", () => {
    const results = new ChangeResults(3);
    const tiles = new HeatMapTiles([pair(1), pair(2), pair(3)]);
    expect(tiles.of(results)).toEqual([]);
    results.record(1, PAIR_STATUS.scored, changed());
    const first = tiles.of(results);
    expect(first.map((f) => f.properties.id)).toEqual(['1-changed-2']);
    results.record(0, PAIR_STATUS.noImagery);
    const second = tiles.of(results);
    expect(second.map((f) => f.properties.id)).toEqual(['1-changed-2', '0-obscured']);
    // The same objects: the by-id source is sent only the new tile.
    expect(second[0]).toBe(first[0]);
    expect(tiles.of(results)).toEqual(second);
  });

  it('updates the map at most twice a second while results arrive, with the latest, and the answer at once', () => {
    const pairs = Array.from({ length: 40 }, (_, i) => pair(i));
    const results = new ChangeResults(pairs.length);
    let now = 0;
    const timers: { at: number; run: () => void }[] = [];
    const updates: IdFeature[][] = [];
    const draws = heatMapDraws(pairs, (features) => updates.push(features), {
      now: () => now,
      schedule: (run, ms) => timers.push({ at: now + ms, run }),
    });
    // A batch of results every 100 ms for two seconds (a pair ending with each).
    for (let i = 0; i < 20; i++) {
      results.record(i, PAIR_STATUS.scored, changed());
      draws.soFar(results);
      now += 100;
      while (timers.length > 0 && timers[0].at <= now) timers.shift()!.run();
    }
    expect(updates.map((features) => features.length)).toEqual([1, 5, 10, 15, 20]);
    // The answer: drawn at once, whatever waited dropped.
    results.record(20, PAIR_STATUS.scored, changed());
    draws.soFar(results);
    for (let i = 21; i < 40; i++) results.record(i, PAIR_STATUS.identical);
    draws.ended(results);
    expect(updates.at(-1)).toHaveLength(21);
    for (const timer of timers) timer.run();
    expect(updates).toHaveLength(6);
    // Stopped (the run cancelled), a draw waiting for its turn is not made.
    draws.soFar(results);
    draws.stop();
    for (const timer of timers) timer.run();
    expect(updates).toHaveLength(6);
  });
});
