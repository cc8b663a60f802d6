import { Type, type Static } from '@sinclair/typebox';
import { MAX_WKT_LENGTH } from '../../geo/limits.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Wkt = Type.String({ minLength: 1, maxLength: MAX_WKT_LENGTH });
const ApiKey = Type.Optional(Type.String());

export const SurveyListQuery = Type.Object({
  // A maximum also refuses "Infinity", which Ajv's coercion turns into a number that passes as an integer.
  page: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  api_key: ApiKey,
});
export type SurveyListQuery = Static<typeof SurveyListQuery>;

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
  metadata: Type.Optional(Type.Boolean()),
  api_key: ApiKey,
});
export type TileQuery = Static<typeof TileQuery>;
