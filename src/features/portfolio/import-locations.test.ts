// @vitest-environment jsdom
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importLocations } from './import-locations.ts';
import { detectMapping, readLocationTable } from './location-table.ts';
import { tableLocations } from './table-locations.ts';

const file = (name: string, body: string | Uint8Array) => ({
  name,
  text: async () => (typeof body === 'string' ? body : new TextDecoder().decode(body)),
  arrayBuffer: async () => {
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  },
});

const work = mkdtempSync(join(tmpdir(), 'portfolio-import-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('reading a table of locations', () => {
  it('detects the delimiter and the coordinate columns, and numbers lines as the file does', () => {
    const text = 'Site ID;Latitude;Longitude\n\nA;39,74;-104,99\n"B\nsecond line";40.1;-105\nC;;-104\nD;51,9;-179,99\n';
    const table = readLocationTable(text);
    expect(table.delimiter).toBe(';');
    expect(table.columns).toEqual(['Site ID', 'Latitude', 'Longitude']);
    expect(table.lines).toEqual([3, 4, 6, 7]);
    const mapping = detectMapping(table.columns);
    expect(mapping).toEqual({ kind: 'point', lat: 1, lon: 2, label: 0 });
    const read = tableLocations(table, mapping!);
    expect(read.locations.map((l) => [l.label, l.position])).toEqual([
      ['A', [-104.99, 39.74]],
      ['B\nsecond line', [-105, 40.1]],
    ]);
    expect(read.problems).toEqual([
      { line: 6, reason: 'latitude is empty', values: ['C', '', '-104'] },
      {
        line: 7,
        reason: 'the point -179.99 51.9 is too close to the antimeridian (±180°) to be checked',
        values: ['D', '51,9', '-179,99'],
      },
    ]);
  });

  it('reads a WKT column: points, polygons, and says what is wrong with the rest', () => {
    const text = [
      'name\twkt',
      'p\tPOINT(-104.9 39.7)',
      'a\tPOLYGON((-105 39,-104.9 39,-104.9 39.1,-105 39))',
      'bad\tPOLYGON((-105 39,',
      'line\tLINESTRING(0 0,1 1)',
      'far\tPOINT(200 10)',
      'edge\tPOINT(179.99 10)',
      'pole\tPOINT(10 89.99)',
    ].join('\n');
    const table = readLocationTable(text);
    expect(table.delimiter).toBe('\t');
    const mapping = detectMapping(table.columns);
    expect(mapping).toEqual({ kind: 'wkt', wkt: 1, label: 0 });
    const read = tableLocations(table, mapping!);
    expect(read.locations.map((l) => l.label)).toEqual(['p', 'a']);
    expect(read.locations[1].area?.type).toBe('Polygon');
    expect(read.problems.map((p) => p.line)).toEqual([4, 5, 6, 7, 8]);
    expect(read.problems[0].reason).toMatch(/not well-formed WKT/);
    expect(read.problems[1].reason).toMatch(/LineString|LINESTRING/i);
    expect(read.problems[2].reason).toMatch(/outside/);
    expect(read.problems[3].reason).toMatch(/too close to the antimeridian/);
    expect(read.problems[4].reason).toMatch(/too close to a pole/);
  });

  it('leaves the mapping to the user when no column name says where', async () => {
    const imported = await importLocations(file('sites.csv', 'a,b,c\n1,2,3\n'));
    expect(imported).toMatchObject({ kind: 'table', mapping: null });
  });
});

describe('what a file is read as', () => {
  const placemark =
    '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Depot</name><Point>' +
    '<coordinates>-104.95,39.75</coordinates></Point></Placemark></kml>';

  it('goes by the last extension of a name with several dots, in any case, before the first character', async () => {
    // A table whose first column name starts with a brace or an angle bracket is still a table.
    for (const name of ['my.sites.csv', 'MY.SITES.CSV'])
      for (const header of ['{site},lat,lon', '<site>,lat,lon'])
        expect(await importLocations(file(name, `${header}\nA,39.7,-104.9\n`)), `${name} ${header}`).toMatchObject({
          kind: 'table',
          table: { columns: [header.split(',')[0], 'lat', 'lon'] },
        });
    await expect(importLocations(file('my.sites.geojson', 'name,lat\nA,1\n'))).rejects.toThrow(
      'This is not valid JSON, so it cannot be read as GeoJSON.',
    );
    await expect(importLocations(file('sites.JSON', '[1,2]'))).rejects.toThrow(/not GeoJSON/);
    await expect(importLocations(file('my.sites.kml', 'name,lat\nA,1\n'))).rejects.toThrow(
      'This is not well-formed XML, so it cannot be read as KML.',
    );
  });

  it('without a known extension, by its first character after any blank lines', async () => {
    const geojson = JSON.stringify({ type: 'Feature', properties: { name: 'Depot' }, geometry: null });
    expect(await importLocations(file('sites.txt', `\n  ${geojson}\n`))).toMatchObject({ kind: 'features' });
    expect(await importLocations(file('sites', `\n${placemark}`))).toMatchObject({
      kind: 'features',
      read: { locations: [{ label: 'Depot' }] },
    });
    expect(await importLocations(file('sites.txt', 'name,lat,lon\nA,39.7,-104.9\n'))).toMatchObject({
      kind: 'table',
    });
  });

  it('refuses malformed KML and an empty file, naming the file', async () => {
    await expect(importLocations(file('sites.kml', placemark.replace('</Placemark>', '')))).rejects.toThrow(
      'This is not well-formed XML, so it cannot be read as KML.',
    );
    await expect(importLocations(file('my.sites.csv', ' \n\t\n'))).rejects.toThrow('my.sites.csv is empty.');
  });
});

