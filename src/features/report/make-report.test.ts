import { describe, expect, it } from 'vitest';
import { failureNotes, PRINT_DPI, printLabelScale, printPixelRatio } from './make-report.ts';
import { mapWidthPt } from './report-pdf.ts';

describe('printPixelRatio', () => {
  it('draws the map with just enough pixels for the print resolution at the size it is printed', () => {
    // A4 portrait: the map spans the text width (523 pt).
    const portrait = printPixelRatio([1000, 600], 'A4', 'portrait', 1);
    expect(portrait * 1000).toBeCloseTo((PRINT_DPI * mapWidthPt('A4', 'portrait', 1)) / 72, 6);
    // Letter landscape: a wide map is as tall as it may be, so narrower than the page (fewer pixels needed).
    const landscape = printPixelRatio([1400, 900], 'Letter', 'landscape', 1);
    expect(mapWidthPt('Letter', 'landscape', 1, 1400 / 900)).toBeLessThan(mapWidthPt('Letter', 'landscape', 1));
    expect(landscape * 1400).toBeCloseTo((PRINT_DPI * mapWidthPt('Letter', 'landscape', 1, 1400 / 900)) / 72, 6);
  });

  it('never below the screen’s pixels, never above four times them', () => {
    expect(printPixelRatio([3000, 2000], 'A4', 'portrait', 2)).toBe(1);
    expect(printPixelRatio([200, 150], 'A4', 'portrait', 1)).toBe(4);
  });
});

describe('printLabelScale', () => {
  it('prints a label at its size on screen: 12 CSS px at 9 pt, however much the map is shrunk onto the paper', () => {
    const printedPt = (size: [number, number], maps: number) => {
      const pointsPerCssPixel = mapWidthPt('A4', 'portrait', maps, size[0] / size[1]) / size[0];
      return 12 * printLabelScale(size, 'A4', 'portrait', maps) * pointsPerCssPixel;
    };
    // A 1500 px map on a 523 pt column: 12 px alone would print at 4.2 pt.
    expect(printedPt([1500, 900], 1)).toBeCloseTo(9, 6);
    expect(printedPt([1000, 700], 2)).toBeCloseTo(9, 6);
    expect(printLabelScale([1500, 900], 'A4', 'portrait', 1)).toBeCloseTo(
      (0.75 * 1500) / mapWidthPt('A4', 'portrait', 1),
      6,
    );
  });
});

describe('failureNotes', () => {
  it('says which tiles of which survey the print lacks, and why', () => {
    const connection = { baseUrl: 'https://api.example' };
    const tile = (x: number) => `https://api.example/tile/v2/S-1/17/${x}/9?api_key=k`;
    expect(
      failureNotes(connection, [
        { url: tile(1), status: 503 },
        { url: tile(2), status: 503 },
        { url: 'https://api.example/tile/v2/basemap/17/3/9', status: 0 },
      ]),
    ).toEqual([
      '2 tiles of S-1 failed to load twice (HTTP 503), so the map is blank there: 17/1/9, 17/2/9.',
      '1 tile of the latest imagery failed to load twice (no answer), so the map is blank there: 17/3/9.',
    ]);
  });
});
