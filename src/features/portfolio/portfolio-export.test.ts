import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { notCheckedReason } from './export-lines.ts';
import { detectMapping, readLocationTable } from './location-table.ts';
import { portfolioCsv, portfolioGeoJson } from './portfolio-export.ts';
import { portfolioRows } from './portfolio-rows.ts';
import type { PortfolioLocation } from './location.ts';
import { linkFromHash } from '../../links/link-state.ts';
import type { Portfolio } from './portfolio.ts';
import { tableLocations } from './table-locations.ts';

/**
 * Nine rows: five unreadable (the last two after the last location), one the service refuses, two checked, one not
 * checked yet (the check was paused).
 */
const INPUT = [
  'site,lat,lon,value',
  'Depot,39.74,-104.99,1',
  'No latitude,,-104.9,2',
  'Yard,39.75,-105.01,3',
  'Eastward,39.7,east,4',
  'Too far north,95.5,-104.9,5',
  'Refused,39.8,-104.8,6',
  'Later,39.9,-104.7,7',
  'Trailing,39.9,,8',
  'Last,north,-104.7,9',
].join('\n');

function importedPortfolio(): Portfolio {
  const table = readLocationTable(INPUT);
  const read = tableLocations(table, detectMapping(table.columns)!);
  return {
    fileName: 'sites.csv',
    source: 'table',
    columns: read.columns,
    locations: read.locations,
    problems: read.problems,
    radiusM: 25,
    eventDate: null,
    maxCloudCover: null,
  };
}

describe('an export keeps every input row, with its status', () => {
  const portfolio = importedPortfolio();
  const [depot, yard, refused] = portfolio.locations;
  const results = new Map([
    [depot.id, { id: depot.id, surveyIds: ['S1'], percentCovered: 100 }],
    [yard.id, { id: yard.id, surveyIds: [], percentCovered: 0 }],
  ]);
  const surveys = new Map([
    ['S1', { id: 'S1', captureStart: '2024-05-01T10:00:00Z', captureEnd: '2024-05-01T12:00:00Z' }],
  ]);
  const rows = portfolioRows(portfolio.locations, results, surveys, portfolio);
  const context = {
    appUrl: 'https://viewer.example/',
    refused: [{ id: refused.id, status: 422, message: 'The area is too large.', correlationId: 'c0ffee-42' }],
    notChecked: notCheckedReason('paused', null),
  };

  it('CSV: read back with papaparse, every line is there in input order with its status, reason and line', () => {
    const csv = portfolioCsv(portfolio, rows, context);
    const back = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(back.errors).toEqual([]);
    expect(back.data.map((r) => r.site)).toEqual(
      INPUT.split('\n')
        .slice(1)
        .map((l) => l.split(',')[0]),
    );
    expect(back.data.map((r) => [r.line, r.status, r.reason, r.service_status, r.correlation_id])).toEqual([
      ['2', 'checked', '', '', ''],
      ['3', 'not read', 'latitude is empty', '', ''],
      ['4', 'checked', '', '', ''],
      ['5', 'not read', 'longitude "east" is not a number', '', ''],
      ['6', 'not read', 'latitude 95.5 is outside −90…90', '', ''],
      ['7', 'refused', 'The area is too large.', '422', 'c0ffee-42'],
      ['8', 'not checked', 'the check was paused before this location', '', ''],
      ['9', 'not read', 'longitude is empty', '', ''],
      ['10', 'not read', 'latitude "north" is not a number', '', ''],
    ]);
    expect(back.data[8]).toMatchObject({ site: 'Last', lat: 'north', lon: '-104.7', value: '9' });
    // The rows not read keep their own values, as imported.
    expect(back.data[3]).toMatchObject({ lat: '39.7', lon: 'east', value: '4' });
    expect(back.data[0]).toMatchObject({ survey_count: '1', survey_ids: 'S1' });
  });

  it('GeoJSON: the same rows as features, those without a place with no geometry', () => {
    const { features } = portfolioGeoJson(portfolio, rows, context);
    expect(features.map((f) => [f.properties?.line, f.properties?.status, f.geometry?.type ?? null])).toEqual([
      [2, 'checked', 'Point'],
      [3, 'not read', null],
      [4, 'checked', 'Point'],
      [5, 'not read', null],
      [6, 'not read', null],
      [7, 'refused', 'Point'],
      [8, 'not checked', 'Point'],
      [9, 'not read', null],
      [10, 'not read', null],
    ]);
    expect(features[5].properties).toMatchObject({ service_status: 422, correlation_id: 'c0ffee-42', site: 'Refused' });
    expect(features[1].properties).toMatchObject({ reason: 'latitude is empty', site: 'No latitude', lat: '' });
  });

  it('a file whose rows are all unreadable exports them all', () => {
    const table = readLocationTable(['site,lat,lon', 'A,,1', 'B,x,2', 'C,3,'].join('\n'));
    const read = tableLocations(table, detectMapping(table.columns)!);
    const unread: Portfolio = {
      ...portfolio,
      columns: read.columns,
      locations: read.locations,
      problems: read.problems,
    };
    const back = Papa.parse<Record<string, string>>(portfolioCsv(unread, [], context), {
      header: true,
      skipEmptyLines: true,
    });
    expect(back.data.map((r) => [r.site, r.line, r.status])).toEqual([
      ['A', '2', 'not read'],
      ['B', '3', 'not read'],
      ['C', '4', 'not read'],
    ]);
  });

  it('features that are not locations keep their geometry in the GeoJSON export', () => {
    const line = {
      type: 'LineString' as const,
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    };
    const featured: Portfolio = {
      ...portfolio,
      source: 'features',
      columns: ['site'],
      locations: [{ ...depot, line: 2, values: ['Depot'] }],
      problems: [
        {
          line: 1,
          reason: 'a LineString is not a location (points and polygons are)',
          values: ['Road'],
          geometry: line,
        },
      ],
    };
    const featuredRows = portfolioRows(featured.locations, new Map(), surveys, featured);
    const { features } = portfolioGeoJson(featured, featuredRows, context);
    expect(features.map((f) => f.properties?.site)).toEqual(['Road', 'Depot']);
    expect(features[0].geometry).toEqual(line);
    const back = Papa.parse<Record<string, string>>(portfolioCsv(featured, featuredRows, context), { header: true });
    expect(back.data[0]).toMatchObject({ site: 'Road', longitude: '', latitude: '', status: 'not read' });
    expect(back.data[1]).toMatchObject({ site: 'Depot', longitude: '-104.99', status: 'not checked' });
  });
});