describe('reading features', () => {
  it('reads GeoJSON points and polygons; other geometries are named problems', async () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Depot', value: 3 },
          geometry: { type: 'Point', coordinates: [-104.9, 39.7] },
        },
        {
          type: 'Feature',
          properties: { name: 'Line' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'Yard' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-105, 39],
                [-104.9, 39],
                [-104.9, 39.1],
                [-105, 39],
              ],
            ],
          },
        },
      ],
    });
    const imported = await importLocations(file('sites.geojson', geojson));
    if (imported.kind !== 'features') throw new Error('expected features');
    expect(imported.read.columns).toEqual(['name', 'value']);
    expect(imported.read.locations.map((l) => [l.label, l.values])).toEqual([
      ['Depot', ['Depot', '3']],
      ['Yard', ['Yard', '']],
    ]);
    expect(imported.read.problems).toEqual([
      {
        line: 2,
        reason: 'a LineString is not a location (points and polygons are)',
        values: ['Line', ''],
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      },
    ]);
  });

  it('reads KML placemarks', async () => {
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><name>North</name><Point><coordinates>-104.95,39.75,0</coordinates></Point></Placemark>
      <Placemark><name>South</name><Point><coordinates>-104.97,39.70</coordinates></Point></Placemark>
    </Document></kml>`;
    const imported = await importLocations(file('sites.kml', kml));
    if (imported.kind !== 'features') throw new Error('expected features');
    expect(imported.read.locations.map((l) => [l.label, l.position])).toEqual([
      ['North', [-104.95, 39.75]],
      ['South', [-104.97, 39.7]],
    ]);
  });

  it('reads a zipped shapefile written by GDAL (reprojected from its .prj)', async () => {
    const csv = join(work, 'sites.csv');
    writeFileSync(csv, 'name,WKT\nDepot,POINT (-104.9 39.7)\nYard,POINT (-105.01 39.76)\n');
    const shp = join(work, 'sites.shp');
    // Written in Web Mercator: the reader must bring it back to longitude/latitude.
    execFileSync('ogr2ogr', ['-f', 'ESRI Shapefile', '-s_srs', 'EPSG:4326', '-t_srs', 'EPSG:3857', shp, csv]);
    const zipped = zipSync(
      Object.fromEntries(
        ['shp', 'shx', 'dbf', 'prj'].map((e) => [`sites.${e}`, readFileSync(join(work, `sites.${e}`))]),
      ),
    );
    const imported = await importLocations(file('sites.zip', zipped));
    if (imported.kind !== 'features') throw new Error('expected features');
    expect(imported.read.problems).toEqual([]);
    expect(imported.read.locations.map((l) => l.label)).toEqual(['Depot', 'Yard']);
    expect(imported.read.locations[0].position[0]).toBeCloseTo(-104.9, 6);
    expect(imported.read.locations[0].position[1]).toBeCloseTo(39.7, 6);
  });

  it('reads a KMZ (zipped KML)', async () => {
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Depot</name>
      <Point><coordinates>-104.95,39.75</coordinates></Point></Placemark></kml>`;
    const kmz = zipSync({ 'doc.kml': new TextEncoder().encode(kml), 'files/icon.png': new Uint8Array([137, 80]) });
    const imported = await importLocations(file('sites.kmz', kmz));
    if (imported.kind !== 'features') throw new Error('expected features');
    expect(imported.read.locations.map((l) => [l.label, l.position])).toEqual([['Depot', [-104.95, 39.75]]]);
  });

  it('refuses what it cannot read with the reason', async () => {
    await expect(importLocations(file('sites.zip', 'not a zip'))).rejects.toThrow(/has a header but no rows/);
    await expect(importLocations(file('sites.zip', zipSync({ 'a.txt': new Uint8Array([65]) })))).rejects.toThrow(
      'This file is not a CSV or TSV table, GeoJSON, KML/KMZ or a zipped shapefile: it is a ZIP archive with no ' +
        '.shp or .kml in it (it holds a.txt).',
    );
    await expect(importLocations(file('sites.geojson', '{"a":1}'))).rejects.toThrow(/not GeoJSON/);
  });

  it('sniffs the bytes before parsing: an image or a PDF is refused with what it is, not read as a CSV', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    await expect(importLocations(file('sites.csv', png))).rejects.toThrow(
      'This file is not a CSV or TSV table, GeoJSON, KML/KMZ or a zipped shapefile: it is a PNG image.',
    );
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\n');
    await expect(importLocations(file('sites.txt', pdf))).rejects.toThrow(/: it is a PDF document\.$/);
  });

  it('reads a Windows-1252 CSV (what spreadsheets save) as such, and says so', async () => {
    // "Café" in Windows-1252: é is the single byte 0xE9, not UTF-8.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('name,lat,lon\nCaf'),
      0xe9,
      ...new TextEncoder().encode(',39.7,-104.9\n'),
    ]);
    const imported = await importLocations(file('sites.csv', bytes));
    if (imported.kind !== 'table') throw new Error('expected a table');
    expect(imported.encoding).toBe('windows-1252');
    expect(imported.table.rows[0][0]).toBe('Café');
  });
});
