import { describe, expect, it } from 'vitest';
import type { TileMetadataItem } from '../../../core/wire/model.ts';
import { defaultZoomFor, type ExportPlan, isPlan, newestTiles, planExport } from './export-plan.ts';
import { tilesOf, type PlannedTile } from './tile-records.ts';
import type { TileChoice } from './tile-selection.ts';

/** Web Mercator's world, in metres across. */
const WORLD = 2 * Math.PI * 6_378_137;

const listing = (x: number, y: number, times: Partial<TileMetadataItem>): TileMetadataItem => ({
  z: 18,
  x,
  y,
  url: `https://imagery.example/${times.captureId}/18/${x}/${y}`,
  extent: null,
  captureId: null,
  captureStart: null,
  captureEnd: null,
  publishedDate: null,
  resolution: '7.5cm',
  fileFormat: 'png',
  percentCovered: 100,
  ...times,
});
const tile = (x: number, y: number, z = 18): PlannedTile => ({
  z,
  x,
  y,
  surveyId: 'S',
  url: `https://imagery.example/${z}/${x}/${y}`,
  captureId: 'c',
  captureStart: null,
  captureEnd: null,
  publishedDate: null,
  resolution: null,
  cloudCover: null,
});
const choice = (tiles: PlannedTile[]): TileChoice => ({
  selection: { rule: 'newest', maxCloudCover: null },
  tiles,
  overCloudLimit: [],
  surveys: [],
  leftOut: [],
});
const plan = (zoom: number, tiles: PlannedTile[]): ExportPlan => {
  const made = planExport(zoom, choice(tiles));
  if (!isPlan(made)) throw new Error(`no plan: ${JSON.stringify(made)}`);
  return made;
};

describe("a survey's newest capture at each position", () => {
  const captured = (id: string, end: string | null, start: string | null, published: string | null = null) =>
    listing(5, 5, { captureId: id, captureEnd: end, captureStart: start, publishedDate: published });
  const chosen = (items: TileMetadataItem[]) => [...tilesOf(newestTiles('S', items))].map((t) => t.captureId);

  it('is the latest capture, in whichever order the service lists them', () => {
    const older = captured('older', '2024-05-01T11:00:00Z', '2024-05-01T10:00:00Z');
    const newer = captured('newer', '2024-06-01T11:00:00Z', '2024-06-01T10:00:00Z');
    expect(chosen([older, newer])).toEqual(['newer']);
    expect(chosen([newer, older])).toEqual(['newer']);
  });

  it('goes by when a capture ended, or began where the end is not given', () => {
    const ended = captured('ended', '2024-06-01T11:00:00Z', '2024-05-01T10:00:00Z');
    const startOnly = captured('start only', null, '2024-07-01T10:00:00Z');
    const undated = captured('undated', null, null);
    expect(chosen([ended, startOnly, undated])).toEqual(['start only']);
    expect(chosen([undated, startOnly, ended])).toEqual(['start only']);
    expect(chosen([startOnly, ended])).toEqual(['start only']);
  });

  it('between captures of the same time, is the one published later', () => {
    const first = captured('first', '2024-06-01T11:00:00Z', null, '2024-06-10T00:00:00Z');
    const republished = captured('republished', '2024-06-01T11:00:00Z', null, '2024-08-10T00:00:00Z');
    expect(chosen([first, republished])).toEqual(['republished']);
    expect(chosen([republished, first])).toEqual(['republished']);
  });
});

describe('an export plan', () => {
  it('places the file at its top-left tile, with the zoom’s pixel size, and its grid as the tiles span it', () => {
    const made = plan(18, [tile(1000, 2000), tile(1002, 2004)]);
    const span = WORLD / 2 ** 18;
    expect(made.georeference.pixelSize).toBeCloseTo(span / 256, 9);
    expect(made.georeference.originX).toBeCloseTo(-WORLD / 2 + 1000 * span, 3);
    expect(made.georeference.originY).toBeCloseTo(WORLD / 2 - 2000 * span, 3);
    expect([made.x0, made.y0]).toEqual([1000, 2000]);
    expect(made.levels[0]).toMatchObject({ tilesAcross: 3, tilesDown: 5, width: 3 * 256, height: 5 * 256 });
  });

  it('gives the ground resolution at the middle of the grid, not at its edge', () => {
    // A tall grid at zoom 14: its rows span ~40° to ~60° N.
    const top = 4_800;
    const bottom = 6_000;
    const made = plan(14, [tile(3_000, top, 14), tile(3_000, bottom, 14)]);
    const latitudeOfRow = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / 2 ** 14))) * 180) / Math.PI;
    const middle = latitudeOfRow((top + bottom) / 2 + 1);
    const expected = (WORLD / 2 ** 14 / 256) * Math.cos((middle * Math.PI) / 180);
    expect(made.groundResolution / expected).toBeCloseTo(1, 3);
  });

  it('takes up to 10,000 tiles and a grid of up to a million cells, and says how far over it is', () => {
    const row = (count: number) => Array.from({ length: count }, (_, i) => tile(i, 0, 21));
    expect(isPlan(planExport(21, choice(row(10_000))))).toBe(true);
    expect(planExport(21, choice(row(10_001)))).toEqual({ kind: 'tooManyTiles', count: 10_001 });
    const corners = (across: number, down: number) => [tile(0, 0, 21), tile(across - 1, down - 1, 21)];
    expect(isPlan(planExport(21, choice(corners(1_000, 1_000))))).toBe(true);
    expect(planExport(21, choice(corners(1_000, 1_001)))).toEqual({ kind: 'gridTooLarge', cells: 1_001_000 });
    expect(planExport(21, choice(corners(2_000, 1_000)))).toEqual({ kind: 'gridTooLarge', cells: 2_000_000 });
  });
});

describe('the default zoom read from a resolution class', () => {
  it('reads the class with spaces around it or between number and unit, in either case', () => {
    expect(defaultZoomFor(' 7.5 CM ', 39.7)).toBe(20);
    expect(defaultZoomFor('7.55cm', 39.7)).toBe(20);
    expect(defaultZoomFor('0.5m\t', 0)).toBe(18);
  });

  it('reads no zoom from a class with anything else in it, or of no size', () => {
    for (const text of ['about 7.5cm', '7.5cm wide', '7.5cmx', '0cm', '0.0 m', ''])
      expect(defaultZoomFor(text, 39.7), text).toBeNull();
  });
});
