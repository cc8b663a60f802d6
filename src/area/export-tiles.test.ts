import { describe, expect, it } from 'vitest';
import { tilesToCsv, tilesToGeoJson, type TileExportItem } from './export-tiles.ts';
import { tileExtent } from '../../core/geo/tile-address.ts';

const tiles: TileExportItem[] = [
  {
    z: 16,
    x: 13655,
    y: 24872,
    url: 'https://tiles.example/tile/v2/2024Q2-CO-DEN/16/13655/24872?api_key=SECRET.JWT',
    captureStart: '2024-06-01T16:00:00.000Z',
    captureEnd: '2024-06-03T19:00:00.000Z',
    published: '2024-06-03T20:00:00.000Z',
    resolution: '7.5cm',
    percentCovered: 100,
    extent: [-104.9963, 39.7367, -104.9908, 39.7409],
  },
  {
    z: 16,
    x: 13656,
    y: 24872,
    url: 'https://tiles.example/tile/v2/odd,"id"/16/13656/24872?access_token=TOKEN&format=png',
    captureStart: null,
    captureEnd: null,
    published: null,
    resolution: null,
    percentCovered: null,
    extent: null,
  },
];

describe('tilesToCsv', () => {
  it('writes the columns, quotes what needs quoting and strips credentials', () => {
    expect(tilesToCsv(tiles)).toBe(
      'z,x,y,url,capture_start,capture_end,published,resolution,percent_covered\r\n' +
        '16,13655,24872,https://tiles.example/tile/v2/2024Q2-CO-DEN/16/13655/24872,' +
        '2024-06-01T16:00:00.000Z,2024-06-03T19:00:00.000Z,2024-06-03T20:00:00.000Z,7.5cm,100\r\n' +
        '16,13656,24872,"https://tiles.example/tile/v2/odd,""id""/16/13656/24872?format=png",,,,,\r\n',
    );
  });

  it('keeps credentials only when asked', () => {
    const csv = tilesToCsv(tiles, { includeKey: true });
    expect(csv).toContain('?api_key=SECRET.JWT');
    expect(csv).toContain('access_token=TOKEN');
    expect(tilesToCsv(tiles)).not.toMatch(/SECRET|TOKEN/);
  });

  it('writes just the header for no tiles', () => {
    expect(tilesToCsv([])).toBe('z,x,y,url,capture_start,capture_end,published,resolution,percent_covered\r\n');
  });
});

describe('tilesToGeoJson', () => {
  it('draws each tile from its extent (or its z/x/y) with the CSV columns as properties', () => {
    const collection = tilesToGeoJson(tiles);
    expect(collection.features).toHaveLength(2);
    const [first, second] = collection.features;
    expect(first.geometry.coordinates[0]).toEqual([
      [-104.9963, 39.7367],
      [-104.9908, 39.7367],
      [-104.9908, 39.7409],
      [-104.9963, 39.7409],
      [-104.9963, 39.7367],
    ]);
    expect(first.properties).toEqual({
      z: 16,
      x: 13655,
      y: 24872,
      url: 'https://tiles.example/tile/v2/2024Q2-CO-DEN/16/13655/24872',
      capture_start: '2024-06-01T16:00:00.000Z',
      capture_end: '2024-06-03T19:00:00.000Z',
      published: '2024-06-03T20:00:00.000Z',
      resolution: '7.5cm',
      percent_covered: 100,
    });
    const [west, south, east, north] = tileExtent({ z: 16, x: 13656, y: 24872 });
    expect(second.geometry.coordinates[0][0]).toEqual([west, south]);
    expect(second.geometry.coordinates[0][2]).toEqual([east, north]);
  });

  it('strips credentials unless asked to keep them', () => {
    expect(JSON.stringify(tilesToGeoJson(tiles))).not.toMatch(/SECRET|TOKEN/);
    expect(tilesToGeoJson(tiles, { includeKey: true }).features[0].properties.url).toMatch(/api_key=SECRET\.JWT$/);
  });
});
