import { parse as parseWkt } from 'wellknown';
import { extentCentre, extentOf } from '../geo/geometry.ts';
import { parseMosaicStacId } from '../geo/mosaic-stac-id.ts';
import { isValidTile, tileAt } from '../geo/tile-address.ts';
import { stringSharer } from './shared-strings.ts';
import type {
  AccessToken,
  CoverageSurvey,
  FootprintGeometry,
  Gazetteer,
  PlaceExtent,
  RuntimeConfig,
  StaticKey,
  Survey,
  SurveyFootprint,
  NewTileKey,
  SurveyPage,
  TileKey,
  TileMetadataItem,
} from './model.ts';

/**
 * The single place that reads raw responses. Tolerates both the seed's shapes (GeoJSON footprints,
 * cloud_cover, flat tile metadata) and the provider's (WKT, no cloud cover, nested metadata, legacy
 * "YYYY-MM-DD HH:MM:SS UTC" timestamps). A survey's `links` are not read: the app builds its URLs
 * from the endpoints' paths.
 */

export class ShapeError extends Error {
  override readonly name = 'ShapeError';
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function objectOf(value: unknown, what: string): Json {
  if (!isObject(value)) throw new ShapeError(`${what} is not an object`);
  return value;
}

/** The first of several candidate field names that is present. */
function pick(record: Json, names: readonly string[]): unknown {
  for (const name of names) {
    const value = record[name];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** Each field's names, the seed's first (constants: a survey answer can hold 10,000 records). */
const FIELDS = {
  surveyId: ['id', 'survey_id'],
  captureStart: ['capture_date_start', 'capture_start', 'acquisition_start', 'start_date'],
  captureEnd: ['capture_date_end', 'capture_end', 'acquisition_end', 'end_date'],
  lastUpdated: ['last_updated', 'updated', 'published_date'],
  cloudCover: ['cloud_cover', 'cloudCover', 'cloud_cover_percent'],
  footprint: ['footprint', 'geometry'],
  surveyList: ['results', 'surveys', 'items'],
  totalResults: ['total_results', 'total', 'count'],
  tileUrl: ['static_url', 'url', 'href'],
  tileExtent: ['geospatial_extent', 'extent', 'bbox'],
  resolution: ['spatial_resolution_class', 'resolution'],
  tileList: ['results', 'items', 'tiles'],
} as const satisfies Record<string, readonly string[]>;

function optionalNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function requiredString(value: unknown, what: string): string {
  const text = optionalString(value);
  if (text === null) throw new ShapeError(`${what} is missing`);
  return text;
}

const CANONICAL_UTC = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{3})?Z$/;
const LEGACY_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)\s*UTC$/i;

/** ISO 8601 (with or without zone; no zone means UTC) or the legacy "YYYY-MM-DD HH:MM:SS UTC" → ISO 8601 UTC. */
export function normaliseTimestamp(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  // The common case, already UTC on a day every month has (so nothing rolls over): the text toISOString
  // would give, without the Date round trip — a third of the time spent reading a 10,000-survey answer.
  if (CANONICAL_UTC.test(value)) return value.length === 24 ? value : `${value.slice(0, 19)}.000Z`;
  const text = value.trim();
  const legacy = LEGACY_TIME.exec(text);
  const candidate = legacy
    ? `${legacy[1]}T${legacy[2]}Z`
    : /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) || text.length <= 10
      ? text
      : `${text}Z`;
  const time = Date.parse(candidate);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function requiredTimestamp(value: unknown, what: string, surveyId: string): string {
  const time = normaliseTimestamp(value);
  if (time === null) throw new ShapeError(`${what} of ${surveyId} is not a timestamp`);
  return time;
}

function surveyOf<Extra extends object>(record: Json, extra: Extra): Survey & Extra {
  const id = requiredString(pick(record, FIELDS.surveyId), 'survey id');
  return {
    id,
    captureStart: requiredTimestamp(pick(record, FIELDS.captureStart), 'capture start', id),
    captureEnd: requiredTimestamp(pick(record, FIELDS.captureEnd), 'capture end', id),
    lastUpdated: normaliseTimestamp(pick(record, FIELDS.lastUpdated)),
    cloudCover: optionalNumber(pick(record, FIELDS.cloudCover)),
    spectralRange: optionalString(record.spectral_range),
    ...extra,
  };
}

export function normaliseSurvey(raw: unknown): Survey {
  return surveyOf(objectOf(raw, 'survey'), {});
}

/**
 * `requestedPage` fills in for services that do not echo the page number. The provider's legacy list is one array of
 * every survey: one last page.
 */
export function normaliseSurveyPage(raw: unknown, requestedPage = 1): SurveyPage {
  if (Array.isArray(raw)) {
    const surveys = raw.map(normaliseSurvey);
    return { surveys, page: 1, hasNext: false, pageSize: null, totalPages: 1, totalResults: surveys.length };
  }
  const record = objectOf(raw, 'survey page');
  const results = pick(record, FIELDS.surveyList);
  if (!Array.isArray(results)) throw new ShapeError('survey page has no results array');
  const page = optionalNumber(record.page) ?? requestedPage;
  const totalPages = optionalNumber(record.total_pages);
  const hasNext =
    typeof record.has_next === 'boolean' ? record.has_next : totalPages !== null ? page < totalPages : false;
  return {
    surveys: results.map(normaliseSurvey),
    page,
    hasNext,
    pageSize: optionalNumber(record.page_size),
    totalPages,
    totalResults: optionalNumber(pick(record, FIELDS.totalResults)),
  };
}

/** GeoJSON geometry or Feature, a JSON string of either, or WKT → a Polygon or MultiPolygon. */
export function normaliseGeometry(value: unknown): FootprintGeometry {
  let geometry: unknown = value;
  if (typeof geometry === 'string') {
    const text = geometry.trim();
    try {
      geometry = text.startsWith('{') ? JSON.parse(text) : parseWkt(text.replace(/^SRID=\d+;/i, ''));
    } catch {
      geometry = null;
    }
    if (geometry === null) throw new ShapeError('footprint text is neither WKT nor GeoJSON');
  }
  if (isObject(geometry) && geometry.type === 'Feature') geometry = geometry.geometry;
  if (
    !isObject(geometry) ||
    (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') ||
    !Array.isArray(geometry.coordinates)
  ) {
    throw new ShapeError('footprint is not a Polygon or MultiPolygon');
  }
  return { type: geometry.type, coordinates: geometry.coordinates } as FootprintGeometry;
}

/** A footprint answer, or null when the service says there is none (the provider's `footprint: null`). */
export function normaliseFootprint(raw: unknown, surveyId: string): SurveyFootprint | null {
  const record = objectOf(raw, 'footprint answer');
  const value = pick(record, FIELDS.footprint);
  if (value === undefined) return null;
  const geometry = normaliseGeometry(value);
  return { surveyId, geometry, bbox: extentOf(geometry) };
}

/** Surveys intersecting an area (endpoint 3): a bare array (seed and provider) or one wrapped in results. */
export function normaliseCoverage(raw: unknown): CoverageSurvey[] {
  const list = isObject(raw) ? pick(raw, FIELDS.surveyList) : raw;
  if (!Array.isArray(list)) throw new ShapeError('coverage answer is not an array of surveys');
  return list.map((item) => {
    const record = objectOf(item, 'survey');
    const footprint = pick(record, FIELDS.footprint);
    if (footprint === undefined)
      throw new ShapeError(`survey ${String(pick(record, FIELDS.surveyId))} in the coverage answer has no footprint`);
    return surveyOf(record, { footprint: normaliseGeometry(footprint) });
  });
}

type TileAddress = Pick<TileMetadataItem, 'z' | 'x' | 'y'>;

const MAX_ZOOM = 30;

function validAddress(z: number, x: number, y: number): TileAddress | null {
  return z <= MAX_ZOOM && isValidTile({ z, x, y }) ? { z, x, y } : null;
}

/**
 * ".../{z}/{x}/{y}" or ".../{z}/{x}/{y}.png" at the end of a tile URL's path (the provider's capture-specific form
 * too).
 */
export function tileAddressFromUrl(url: string): TileAddress | null {
  const path = url.split(/[?#]/, 1)[0];
  const match = /\/(\d{1,2})\/(\d{1,10})\/(\d{1,10})(?:\.[a-z]+)?$/i.exec(path);
  return match ? validAddress(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** The Web Mercator tile whose bounds a geospatial_extent is: zoom from its width, x/y from its centre. */
export function tileAddressFromExtent([west, south, east, north]: [
  number,
  number,
  number,
  number,
]): TileAddress | null {
  const width = east - west;
  if (!(width > 0) || !(north > south)) return null;
  const z = Math.round(Math.log2(360 / width));
  if (z < 0 || z > MAX_ZOOM) return null;
  const { x, y } = tileAt(...extentCentre([west, south, east, north]), z);
  return validAddress(z, x, y);
}

function normaliseExtent(value: unknown): TileMetadataItem['extent'] {
  if (!Array.isArray(value) || value.length !== 4) return null;
  const numbers = value.map(optionalNumber);
  return numbers.every((n): n is number => n !== null) ? (numbers as [number, number, number, number]) : null;
}

function normaliseTileItem(raw: unknown, share: ReturnType<typeof stringSharer> = (value) => value): TileMetadataItem {
  const record = objectOf(raw, 'tile metadata item');
  const url = requiredString(pick(record, FIELDS.tileUrl), 'tile static_url');
  const extent = normaliseExtent(pick(record, FIELDS.tileExtent));
  // The seed adds z/x/y; the provider's items carry the address only in the URL and the extent.
  const given = validAddress(
    optionalNumber(record.z) ?? NaN,
    optionalNumber(record.x) ?? NaN,
    optionalNumber(record.y) ?? NaN,
  );
  const address = given ?? tileAddressFromUrl(url) ?? (extent && tileAddressFromExtent(extent));
  if (!address) throw new ShapeError(`tile ${url} has no z/x/y, and neither its URL nor its extent names a tile`);
  const captureId = share(optionalString(record.mosaic_stac_id));
  // The capture id holds the capture's times too: they fill in for dates an item leaves out.
  const capture = captureId === null ? null : parseMosaicStacId(captureId);
  return {
    ...address,
    url,
    extent,
    captureId,
    captureStart: share(normaliseTimestamp(record.capture_date_start) ?? normaliseTimestamp(capture?.captureStart)),
    captureEnd: share(normaliseTimestamp(record.capture_date_end) ?? normaliseTimestamp(capture?.captureEnd)),
    publishedDate: share(normaliseTimestamp(record.published_date) ?? normaliseTimestamp(capture?.published)),
    resolution: share(optionalString(pick(record, FIELDS.resolution))),
    fileFormat: share(optionalString(record.file_format)),
    percentCovered: optionalNumber(record.percent_covered),
  };
}

/** Flat array of items (seed) or one inner array per tile position (provider); the items share repeated strings. */
export function normaliseTileMetadata(raw: unknown): TileMetadataItem[] {
  const list = isObject(raw) ? pick(raw, FIELDS.tileList) : raw;
  if (!Array.isArray(list)) throw new ShapeError('tile metadata is not an array');
  const share = stringSharer();
  return list.flat().map((item) => normaliseTileItem(item, share));
}

/** One tile's metadata (`?metadata=true`): the list forms above, or a lone item. */
export function normaliseTileCaptures(raw: unknown): TileMetadataItem[] {
  return isObject(raw) && pick(raw, FIELDS.tileList) === undefined
    ? [normaliseTileItem(raw)]
    : normaliseTileMetadata(raw);
}

const DEFAULT_TOKEN_LIFETIME = 3600;

export function normaliseAccessToken(raw: unknown): AccessToken {
  const record = objectOf(raw, 'token answer');
  return {
    value: requiredString(record.access_token, 'access_token'),
    expiresIn: optionalNumber(record.expires_in) ?? DEFAULT_TOKEN_LIFETIME,
  };
}

export function normaliseStaticKey(raw: unknown): StaticKey {
  const record = objectOf(raw, 'static key answer');
  return {
    value: requiredString(record.api_key, 'api_key'),
    expiresIn: optionalNumber(record.expires_in) ?? 31_536_000,
  };
}

function normaliseTileKey(raw: unknown): TileKey {
  const record = objectOf(raw, 'tile key');
  const surveys = record.surveys;
  return {
    id: requiredString(record.id, 'tile key id'),
    name: optionalString(record.name) ?? '',
    surveys: surveys === 'all' ? 'all' : Array.isArray(surveys) ? surveys.filter((id) => typeof id === 'string') : [],
    createdAt: normaliseTimestamp(record.created_at) ?? '',
    expiresAt: normaliseTimestamp(record.expires_at) ?? requiredString(record.expires_at, 'expires_at'),
  };
}

export function normaliseNewTileKey(raw: unknown): NewTileKey {
  return { ...normaliseTileKey(raw), key: requiredString(objectOf(raw, 'tile key').key, 'key') };
}

export function normaliseTileKeys(raw: unknown): TileKey[] {
  const keys = objectOf(raw, 'tile key list').keys;
  if (!Array.isArray(keys)) throw new ShapeError('the tile key list has no "keys"');
  return keys.map(normaliseTileKey);
}

export function normaliseRuntimeConfig(raw: unknown): RuntimeConfig {
  const record = isObject(raw) ? raw : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    mode: text(record.mode) || 'direct',
    serviceUrl: text(record.serviceUrl),
    audience: text(record.audience),
    clientId: text(record.clientId),
    clientSecret: text(record.clientSecret),
    basemapStyleUrl: optionalString(record.basemapStyleUrl),
    accessKeyRequired: record.accessKeyRequired === true,
  };
}

/** The basemap's gazetteer (rows of arrays); rows that are not what they should be are left out. */
export function normaliseGazetteer(raw: unknown): Gazetteer {
  const record = objectOf(raw, 'The gazetteer');
  const rows = (value: unknown) => (Array.isArray(value) ? value.filter(Array.isArray) : []);
  const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
  const isExtent = (values: unknown[]): values is PlaceExtent =>
    values.length === 4 && values.every((v) => typeof v === 'number' && Number.isFinite(v));
  const extentOf = (row: unknown[]) => row.slice(2, 6);
  return {
    states: rows(record.states).flatMap((row) => {
      const extent = extentOf(row);
      return isText(row[0]) && isText(row[1]) && isExtent(extent) ? [{ name: row[0], code: row[1], extent }] : [];
    }),
    cities: rows(record.cities).flatMap((row) => {
      const [name, state, lon, lat, population] = row;
      const finite = [lon, lat].every((v) => typeof v === 'number' && Number.isFinite(v));
      return isText(name) && isText(state) && finite
        ? [
            {
              name,
              state,
              position: [lon, lat] as [number, number],
              population: typeof population === 'number' ? population : 0,
            },
          ]
        : [];
    }),
    counties: rows(record.counties).flatMap((row) => {
      const extent = extentOf(row);
      return isText(row[0]) && isText(row[1]) && isExtent(extent) ? [{ name: row[0], state: row[1], extent }] : [];
    }),
  };
}
