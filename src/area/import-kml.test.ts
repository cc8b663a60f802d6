// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import denverKml from './fixtures/denver-area.kml?raw';
import twoPartsKml from './fixtures/two-parts.kml?raw';
import { parseKmlArea } from './import-kml.ts';
import { square, squareRing } from '../../core/test/shapes.ts';

describe('parseKmlArea', () => {
  it('takes the polygon (without altitudes) and leaves out the point', () => {
    expect(parseKmlArea(denverKml)).toEqual({
      geometry: square(-105.12, 39.7, -105.05, 39.75),
      polygonCount: 1,
      skipped: { Point: 1 },
    });
  });

  it('keeps holes', () => {
    const withHole = `<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Polygon>
      <outerBoundaryIs><LinearRing><coordinates>0,0 4,0 4,4 0,4 0,0</coordinates></LinearRing></outerBoundaryIs>
      <innerBoundaryIs><LinearRing><coordinates>1,1 1,2 2,2 2,1 1,1</coordinates></LinearRing></innerBoundaryIs>
    </Polygon></Placemark></kml>`;
    expect(parseKmlArea(withHole).geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        squareRing(0, 0, 4, 4),
        [
          [1, 1],
          [1, 2],
          [2, 2],
          [2, 1],
          [1, 1],
        ],
      ],
    });
  });

  it('makes a MultiPolygon of a MultiGeometry of polygons', () => {
    const imported = parseKmlArea(twoPartsKml);
    expect(imported.geometry.type).toBe('MultiPolygon');
    expect(imported.polygonCount).toBe(2);
  });

  it('refuses a KML with only a point', () => {
    const onlyPoint =
      '<kml xmlns="http://www.opengis.net/kml/2.2">' +
      '<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark></kml>';
    expect(() => parseKmlArea(onlyPoint)).toThrow(
      'The input holds 1 Point but no Polygon or MultiPolygon; an area must be a polygon.',
    );
  });

  it('refuses text that is not XML, and XML that is not KML', () => {
    expect(() => parseKmlArea('<kml><Placemark>')).toThrow(
      expect.objectContaining({ code: 'not-kml', message: expect.stringMatching(/not well-formed XML/) }),
    );
    expect(() => parseKmlArea('<gpx version="1.1"></gpx>')).toThrow('This XML is not KML (its root element is <gpx>).');
  });

  it('uses a DOMParser it is given', () => {
    expect(parseKmlArea(twoPartsKml, { domParser: new DOMParser() }).polygonCount).toBe(2);
  });
});
