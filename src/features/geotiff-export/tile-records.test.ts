import { describe, expect, it } from 'vitest';
import { packTiles, surveyAt, tileAt, tilesOf, type PlannedTile } from './tile-records.ts';

const tile = (x: number, y: number, survey = 'S-1', capture: string | null = 'c-1'): PlannedTile => ({
  z: 19,
  x,
  y,
  surveyId: survey,
  url: `https://imagery.example/tile/v2/${survey}/19/${x}/${y}`,
  captureId: capture,
  captureStart: '2026-04-01T16:00:00.000Z',
  captureEnd: null,
  publishedDate: '2026-04-10',
  resolution: '7.5cm',
  cloudCover: 4,
});

describe('packed tile records', () => {
  it('give back every tile as it was, in order, with one capture row for the tiles that share it', () => {
    const tiles = [
      ...Array.from({ length: 500 }, (_, i) => tile(100_000 + (i % 25), 200_000 + Math.floor(i / 25))),
      ...Array.from({ length: 20 }, (_, i) => tile(300_000 + i, 7, 'S-2', null)),
      { ...tile(1, 1), z: 14, url: 'https://imagery.example/tile/v2/S-1/14/1/1', cloudCover: null },
    ];
    const records = packTiles(tiles);
    expect(records.length).toBe(tiles.length);
    expect([...tilesOf(records)]).toEqual(tiles);
    expect(tileAt(records, 503)).toEqual(tiles[503]);
    expect(surveyAt(records, 510)).toBe('S-2');
    expect(records.captures).toHaveLength(3); // S-1, S-2, and S-1 without a cloud cover
    expect(records.odd.size).toBe(0);
  });

  it('keep a URL that does not hold its z/x/y, or has more after it, exactly', () => {
    const tiles = [
      { ...tile(5, 6), url: 'https://other.example/imagery?tile=19-5-6' },
      { ...tile(5, 7), url: 'https://imagery.example/tile/v2/S-1/19/5/7.jpeg?v=2' },
      { ...tile(1, 12), url: 'https://imagery.example/tile/v2/S-1/19/1/12' },
      // The address of another tile inside it: /19/1/1 is found in /19/1/12.
      { ...tile(1, 1), url: 'https://imagery.example/tile/v2/S-1/19/1/12' },
    ];
    const records = packTiles(tiles);
    expect([...tilesOf(records)]).toEqual(tiles);
    expect(records.odd.size).toBe(1);
  });

  it('cross to a worker as they are (structured clone)', () => {
    const tiles = Array.from({ length: 40 }, (_, i) => tile(i, i * 3));
    expect([...tilesOf(structuredClone(packTiles(tiles)))]).toEqual(tiles);
  });

  it('hold numbers, not a string a tile', () => {
    const records = packTiles(Array.from({ length: 10_000 }, (_, i) => tile(i % 100, Math.floor(i / 100))));
    expect(records.captures).toHaveLength(1);
    const bytes = [records.z, records.x, records.y, records.capture].reduce((sum, a) => sum + a.byteLength, 0);
    expect(bytes / records.length).toBe(13);
  });
});
