import type { Feature } from 'geojson';
import { describe, expect, it } from 'vitest';
import { featureLocations, geoJsonFeatures } from './feature-locations.ts';
import { MAX_LOCATIONS } from './import-problems.ts';
import { detectMapping, type LocationTable, readLocationTable } from './location-table.ts';
import { tableLocations } from './table-locations.ts';

/** A table read from text, with the mapping its column names suggest. */
function read(lines: string[]) {
  const table = readLocationTable(lines.join('\n'));
  const mapping = detectMapping(table.columns);
  if (!mapping) throw new Error('no mapping');
  return tableLocations(table, mapping);
}

const reasons = (lines: string[]) => read(lines).problems.map((p) => [p.line, p.reason]);

describe('a table of locations as a spreadsheet writes it', () => {
  it('numbers lines as the file does, with Windows line ends, blank lines and a byte-order mark', () => {
    const text = '\uFEFFname,lat,lon\r\n\r\nA,39.7,-104.9\r\n\r\n\r\nB,,-104.9\r\nC,39.8,-104.8\r\n';
    const table = readLocationTable(text);
    expect(table.columns).toEqual(['name', 'lat', 'lon']);
    expect(table.lines).toEqual([3, 6, 7]);
    expect(detectMapping(table.columns)).toEqual({ kind: 'point', lat: 1, lon: 2, label: 0 });
  });

  it('reads column names with spaces around them, or several spaces inside', () => {
    const table = readLocationTable('Site  ID , Latitude , Longitude\nA,39.7,-104.9\n');
    expect(table.columns).toEqual(['Site  ID', 'Latitude', 'Longitude']);
    expect(detectMapping(table.columns)).toEqual({ kind: 'point', lat: 1, lon: 2, label: 0 });
  });

  it('says what is wrong with each coordinate, quoting at most 30 characters of it', () => {
    expect(
      reasons([
        'name,lat,lon',
        'blank,   ,-104.9',
        'no lon,39.7,',
        `words,${'x'.repeat(40)},-104.9`,
        'north,90.5,-104.9',
        'east,39.7,180.5',
        'comma,"39,7",-104.9',
      ]),
    ).toEqual([
      [2, 'latitude is empty'],
      [3, 'longitude is empty'],
      [4, `latitude "${'x'.repeat(30)}" is not a number`],
      [5, 'latitude 90.5 is outside −90…90'],
      [6, 'longitude 180.5 is outside −180…180'],
      // A decimal comma is read only where the delimiter is not a comma.
      [7, 'latitude "39,7" is not a number'],
    ]);
  });

  it('takes a coordinate on the edge of its range to the check of its circle, not for outside it', () => {
    expect(reasons(['name,lat,lon', 'pole,90,0', 'antimeridian,0,180'])).toEqual([
      [2, 'the point 0 90 is too close to a pole to be checked'],
      [3, 'the point 180 0 is too close to the antimeridian (±180°) to be checked'],
    ]);
  });

  it('reads WKT as PostGIS writes it (EWKT), and says when a geometry cell is empty or not WKT', () => {
    const wkt = read([
      'name\tgeom',
      'ewkt\tSRID=4326;POINT(-104.9 39.7)',
      'empty\t',
      'spaces\t   ',
      `bad\tPOLYGON((${'1 2,'.repeat(20)}`,
      'road\tLINESTRING(0 0,1 1)',
    ]);
    expect(wkt.locations.map((l) => [l.label, l.position])).toEqual([['ewkt', [-104.9, 39.7]]]);
    expect(wkt.problems.map((p) => [p.line, p.reason])).toEqual([
      [3, 'the geometry is empty'],
      [4, 'the geometry is empty'],
      [5, `"${`POLYGON((${'1 2,'.repeat(20)}`.slice(0, 30)}" is not well-formed WKT`],
      [6, 'a LineString is not a location (points and polygons are)'],
    ]);
    // The line keeps its geometry (for the GeoJSON export); cells that are no geometry have none.
    expect(wkt.problems[3].geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
    expect(wkt.problems[0]).not.toHaveProperty('geometry');
    // A row that ends before its geometry column.
    expect(reasons(['name,wkt', 'p,POINT(-104.9 39.7)', 'short'])).toEqual([[3, 'the geometry is empty']]);
  });

  it('names a location by its name column, trimmed, or by its line; keeps short rows as wide as the header', () => {
    const { locations, problems } = read(['name,lat,lon,note', '  Depot  ,39.7,-104.9,a', ',39.8,-104.8,b', 'C,39.9']);
    expect(locations.map((l) => [l.label, l.values])).toEqual([
      ['Depot', ['  Depot  ', '39.7', '-104.9', 'a']],
      ['Line 3', ['', '39.8', '-104.8', 'b']],
    ]);
    expect(problems).toEqual([{ line: 4, reason: 'longitude is empty', values: ['C', '39.9', '', ''] }]);
    // No name column, or a row that ends before it: named by its line.
    expect(read(['lat,lon', '39.7,-104.9']).locations.map((l) => l.label)).toEqual(['Line 2']);
    expect(read(['lat,lon,name', '39.7,-104.9', '39.8,-104.8,B']).locations.map((l) => l.label)).toEqual([
      'Line 2',
      'B',
    ]);
  });

  it(`reads the first ${MAX_LOCATIONS.toLocaleString('en-US')} rows and says where it stopped`, () => {
    const count = MAX_LOCATIONS + 2;
    const table: LocationTable = {
      columns: ['lat', 'lon'],
      rows: Array.from({ length: count }, () => ['39.7', '-104.9']),
      lines: Array.from({ length: count }, (_, i) => i + 2),
      delimiter: ',',
    };
    const { locations, problems } = tableLocations(table, { kind: 'point', lat: 0, lon: 1, label: null });
    expect(locations).toHaveLength(MAX_LOCATIONS);
    expect(problems).toEqual([{ line: MAX_LOCATIONS + 2, reason: 'only the first 50,000 rows are read' }]);
  });
});

const point = (properties: Feature['properties'], coordinates = [-104.9, 39.7]): Feature => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates },
});