describe('what an export says of each location', () => {
  const base = importedPortfolio();
  const context = { appUrl: 'https://viewer.example/', refused: [], notChecked: notCheckedReason('idle', null) };

  it('says why a location has no answer, from how the last check ended', () => {
    expect(
      (['running', 'paused', 'cancelled', 'idle', 'done'] as const).map((status) => notCheckedReason(status, null)),
    ).toEqual([
      'the check is under way',
      'the check was paused before this location',
      'the check was cancelled before this location',
      'the coverage check has not been run',
      'the coverage check has not been run',
    ]);
    expect(notCheckedReason('failed', new Error('The service is unavailable.'))).toBe(
      'the check stopped before this location: The service is unavailable.',
    );
    expect(notCheckedReason('failed', 'gone')).toBe('the check stopped before this location: see the app');
  });

  it('links each area at the zoom that shows it whole, between 3 and 18, wide or tall', () => {
    const box = (w: number, s: number, e: number, n: number): PortfolioLocation => ({
      id: 0,
      line: 2,
      label: 'Area',
      position: [(w + e) / 2, (s + n) / 2],
      area: {
        type: 'Polygon',
        coordinates: [
          [
            [w, s],
            [e, s],
            [e, n],
            [w, n],
            [w, s],
          ],
        ],
      },
      values: [],
    });
    const zoomOf = (location: PortfolioLocation) => {
      const areas: Portfolio = { ...base, source: 'features', columns: [], locations: [location], problems: [] };
      const csv = portfolioCsv(areas, portfolioRows(areas.locations, new Map(), new Map(), areas), context);
      const [row] = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
      return linkFromHash(new URL(row.link).hash)?.view?.zoom;
    };
    expect(zoomOf(box(10, 0, 10.02, 0.001))).toBe(13);
    expect(zoomOf(box(-104.9, 39.7, -104.8, 41.5))).toBe(6);
    expect(zoomOf(box(-105, 39.7, -104.99, 39.71))).toBe(13);
    expect(zoomOf(box(-120, 30, -20, 31))).toBe(3);
    expect(zoomOf(box(-105, 39.7, -104.9999, 39.7001))).toBe(18);
  });

  it('leaves blank what a capture does not say, and a row not read without values blank in every column', () => {
    const [depot] = base.locations;
    const unknown = { id: 'S2', captureStart: '2024-06-01T10:00:00Z', captureEnd: '2024-06-01T12:00:00Z' };
    const answered: Portfolio = {
      ...base,
      locations: [depot],
      problems: [{ line: 50_002, reason: 'only the first 50,000 rows are read' }],
    };
    const rows = portfolioRows(
      answered.locations,
      new Map([[depot.id, { id: depot.id, surveyIds: ['S2'], percentCovered: 80 }]]),
      new Map([['S2', unknown]]),
      answered,
    );
    const csv = portfolioCsv(answered, rows, context);
    const [location, limit] = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
    expect(location).toMatchObject({
      latest_survey: 'S2',
      latest_cloud_cover: '',
      before_survey: '',
      after_survey: '',
    });
    expect(limit).toMatchObject({ site: '', lat: '', lon: '', value: '', line: '50002', status: 'not read' });
  });

  it('keeps an imported column named like one of its own, and names its own apart', () => {
    const table = readLocationTable('name,lat,lon,status,link\nA,39.7,-104.9,open,https://example.com/a\n');
    const read = tableLocations(table, detectMapping(table.columns)!);
    const clashing: Portfolio = { ...base, columns: read.columns, locations: read.locations, problems: [] };
    const csv = portfolioCsv(clashing, portfolioRows(read.locations, new Map(), new Map(), clashing), context);
    const { data, meta } = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(meta.fields?.slice(0, 7)).toEqual(['name', 'lat', 'lon', 'status', 'link', 'line', 'status_6']);
    expect(meta.fields?.at(-1)).toBe(`link_${meta.fields!.length - 1}`);
    expect(data[0]).toMatchObject({ status: 'open', link: 'https://example.com/a', status_6: 'not checked' });
  });
});
