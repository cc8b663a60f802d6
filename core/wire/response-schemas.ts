import { type TSchema, Type } from '@sinclair/typebox';

/**
 * The answers of the survey routes as TypeBox schemas, one set per response profile (seed, provider and
 * their legacy forms): Fastify serialises answers with them (fast-json-stringify), and the tests check
 * every answer against them. Objects are closed — a field missing here would be dropped from the wire —
 * except GeoJSON geometries, whose foreign members (e.g. `bbox`) pass as the catalog gives them.
 */

export interface ResponseShape {
  geometry: 'geojson' | 'wkt';
  time: 'iso' | 'legacy';
  /** cloud_cover, links and tile z/x/y, which the seed adds to the provider's published fields. */
  extras: boolean;
  tileMetadata: 'flat' | 'nested';
}

/** The seed's shape: GeoJSON, ISO times, its extra fields and flat tile metadata. */
export const SEED_SHAPE: ResponseShape = { geometry: 'geojson', time: 'iso', extras: true, tileMetadata: 'flat' };

/** The provider's published shape: WKT footprints, ISO times, nested tile metadata. */
export const PROVIDER_SHAPE: ResponseShape = { geometry: 'wkt', time: 'iso', extras: false, tileMetadata: 'nested' };

/** The legacy unversioned routes: a profile's fields with legacy times and WKT footprints. */
export const legacyShape = (base: 'seed' | 'provider'): ResponseShape => ({
  ...(base === 'seed' ? SEED_SHAPE : PROVIDER_SHAPE),
  geometry: 'wkt',
  time: 'legacy',
});

export interface ResponseSchemas {
  surveyPage: TSchema;
  footprint: TSchema;
  coverage: TSchema;
  tileMetadata: TSchema;
  /** The `?metadata=true` answer of one tile. */
  tileItems: TSchema;
  /** `mosaic_updates`: the tiles (re)published in a window. */
  mosaicUpdates: TSchema;
  /** Legacy `/tile/surveys`: all surveys in one array. */
  allSurveys: TSchema;
}

const closed = { additionalProperties: false } as const;

const IsoTime = Type.String({
  pattern: String.raw`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$`,
  description: 'ISO 8601, UTC',
});
const LegacyTime = Type.String({
  pattern: String.raw`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$`,
  description: 'YYYY-MM-DD HH:MM:SS UTC (legacy routes)',
});

const Position = Type.Array(Type.Number(), { minItems: 2, maxItems: 3, description: '[longitude, latitude]' });
const Ring = Type.Array(Position, { minItems: 4, description: 'closed: the first position again at the end' });
const geoJsonMembers = { additionalProperties: true } as const;
const GeoJsonFootprint = Type.Union(
  [
    Type.Object({ type: Type.Literal('Polygon'), coordinates: Type.Array(Ring, { minItems: 1 }) }, geoJsonMembers),
    Type.Object(
      { type: Type.Literal('MultiPolygon'), coordinates: Type.Array(Type.Array(Ring, { minItems: 1 })) },
      geoJsonMembers,
    ),
  ],
  { description: 'GeoJSON geometry, EPSG:4326' },
);
const WktFootprint = Type.String({ pattern: '^(MULTI)?POLYGON ', description: 'WKT, EPSG:4326' });

const Link = Type.Object({ rel: Type.String(), href: Type.String() }, closed);
const Percent = Type.Number({ minimum: 0, maximum: 100 });
const MosaicStacId = Type.String({
  pattern: String.raw`^\d{8}T\d{6}_\d{8}T\d{6}_\d{8}T\d{6}_[0-3]+$`,
  description: 'capture start, end and published timestamps, and the quadkey of the tile at zoom ≤ 14',
});
const TileIndex = Type.Integer({ minimum: 0 });

/** The parts the schemas differ by: one shape's, or (for a reader of any profile) every shape's at once. */
interface ShapeParts {
  Time: TSchema;
  Footprint: TSchema;
  extras: boolean;
  tileMetadata: (item: TSchema) => TSchema;
}

