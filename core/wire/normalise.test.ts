import { describe, expect, it } from 'vitest';
import legacyPage from './fixtures/legacy-survey-page.json';
import providerCoverage from './fixtures/provider-coverage.json';
import seedCoverage from './fixtures/seed-coverage.json';
import providerFootprint from './fixtures/provider-footprint.json';
import providerPage from './fixtures/provider-survey-page.json';
import providerTiles from './fixtures/provider-tile-metadata.json';
import seedFootprint from './fixtures/seed-footprint.json';
import seedPage from './fixtures/seed-survey-page.json';
import seedTiles from './fixtures/seed-tile-metadata.json';
import {
  normaliseAccessToken,
  normaliseCoverage,
  normaliseFootprint,
  normaliseGeometry,
  normaliseRuntimeConfig,
  normaliseStaticKey,
  normaliseSurveyPage,
  normaliseTileMetadata,
  normaliseTimestamp,
  ShapeError,
  tileAddressFromExtent,
  tileAddressFromUrl,
} from './normalise.ts';

describe('survey pages', () => {
  it('reads the seed shape: cloud cover, paging', () => {
    const page = normaliseSurveyPage(seedPage);
    expect(page).toMatchObject({ page: 4, hasNext: false, pageSize: 25, totalPages: 4, totalResults: 89 });
    expect(page.surveys).toHaveLength(3);
    const [first] = page.surveys;
    expect(first.id).toBe(seedPage.results[0].id);
    expect(first.captureStart).toBe(new Date(seedPage.results[0].capture_date_start).toISOString());
    expect(first.cloudCover).toBe(seedPage.results[0].cloud_cover);
    expect(first).toEqual({
      id: first.id,
      captureStart: first.captureStart,
      captureEnd: first.captureEnd,
      lastUpdated: first.lastUpdated,
      cloudCover: first.cloudCover,
      spectralRange: first.spectralRange,
    });
  });

  it('reads the provider shape: no cloud cover, no links', () => {
    const page = normaliseSurveyPage(providerPage);
    expect(page.hasNext).toBe(false);
    expect(page.totalResults).toBe(89);
    expect(page.surveys[0]).toMatchObject({
      id: providerPage.results[0].id,
      cloudCover: null,
      spectralRange: 'visible',
    });
  });

  it("reads the provider's legacy list: every survey in one array, with WKT footprints", () => {
    const page = normaliseSurveyPage([
      {
        id: '2024Q2-NV-LAS',
        capture_date_start: '2024-05-01 17:00:00 UTC',
        capture_date_end: '2024-05-01 19:00:00 UTC',
        spectral_range: 'visible',
        footprint: 'POLYGON ((-115.2 36.1, -115.1 36.1, -115.1 36.2, -115.2 36.1))',
      },
    ]);
    expect(page).toMatchObject({ page: 1, hasNext: false, totalPages: 1, totalResults: 1 });
    expect(page.surveys[0]).toMatchObject({ id: '2024Q2-NV-LAS', captureStart: '2024-05-01T17:00:00.000Z' });
  });

  it('reads legacy "YYYY-MM-DD HH:MM:SS UTC" timestamps', () => {
    const page = normaliseSurveyPage(legacyPage);
    expect(page.surveys[0].captureStart).toBe('2026-10-20T19:28:00.000Z');
    expect(page.surveys[0].lastUpdated).toBe('2027-01-10T17:33:00.000Z');
  });

  it('copes with only results and has_next (the seed names no other paging field)', () => {
    const page = normaliseSurveyPage({ results: [], has_next: true }, 3);
    expect(page).toEqual({ surveys: [], page: 3, hasNext: true, pageSize: null, totalPages: null, totalResults: null });
  });

  it('derives has_next from total_pages when it is missing', () => {
    expect(normaliseSurveyPage({ results: [], page: 1, total_pages: 2 }).hasNext).toBe(true);
    expect(normaliseSurveyPage({ results: [], page: 2, total_pages: 2 }).hasNext).toBe(false);
  });

  it('rejects answers that are not survey pages', () => {
    expect(normaliseSurveyPage([]).surveys).toEqual([]); // the legacy list of an empty catalog
    expect(() => normaliseSurveyPage({ results: [{ capture_date_start: 'x' }] })).toThrow(/survey id/);
  });
});

