import { describe, expect, it } from 'vitest';
import { latOfTileY, lonOfTileX, tileCoordinates } from '../../../core/geo/tile-address.ts';
import { demoCatalog } from '../../catalog/demo.ts';
import type { Survey } from '../../catalog/survey.ts';
import { renderTile, tileCoverageFraction } from '../render.ts';
import { builtStateAt, tileTruth } from './built-state.ts';
import { H, Q_FARM, Q_RES, S } from './scene.ts';
import { getSec } from './sections.ts';
import { surveyCtx } from './survey-context.ts';
import { WORLD } from './world.ts';

const catalog = demoCatalog();
const survey = (id: string): Survey => catalog.find((s) => s.id === id)!;
/** Denver: the first survey (August 2023) and the last (April 2026); a winter and a summer one in between. */
const first = survey('2023-P01-CO-DEN');
const last = survey('2026-P1-CO-DEN');
const winter = survey('2025-P01-CO-DEN');
const summer = survey('2025Q3-CO-DEN');

interface Quarter {
  D: number;
  type: number;
  /** Its centre. */
  lon: number;
  lat: number;
}

/** The quarters of the scene model around Denver's centre, as it holds them (development year and land use). */
function quarters(): Quarter[] {
  const [cx, cy] = tileCoordinates(-104.99, 39.74, 0).map((unit) => (unit - 0.5) * WORLD);
  const found: Quarter[] = [];
  for (let sy = Math.floor(cy / S) - 20; sy < cy / S + 20; sy++) {
    for (let sx = Math.floor(cx / S) - 20; sx < cx / S + 20; sx++) {
      const sec = getSec(sx, sy);
      for (let q = 0; q < 4; q++) {
        const u = sx * S + (q & 1) * H + H / 2;
        const v = sy * S + (q >> 1) * H + H / 2;
        found.push({
          D: sec.qD[q],
          type: sec.qType[q],
          lon: lonOfTileX(u / WORLD + 0.5, 0),
          lat: latOfTileY(v / WORLD + 0.5, 0),
        });
      }
    }
  }
  return found;
}

/** The z18 tile holding a quarter's centre: inside the quarter (a quarter is 400 m a side, the tile 120 m). */
const tileAtCentre = ({ lon, lat }: Quarter) => {
  const [x, y] = tileCoordinates(lon, lat, 18).map(Math.floor);
  return { z: 18, x, y };
};
const sum = (values: Float32Array) => values.reduce((a, b) => a + b, 0);

describe('the change truth (the built state from the scene model)', () => {
  const all = quarters();
  const [yearFirst, yearLast] = [first, last].map((s) => surveyCtx(s).Y);

  it('changes over a quarter built between two captures', () => {
    // Farmland at the first capture (graded 1.2 years before D), streets and houses at the last (from D − 0.5).
    const built = all.find((q) => q.type === Q_RES && q.D - 1.2 > yearFirst && q.D + 0.5 < yearLast)!;
    expect(built).toBeDefined();
    expect(builtStateAt(first, built.lon, built.lat)).toBe('undeveloped');
    expect(builtStateAt(last, built.lon, built.lat)).not.toBe('undeveloped');
    const { x, y } = tileAtCentre(built);
    const truth = tileTruth(first, last, 18, x, y);
    expect(sum(truth.changed) / 256).toBeGreaterThan(0.9);
  });

  it('stays the same over a quarter never developed', () => {
    const farm = all.find((q) => q.type === Q_FARM && !Number.isFinite(q.D))!;
    const { x, y } = tileAtCentre(farm);
    expect(sum(tileTruth(first, last, 18, x, y).changed)).toBe(0);
  });

  it('stays the same between a winter and a summer capture of a long-built quarter, though every pixel differs', () => {
    const old = all.find((q) => {
      if (q.type !== Q_RES || q.D > 1990) return false;
      const { x, y } = tileAtCentre(q);
      return [winter, summer].every((s) => tileCoverageFraction(s, 18, x, y) === 1);
    })!;
    const { x, y } = tileAtCentre(old);
    const truth = tileTruth(winter, summer, 18, x, y);
    expect(sum(truth.changed)).toBe(0);
    const [a, b] = [winter, summer].map((s) => renderTile(s, 18, x, y)!);
    let difference = 0;
    for (let k = 0; k < a.length; k += 4) difference += Math.abs(a[k + 1] - b[k + 1]);
    expect(difference / (a.length / 4)).toBeGreaterThan(10);
  });

  it('finds clouds and their shadows where the renderer draws them', () => {
    // 2024Q3-CO-DEN (38.7 % cloud) against 2025Q3-CO-DEN (no cloud), both in summer: where the truth hides the ground,
    // the pixels differ much more than where it does not.
    const cloudy = survey('2024Q3-CO-DEN');
    const [x0, y0] = tileCoordinates(-104.99, 39.74, 15).map(Math.floor);
    const tiles = Array.from({ length: 81 }, (_, k) => ({ x: x0 - 4 + (k % 9), y: y0 - 4 + Math.floor(k / 9) }));
    const { x, y } = tiles.find(({ x, y }) => {
      const { hiddenBefore } = tileTruth(cloudy, cloudy, 15, x, y);
      const covered = [cloudy, summer].every((s) => tileCoverageFraction(s, 15, x, y) === 1);
      return covered && hiddenBefore.includes(1) && hiddenBefore.filter((share) => share === 0).length > 64;
    })!;
    const truth = tileTruth(cloudy, summer, 15, x, y);
    expect(truth.hiddenAfter.every((share) => share === 0)).toBe(true);
    const [a, b] = [cloudy, summer].map((s) => renderTile(s, 15, x, y)!);
    const cellDifference = (c: number) => {
      let total = 0;
      for (let j = 0; j < 16; j++) {
        for (let i = 0; i < 16; i++) {
          const at = ((Math.floor(c / 16) * 16 + j) * 256 + (c % 16) * 16 + i) * 4;
          for (let k = 0; k < 3; k++) total += Math.abs(a[at + k] - b[at + k]);
        }
      }
      return total / 768;
    };
    const mean = (cells: number[]) => cells.reduce((sum, c) => sum + cellDifference(c), 0) / cells.length;
    const cells = [...truth.hiddenBefore.keys()];
    const hidden = mean(cells.filter((c) => truth.hiddenBefore[c] === 1));
    const clear = mean(cells.filter((c) => truth.hiddenBefore[c] === 0));
    expect(hidden).toBeGreaterThan(2 * clear);
  });
});
