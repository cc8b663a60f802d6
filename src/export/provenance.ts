import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { stripCredentials } from '../area/strip-credentials.ts';
import type { PlannedTile } from './export-plan.ts';
import { tileKey, tilePolygon } from '../../geo/tile-address.ts';

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
  /** The service's URL of the tile, without any credential. */
  tile_url: string;
  status: TileOutcome['status'];
  error?: { status: number; code: string; message: string; correlation_id: string | null };
}

/** Which survey and capture supplied each tile of the file, and which tiles failed: one feature per tile. */
export function provenanceCollection(
  tiles: readonly PlannedTile[],
  outcomes: ReadonlyMap<string, TileOutcome>,
): FeatureCollection<Polygon, TileProvenance> {
  return {
    type: 'FeatureCollection',
    features: tiles.map((tile): Feature<Polygon, TileProvenance> => {
      const outcome = outcomes.get(tileKey(tile)) ?? {
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
          z: tile.z,
          x: tile.x,
          y: tile.y,
          survey_id: tile.surveyId,
          mosaic_stac_id: tile.captureId,
          capture_date_start: tile.captureStart,
          capture_date_end: tile.captureEnd,
          published_date: tile.publishedDate,
          spatial_resolution_class: tile.resolution,
          tile_url: stripCredentials(tile.url),
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
    }),
  };
}
