// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import denverGeoJson from './fixtures/denver-area.geojson?raw';
import denverKml from './fixtures/denver-area.kml?raw';
import { areaFileFormat, parseAreaFile } from './import-area-file.ts';
import { square } from '../test/shapes.ts';

describe('parseAreaFile', () => {
  it('picks the format from the extension, then from the content', () => {
    expect(areaFileFormat('aoi.GeoJSON', '')).toBe('geojson');
    expect(areaFileFormat('aoi.json', '')).toBe('geojson');
    expect(areaFileFormat('aoi.kml', '')).toBe('kml');
    expect(areaFileFormat('aoi.wkt', '')).toBe('wkt');
    expect(areaFileFormat('aoi.txt', ' {"type": "Polygon"}')).toBe('geojson');
    expect(areaFileFormat('', '<?xml version="1.0"?><kml/>')).toBe('kml');
    expect(areaFileFormat('aoi.txt', 'POLYGON((0 0, 1 0, 1 1, 0 0))')).toBe('wkt');
  });

  it('reads GeoJSON, KML and WKT files to the same area', () => {
    const expected = square(-105.12, 39.7, -105.05, 39.75);
    expect(parseAreaFile('denver.geojson', denverGeoJson).geometry).toEqual(expected);
    expect(parseAreaFile('denver.kml', denverKml).geometry).toEqual(expected);
    expect(
      parseAreaFile('denver.wkt', 'POLYGON((-105.12 39.7, -105.05 39.7, -105.05 39.75, -105.12 39.75, -105.12 39.7))'),
    ).toEqual({
      geometry: expected,
      polygonCount: 1,
      skipped: {},
    });
  });

  it('refuses empty files, KMZ and shapefiles with a way forward', () => {
    expect(() => parseAreaFile('aoi.geojson', ' \n')).toThrow('aoi.geojson is empty.');
    expect(() => parseAreaFile('aoi.kmz', 'PK…')).toThrow(
      'KMZ is zipped KML; unzip it and import the .kml file inside.',
    );
    expect(() => parseAreaFile('aoi.shp', '…')).toThrow(/Shapefiles are not supported/);
  });
});
