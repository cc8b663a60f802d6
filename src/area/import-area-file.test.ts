// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import denverGeoJson from './fixtures/denver-area.geojson?raw';
import denverKml from './fixtures/denver-area.kml?raw';
import { zipSync } from 'fflate';
import { areaFileFormat, parseAreaFile, readAreaFile } from './import-area-file.ts';
import { square } from '../../core/test/shapes.ts';

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

  it('refuses empty files and shapefiles with a way forward', () => {
    expect(() => parseAreaFile('aoi.geojson', ' \n')).toThrow('aoi.geojson is empty.');
    expect(() => parseAreaFile('aoi.shp', '…')).toThrow(/Shapefiles are not supported/);
  });
});

const fileOf = (name: string, bytes: Uint8Array) => ({
  name,
  arrayBuffer: async () => bytes.slice().buffer,
});

describe('readAreaFile: the bytes sniffed before parsing', () => {
  it('reads a KMZ to the same area as its KML', async () => {
    const kmz = zipSync({ 'doc.kml': new TextEncoder().encode(denverKml) });
    expect((await readAreaFile(fileOf('denver.kmz', kmz))).geometry).toEqual(square(-105.12, 39.7, -105.05, 39.75));
  });

  it('refuses an image, a PDF, a zipped shapefile or binary data with what it is', async () => {
    const refusal = (type: string) => `This file is not GeoJSON, KML/KMZ or WKT: it is ${type}.`;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expect(readAreaFile(fileOf('aoi.geojson', png))).rejects.toThrow(refusal('a PNG image'));
    const pdf = new TextEncoder().encode('%PDF-1.4 …');
    await expect(readAreaFile(fileOf('aoi.wkt', pdf))).rejects.toThrow(refusal('a PDF document'));
    const shapefile = zipSync({ 'aoi.shp': new Uint8Array([0, 0, 39, 10]), 'aoi.dbf': new Uint8Array(1) });
    await expect(readAreaFile(fileOf('aoi.zip', shapefile))).rejects.toThrow(refusal('a zipped shapefile'));
    await expect(readAreaFile(fileOf('aoi.txt', new Uint8Array([80, 79, 0, 1, 2])))).rejects.toThrow(
      refusal('binary data (byte 0x00 at offset 2 is not text)'),
    );
  });
});