describe('footprints', () => {
  it('takes a GeoJSON footprint (seed)', () => {
    const footprint = normaliseFootprint(seedFootprint, seedFootprint.survey_id)!;
    expect(footprint.geometry.type).toBe(seedFootprint.footprint.type);
    expect(footprint.bbox).toHaveLength(4);
  });

  it('takes a WKT footprint (provider) and gives the same geometry', () => {
    const fromWkt = normaliseFootprint(providerFootprint, providerFootprint.survey_id)!;
    const fromGeoJson = normaliseFootprint(seedFootprint, seedFootprint.survey_id)!;
    expect(fromWkt.geometry.type).toBe('MultiPolygon');
    expect(fromWkt.bbox.map((n) => n.toFixed(6))).toEqual(fromGeoJson.bbox.map((n) => n.toFixed(6)));
  });

  it('answers null for the provider\'s "footprint: null"', () => {
    expect(normaliseFootprint({ survey_id: 'x', footprint: null, status: 404 }, 'x')).toBeNull();
  });

  it('accepts Features, JSON text and SRID-prefixed WKT; rejects other geometry', () => {
    const square = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    expect(normaliseGeometry({ type: 'Feature', properties: {}, geometry: square })).toEqual(square);
    expect(normaliseGeometry(JSON.stringify(square))).toEqual(square);
    expect(normaliseGeometry('SRID=4326;POLYGON((0 0, 1 0, 1 1, 0 0))')).toEqual(square);
    expect(() => normaliseGeometry('POINT(1 2)')).toThrow(ShapeError);
    expect(() => normaliseGeometry('not wkt')).toThrow(ShapeError);
  });
});

describe('tile metadata', () => {
  it('reads a flat array (seed) and an array of arrays (provider) alike', () => {
    const seed = normaliseTileMetadata(seedTiles);
    const provider = normaliseTileMetadata(providerTiles);
    expect(seed).toHaveLength(2);
    expect(provider).toHaveLength(2);
    expect(seed[0].url).toMatch(/\/14\/\d+\/\d+$/);
    expect(provider[0].captureId).toMatch(/^\d{8}T\d{6}_/);
    expect(provider[0].extent).toEqual(providerTiles[0][0].geospatial_extent);
    expect(provider[0].percentCovered).toBe(providerTiles[0][0].percent_covered);
    expect(provider[0]).toMatchObject({
      resolution: '7.5cm',
      fileFormat: 'png',
      publishedDate: '2026-10-19T11:56:00.000Z',
    });
  });

  it("takes z/x/y from the seed's fields and derives the same address from the provider's URL", () => {
    const seed = normaliseTileMetadata(seedTiles);
    const provider = normaliseTileMetadata(providerTiles);
    expect(seed.map(({ z, x, y }) => [z, x, y])).toEqual(seedTiles.map(({ z, x, y }) => [z, x, y]));
    expect(provider.map(({ z, x, y }) => [z, x, y])).toEqual(seedTiles.map(({ z, x, y }) => [z, x, y]));
  });

  it('derives the address from geospatial_extent when the URL does not end in z/x/y', () => {
    const [item] = providerTiles[1];
    const [tile] = normaliseTileMetadata([[{ ...item, static_url: 'https://cdn.example/t/abc.png?sig=1' }]]);
    expect([tile.z, tile.x, tile.y]).toEqual([14, 4455, 6915]);
  });

  it('refuses an item whose address cannot be told', () => {
    expect(() => normaliseTileMetadata([{ static_url: 'https://cdn.example/t/abc.png' }])).toThrow(/no z\/x\/y/);
  });
});

describe('tile addresses', () => {
  it.each([
    ['https://s.example/tile/v2/A/16/13567/24790', [16, 13567, 24790]],
    [
      'https://s.example/tile/v2/A/20250914T145500_20250914T171000_20250924T021000_02310103012012/17/27284/49742',
      [17, 27284, 49742],
    ],
    ['https://s.example/tile/v2/A/16/13567/24790.png?api_key=k', [16, 13567, 24790]],
    ['/tile/A/21/1/2.jpeg#x', [21, 1, 2]],
  ])('%s', (url, [z, x, y]) => expect(tileAddressFromUrl(url)).toEqual({ z, x, y }));

  it('gives null for URLs without an address or with one that cannot exist', () => {
    expect(tileAddressFromUrl('https://s.example/tile/v2/A/footprint')).toBeNull();
    expect(tileAddressFromUrl('https://s.example/tile/v2/A/2/4/1')).toBeNull();
  });

  it("reads the zoom from an extent's width and the tile from its centre", () => {
    expect(
      tileAddressFromExtent([-105.062255859375, 39.743098286948275, -105.05950927734375, 39.74521015328691]),
    ).toEqual({ z: 17, x: 27284, y: 49742 });
    expect(tileAddressFromExtent([1, 1, 1, 2])).toBeNull();
  });
});