const flatMetadata = (item: TSchema) => Type.Array(item, { description: 'one item per tile' });
const nestedMetadata = (item: TSchema) =>
  Type.Array(Type.Array(item), { description: 'one array per tile position, one item per capture' });

export function responseSchemas(shape: ResponseShape): ResponseSchemas {
  return schemasOf({
    Time: shape.time === 'iso' ? IsoTime : LegacyTime,
    Footprint: shape.geometry === 'geojson' ? GeoJsonFootprint : WktFootprint,
    extras: shape.extras,
    tileMetadata: shape.tileMetadata === 'flat' ? flatMetadata : nestedMetadata,
  });
}

/**
 * What any profile may answer (seed, provider, legacy): either time form, either footprint form, the seed's extra
 * fields and either tile metadata form. A reader of answers from a service of unknown profile (the gateway) keeps
 * only the fields these know.
 */
export function anyShapeSchemas(): ResponseSchemas {
  return schemasOf({
    Time: Type.Union([IsoTime, LegacyTime]),
    Footprint: Type.Union([GeoJsonFootprint, WktFootprint]),
    extras: true,
    tileMetadata: (item) => Type.Union([flatMetadata(item), nestedMetadata(item)]),
  });
}

function schemasOf({ Time, Footprint, extras, tileMetadata }: ShapeParts): ResponseSchemas {
  const surveyFields = {
    id: Type.String(),
    capture_date_start: Time,
    capture_date_end: Time,
    last_updated: Time,
    spectral_range: Type.String(),
    ...(extras && {
      cloud_cover: Percent,
      links: Type.Array(Link, { description: 'footprint, coverage and tiles of this survey' }),
    }),
  };

  const tileItemFields = {
    static_url: Type.String({ description: 'the full URL of the tile' }),
    geospatial_extent: Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()], {
      description: '[west, south, east, north], EPSG:4326',
    }),
    mosaic_stac_id: MosaicStacId,
    capture_date_start: Time,
    capture_date_end: Time,
    published_date: Time,
    file_format: Type.String(),
    spatial_resolution_class: Type.String(),
    spectral_range: Type.String(),
    percent_covered: Type.Integer({ minimum: 0, maximum: 100 }),
    ...(extras && { survey_id: Type.String(), z: TileIndex, x: TileIndex, y: TileIndex }),
  };
  const TileItem = Type.Object(tileItemFields, closed);
  const UpdateItem = Type.Object(
    {
      ...tileItemFields,
      static_url: Type.String({ description: 'the capture-specific URL of the tile' }),
      percent_covered: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 100, description: 'only with include_percent_covered=true' }),
      ),
    },
    closed,
  );
  const SurveyWithFootprint = Type.Object({ ...surveyFields, footprint: Footprint }, closed);

  return {
    surveyPage: Type.Object(
      {
        results: Type.Array(Type.Object(surveyFields, closed), {
          description: 'newest capture first (seed), most recently updated first (provider)',
        }),
        page: Type.Integer({ minimum: 1 }),
        page_size: Type.Integer({ minimum: 1 }),
        has_next: Type.Boolean(),
        total_pages: Type.Integer({ minimum: 0 }),
        total_results: Type.Integer({ minimum: 0 }),
      },
      closed,
    ),
    footprint: Type.Object(
      {
        survey_id: Type.String(),
        footprint: Footprint,
        status: Type.Literal(200),
        ...(extras && {
          ...surveyFields,
          published_date: Time,
          spatial_resolution_class: Type.String(),
        }),
      },
      closed,
    ),
    coverage: Type.Array(SurveyWithFootprint, {
      description: 'the surveys whose footprint intersects the area, newest first',
    }),
    allSurveys: Type.Array(SurveyWithFootprint, { description: 'every survey, in the list order' }),
    mosaicUpdates: Type.Array(Type.Array(UpdateItem), {
      description: 'one array per tile position (re)published in the window, one item per capture, newest first',
    }),
    tileMetadata: tileMetadata(TileItem),
    tileItems: Type.Array(TileItem),
  };
}
