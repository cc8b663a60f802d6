import { describe, expect, it } from 'vitest';
import providerTiles from '../../../core/wire/fixtures/provider-tile-metadata.json';
import seedCoverage from '../../../core/wire/fixtures/seed-coverage.json';
import { normaliseCoverage, normaliseTileMetadata } from '../../../core/wire/normalise.ts';
import { square } from '../../../core/test/shapes.ts';
import {
  coverageFootprints,
  summariseCoverage,
  tileFetchPlan,
  tileGridOf,
  tilePositionCount,
} from './coverage-results.ts';
import { toTileExportItems, withApiKey } from './tile-export.ts';

const area = square(-105.06, 39.74, -105.056, 39.744);

describe('summariseCoverage', () => {
  it('ranks the results by the percent of the area they cover and gives the uncovered part', () => {
    const surveys = normaliseCoverage(seedCoverage);
    const { results, uncovered } = summariseCoverage(area, surveys);
    expect(results.map((r) => r.id).sort()).toEqual(surveys.map((s) => s.id).sort());
    for (const [a, b] of results.slice(1).map((r, i) => [results[i], r]))
      expect(a.percentCovered).toBeGreaterThanOrEqual(b.percentCovered);
    expect(results[0].percentCovered).toBeCloseTo(100, 5);
    expect(uncovered).toEqual({ geometry: null, km2: 0 });
  });

  it('works each answer out once per area', () => {
    const surveys = normaliseCoverage(seedCoverage);
    expect(summariseCoverage(area, surveys)).toBe(summariseCoverage(area, surveys));
    expect(summariseCoverage(square(-105.06, 39.74, -105.05, 39.75), surveys)).not.toBe(
      summariseCoverage(area, surveys),
    );
  });

  it('measures what no result covers', () => {
    const surveys = normaliseCoverage(seedCoverage).map((s) => ({
      ...s,
      footprint: square(-105.06, 39.74, -105.058, 39.744),
    }));
    const { results, uncovered } = summariseCoverage(area, surveys);
    expect(results[0].percentCovered).toBeCloseTo(50, 0);
    expect(uncovered.km2).toBeGreaterThan(0.05);
    expect(uncovered.geometry?.type).toBe('Polygon');
  });

  it("draws every result's footprint, the service's first on top (last drawn)", () => {
    const surveys = normaliseCoverage(seedCoverage);
    const features = coverageFootprints(surveys).features;
    expect(features.map((f) => f.properties.id)).toEqual(surveys.map((s) => s.id).reverse());
    expect(features.map((f) => f.geometry)).toEqual(surveys.map((s) => s.footprint).reverse());
  });
});

describe('tileFetchPlan', () => {
  it('fetches small answers at once, asks before large ones, warns above the service cap', () => {
    expect(tileFetchPlan({ count: 61, overCap: false }, false)).toEqual({ kind: 'fetch' });
    expect(tileFetchPlan({ count: 2_000, overCap: false }, false)).toEqual({ kind: 'fetch' });
    expect(tileFetchPlan({ count: 5_584, overCap: false }, false)).toEqual({ kind: 'ask', overCap: false });
    expect(tileFetchPlan({ count: 5_584, overCap: false }, true)).toEqual({ kind: 'fetch' });
    expect(tileFetchPlan({ count: 10_000, overCap: true }, false)).toEqual({ kind: 'ask', overCap: true });
    expect(tileFetchPlan({ count: 0, overCap: false }, false)).toEqual({ kind: 'none' });
  });
});

describe('tile grid', () => {
  it('has one cell per tile position, from the extent, with its percent covered', () => {
    const tiles = normaliseTileMetadata(providerTiles);
    const grid = tileGridOf([...tiles, { ...tiles[0], percentCovered: 40, captureId: 'older' }]);
    expect(grid.features).toHaveLength(2);
    expect(grid.features[0].properties).toEqual({ key: '14/4454/6915', percent: 100 });
    const [west, south, east, north] = providerTiles[0][0].geospatial_extent;
    expect(grid.features[0].geometry.coordinates[0]).toEqual([
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ]);
    expect(tilePositionCount([...tiles, tiles[0]])).toBe(2);
  });

  it('falls back to the tile bounds when an item has no extent', () => {
    const [tile] = normaliseTileMetadata(providerTiles);
    const grid = tileGridOf([{ ...tile, extent: null }]);
    const [west, south] = grid.features[0].geometry.coordinates[0][0];
    expect(west).toBeCloseTo(providerTiles[0][0].geospatial_extent[0], 9);
    expect(south).toBeCloseTo(providerTiles[0][0].geospatial_extent[1], 9);
  });
});

describe('tile export', () => {
  it('maps tile metadata to export rows', () => {
    const [item] = toTileExportItems(normaliseTileMetadata(providerTiles));
    expect(item).toMatchObject({
      z: 14,
      x: 4454,
      y: 6915,
      resolution: '7.5cm',
      percentCovered: 100,
      published: '2026-10-19T11:56:00.000Z',
    });
  });

  it('adds the API key only where asked, replacing any credential already there', () => {
    expect(withApiKey('https://s.example/t/16/1/2', 'k+1')).toBe('https://s.example/t/16/1/2?api_key=k%2B1');
    expect(withApiKey('https://s.example/t/16/1/2?a=1&api_key=old#h', 'new')).toBe(
      'https://s.example/t/16/1/2?a=1&api_key=new#h',
    );
  });
});