describe('coverage search', () => {
  it('reads the seed shape: GeoJSON footprints, cloud cover', () => {
    const surveys = normaliseCoverage(seedCoverage);
    expect(surveys.map((s) => s.id)).toEqual(seedCoverage.map((s) => s.id));
    expect(surveys[0].footprint.type).toBe(seedCoverage[0].footprint.type);
    expect(surveys[0].cloudCover).toBe(seedCoverage[0].cloud_cover);
    expect(surveys[0].captureStart).toBe(new Date(seedCoverage[0].capture_date_start).toISOString());
  });

  it('reads the provider shape: WKT footprints, no cloud cover, and gives the same geometry', () => {
    const fromWkt = normaliseCoverage(providerCoverage);
    const fromGeoJson = normaliseCoverage(seedCoverage);
    expect(fromWkt.map((s) => s.id)).toEqual(fromGeoJson.map((s) => s.id));
    expect(fromWkt.every((s) => s.cloudCover === null)).toBe(true);
    expect(fromWkt.map((s) => s.footprint)).toEqual(fromGeoJson.map((s) => s.footprint));
  });

  it('accepts an empty answer and a wrapped one; refuses surveys without a footprint', () => {
    expect(normaliseCoverage([])).toEqual([]);
    expect(normaliseCoverage({ results: providerCoverage })).toHaveLength(providerCoverage.length);
    const { footprint: _, ...bare } = providerCoverage[0];
    expect(() => normaliseCoverage([bare])).toThrow(/has no footprint/);
    expect(() => normaliseCoverage({ error: 'x' })).toThrow(ShapeError);
  });
});

describe('timestamps', () => {
  it.each([
    ['2025-10-25T18:01:11.705819Z', '2025-10-25T18:01:11.705Z'],
    ['2025-10-25T18:01:11+02:00', '2025-10-25T16:01:11.000Z'],
    ['2025-10-25T18:01:11', '2025-10-25T18:01:11.000Z'],
    ['2025-10-25 18:01:11 UTC', '2025-10-25T18:01:11.000Z'],
    ['2025-10-25', '2025-10-25T00:00:00.000Z'],
  ])('%s → %s', (input, expected) => expect(normaliseTimestamp(input)).toBe(expected));

  it('reads UTC timestamps as the Date round trip does, including days that roll over', () => {
    const samples = [
      '2026-07-18T15:19:00Z',
      '2026-07-18T15:19:00.250Z',
      '2024-02-29T23:59:59Z',
      '2026-02-30T00:00:00Z',
      '2026-04-31T12:00:00Z',
      '2026-01-01T24:00:00Z',
      '1999-12-31T00:00:00Z',
    ];
    for (let day = 1; day <= 31; day++) samples.push(`2026-02-${String(day).padStart(2, '0')}T08:30:00Z`);
    for (const text of samples) expect(normaliseTimestamp(text)).toBe(new Date(Date.parse(text)).toISOString());
  });

  it('gives null for anything else', () => {
    expect(normaliseTimestamp('yesterday')).toBeNull();
    expect(normaliseTimestamp(12)).toBeNull();
  });
});

describe('credentials and config', () => {
  it('reads tokens and static keys', () => {
    expect(normaliseAccessToken({ access_token: 't', expires_in: 3600, token_type: 'Bearer' })).toEqual({
      value: 't',
      expiresIn: 3600,
    });
    expect(normaliseAccessToken({ access_token: 't', expires_in: '60' })).toEqual({ value: 't', expiresIn: 60 });
    expect(normaliseStaticKey({ api_key: 'k', expires_in: 31536000 })).toEqual({ value: 'k', expiresIn: 31536000 });
    expect(() => normaliseAccessToken({ error: 'nope' })).toThrow(ShapeError);
  });

  it('fills config gaps with empty values', () => {
    expect(normaliseRuntimeConfig({ mode: 'direct', serviceUrl: '', clientId: 'demo' })).toEqual({
      mode: 'direct',
      serviceUrl: '',
      audience: '',
      clientId: 'demo',
      clientSecret: '',
      basemapStyleUrl: null,
      accessKeyRequired: false,
    });
    expect(normaliseRuntimeConfig({ mode: 'gateway', serviceUrl: '', accessKeyRequired: true })).toMatchObject({
      mode: 'gateway',
      accessKeyRequired: true,
    });
  });
});
