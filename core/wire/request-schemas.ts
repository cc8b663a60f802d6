import { Type, type Static } from '@sinclair/typebox';
import { MAX_WKT_LENGTH } from './limits.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Wkt = Type.String({ minLength: 1, maxLength: MAX_WKT_LENGTH });
const ApiKey = Type.Optional(Type.String());

export const SurveyListQuery = Type.Object({
  // A maximum also refuses "Infinity", which Ajv's coercion turns into a number that passes as an integer.
  page: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 }),
  // No published maximum: the route serves at most MAX_PAGE_SIZE and says so in page_size.
  page_size: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 25 }),
  api_key: ApiKey,
});
export type SurveyListQuery = Static<typeof SurveyListQuery>;

/** Legacy `/tile/surveys` answers every survey; paging parameters a v2 client sends are ignored. */
export const AllSurveysQuery = Type.Object({ api_key: ApiKey });

export const AreaCoverageQuery = Type.Object({
  wkt: Wkt,
  zoom: Type.Optional(Type.Integer()),
  observed_start: Type.Optional(Day),
  observed_end: Type.Optional(Day),
  api_key: ApiKey,
});
export type AreaCoverageQuery = Static<typeof AreaCoverageQuery>;

export const TileMetadataQuery = Type.Object({
  wkt: Wkt,
  zoom: Type.Integer({ default: 14 }),
  overlap: Type.Union([Type.Literal('intersects'), Type.Literal('contains'), Type.Literal('within')], {
    default: 'intersects',
  }),
  tc: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  api_key: ApiKey,
});
export type TileMetadataQuery = Static<typeof TileMetadataQuery>;

export const SurveyParams = Type.Object({ survey_id: Type.String({ minLength: 1, maxLength: 200 }) });
export type SurveyParams = Static<typeof SurveyParams>;

const PathInt = Type.String({ maxLength: 12 });
export const TileParams = Type.Object({
  survey_id: Type.String({ minLength: 1, maxLength: 200 }),
  z: PathInt,
  x: PathInt,
  y: Type.String({ maxLength: 20 }),
});
export type TileParams = Static<typeof TileParams>;

export const MosaicTileParams = Type.Composite([
  TileParams,
  Type.Object({ mosaic_stac_id: Type.String({ maxLength: 200 }) }),
]);
export type MosaicTileParams = Static<typeof MosaicTileParams>;

export const TileQuery = Type.Object({
  // "If provided, returns metadata instead of the tile": metadata=true, metadata=1 and a bare metadata= alike.
  metadata: Type.Optional(Type.String({ maxLength: 20 })),
  cache: Type.Optional(
    Type.String({ maxLength: 20, description: 'legacy: cache=false answers Cache-Control: no-store' }),
  ),
  /** Reference-service extension for `basemap`: skip surveys with more cloud cover (percent). */
  max_cloud: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  api_key: ApiKey,
});
export type TileQuery = Static<typeof TileQuery>;

/** ISO 8601 (v2) or "YYYY-MM-DD HH:MM:SS UTC" (legacy); a date alone means its midnight UTC. */
const WindowTime = Type.String({ minLength: 10, maxLength: 40 });
export const MosaicUpdatesQuery = Type.Object({
  since: Type.Optional(WindowTime),
  until: Type.Optional(WindowTime),
  include_percent_covered: Type.Boolean({ default: false }),
  zoom: Type.Integer({ default: 14, description: 'zoom of the listed tiles, 14–21' }),
  api_key: ApiKey,
});
export type MosaicUpdatesQuery = Static<typeof MosaicUpdatesQuery>;

export const BasemapMosaicParams = Type.Object({ z: PathInt, x: PathInt, y: Type.String({ maxLength: 20 }) });
export type BasemapMosaicParams = Static<typeof BasemapMosaicParams>;
export const BasemapMosaicQuery = Type.Object({
  survey: Type.String({ minLength: 1, maxLength: 100, default: 'NSL_BASEMAP_v7' }),
  api_key: ApiKey,
});
export type BasemapMosaicQuery = Static<typeof BasemapMosaicQuery>;
