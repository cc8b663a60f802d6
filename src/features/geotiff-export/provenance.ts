import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { stripCredentials } from '../../area/strip-credentials.ts';
import type { ExportPlan, PlannedTile } from './export-plan.ts';
import type { SelectionRule } from './tile-selection.ts';
import { zxyKey, tilePolygon } from '../../../core/geo/tile-address.ts';

/** What became of one planned tile. */
export type TileOutcome =
  | { status: 'exported' }
  /** The service answered 404: no imagery there after all. */
  | { status: 'no_imagery' }
  | { status: 'failed'; httpStatus: number; code: string; message: string; correlationId: string | null };

export interface TileProvenance {
  z: number;
  x: number;
  y: number;
  survey_id: string;
  mosaic_stac_id: string | null;
  capture_date_start: string | null;
  capture_date_end: string | null;
  published_date: string | null;
  spatial_resolution_class: string | null;
  /** The survey's cloud cover, percent (null where the service publishes none). */
  cloud_cover: number | null;
  /** The service's URL of the tile, without any credential. */
  tile_url: string;
  /** `over_cloud_limit`: only surveys over the limit have imagery here; left empty, the survey named not fetched. */
  status: TileOutcome['status'] | 'over_cloud_limit';
  error?: { status: number; code: string; message: string; correlation_id: string | null };
}

/** How the tiles were chosen (foreign members of the collection). */
export interface ProvenanceSelection {
  selection_rule: SelectionRule;
  /** Percent, or null for no limit. */
  max_cloud_cover: number | null;
}

const properties = (tile: PlannedTile) => ({
  z: tile.z,
  x: tile.x,
  y: tile.y,
  survey_id: tile.surveyId,
  mosaic_stac_id: tile.captureId,
  capture_date_start: tile.captureStart,
  capture_date_end: tile.captureEnd,
  published_date: tile.publishedDate,
  spatial_resolution_class: tile.resolution,
  cloud_cover: tile.cloudCover,
  tile_url: stripCredentials(tile.url),
});

/**
 * Which survey and capture supplied each tile of the file, which tiles failed, and which the cloud limit left empty:
 * one feature per tile, with the selection rule and the limit beside them.
 */
export function provenanceCollection(
  { tiles, overCloudLimit, selection }: Pick<ExportPlan, 'tiles' | 'overCloudLimit' | 'selection'>,
  outcomes: ReadonlyMap<string, TileOutcome>,
): FeatureCollection<Polygon, TileProvenance> & ProvenanceSelection {
  const limited = overCloudLimit.map(
    (tile): Feature<Polygon, TileProvenance> => ({
      type: 'Feature',
      geometry: tilePolygon(tile),
      properties: { ...properties(tile), status: 'over_cloud_limit' },
    }),
  );
  return {
    type: 'FeatureCollection',
    selection_rule: selection.rule,
    max_cloud_cover: selection.maxCloudCover,
    features: tiles
      .map((tile): Feature<Polygon, TileProvenance> => {
        const outcome = outcomes.get(zxyKey(tile)) ?? {
          status: 'failed',
          httpStatus: 0,
          code: 'not_fetched',
          message: 'The export stopped before this tile.',
          correlationId: null,
        };
        return {
          type: 'Feature',
          geometry: tilePolygon(tile),
          properties: {
            ...properties(tile),
            status: outcome.status,
            ...(outcome.status === 'failed' && {
              error: {
                status: outcome.httpStatus,
                code: outcome.code,
                message: outcome.message,
                correlation_id: outcome.correlationId,
              },
            }),
          },
        };
      })
      .concat(limited),
  };
}