describe('features as locations', () => {
  it('writes property values as text: nothing for null or missing, JSON for objects', () => {
    const { columns, locations } = featureLocations([
      point({ name: 'A', tags: { kind: 'depot' }, count: 3, note: null }),
      point({ name: 'B', extra: true }),
    ]);
    expect(columns).toEqual(['name', 'tags', 'count', 'note', 'extra']);
    expect(locations.map((l) => l.values)).toEqual([
      ['A', '{"kind":"depot"}', '3', '', ''],
      ['B', '', '', '', 'true'],
    ]);
  });

  it('names a feature by its name property, trimmed, or by its number', () => {
    const { locations } = featureLocations([point({ Title: ' Depot ' }), point({ Title: '' }), point(null)]);
    expect(locations.map((l) => l.label)).toEqual(['Depot', 'Feature 2', 'Feature 3']);
    // Without a name property at all.
    const unnamed = featureLocations([point({ kind: 'depot' }), point({ kind: 'yard' })]);
    expect(unnamed.locations.map((l) => l.label)).toEqual(['Feature 1', 'Feature 2']);
  });

  it('keeps a feature without a geometry, or a null feature, as a row not read', () => {
    const features = [point({ name: 'A' }), { type: 'Feature', properties: { name: 'B' }, geometry: null }, null];
    const { locations, problems } = featureLocations(features as Feature[]);
    expect(locations.map((l) => l.label)).toEqual(['A']);
    expect(problems).toEqual([
      { line: 2, reason: 'the feature has no geometry', values: ['B'], geometry: null },
      { line: 3, reason: 'the feature has no geometry', values: [''], geometry: null },
    ]);
  });

  it('takes its columns from the first thousand features, at most fifty', () => {
    const wide = point(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}`, i])));
    const late = point({ late: 1 });
    const { columns } = featureLocations([wide, ...Array.from({ length: 999 }, () => point({})), late]);
    expect(columns).toEqual(Array.from({ length: 50 }, (_, i) => `p${i}`));
    expect(featureLocations([point({}), late]).columns).toEqual(['late']);
    // A property first seen after the thousandth feature is no column (its value is not exported).
    const early = point({ name: 'A' });
    expect(featureLocations([early, ...Array.from({ length: 999 }, () => point({})), late]).columns).toEqual(['name']);
  });

  it(`reads the first ${MAX_LOCATIONS.toLocaleString('en-US')} features and says where it stopped`, () => {
    const features = Array.from({ length: MAX_LOCATIONS + 2 }, () => point({}));
    const { locations, problems } = featureLocations(features);
    expect(locations).toHaveLength(MAX_LOCATIONS);
    expect(problems).toEqual([{ line: MAX_LOCATIONS + 1, reason: 'only the first 50,000 features are read' }]);
  });

  it('reads GeoJSON as a collection, one feature or a bare geometry, and refuses the rest', () => {
    const feature = point({ name: 'A' });
    expect(geoJsonFeatures(JSON.stringify({ type: 'FeatureCollection', features: [feature] }))).toEqual([feature]);
    expect(geoJsonFeatures(JSON.stringify(feature))).toEqual([feature]);
    expect(geoJsonFeatures(JSON.stringify(feature.geometry))).toEqual([
      { type: 'Feature', geometry: feature.geometry, properties: {} },
    ]);
    const notGeoJson = 'This JSON is not GeoJSON (no FeatureCollection, Feature or geometry).';
    for (const json of [
      { type: 'FeatureCollection', features: {} },
      { type: 'Topology', objects: {} },
      { coordinates: [1, 2] },
      // Features, but not in a FeatureCollection.
      { type: 'Topology', features: [feature] },
      { features: [feature] },
      null,
    ])
      expect(() => geoJsonFeatures(JSON.stringify(json)), JSON.stringify(json)).toThrow(notGeoJson);
    expect(() => geoJsonFeatures('{"type":')).toThrow('This is not valid JSON, so it cannot be read as GeoJSON.');
  });
});
