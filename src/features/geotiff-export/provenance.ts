import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { stripCredentials } from '../../area/strip-credentials.ts';
import type { ExportPlan } from './export-plan.ts';
import type { SelectionRule } from './tile-selection.ts';
import type { TileOutcomes } from './tile-outcomes.ts';
import { packTiles, tileAt, tilesOf, type PlannedTile } from './tile-records.ts';
import { tilePolygon } from '../../../core/geo/tile-address.ts';

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

/** Each planned tile's outcome, by its row in the plan. */
type OutcomeOf = Pick<TileOutcomes, 'get'>;

/** The provenance's features: one per planned tile, then one per tile the cloud limit left empty. */
function* provenanceFeatures(
  { tiles, overCloudLimit }: Pick<ExportPlan, 'tiles' | 'overCloudLimit'>,
  outcomes: OutcomeOf,
): Generator<Feature<Polygon, TileProvenance>> {
  for (let row = 0; row < tiles.length; row++) {
    const tile = tileAt(tiles, row);
    const outcome = outcomes.get(row) ?? {
      status: 'failed',
      httpStatus: 0,
      code: 'not_fetched',
      message: 'The export stopped before this tile.',
      correlationId: null,
    };
    yield {
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
  }
  for (const tile of tilesOf(overCloudLimit))
    yield {
      type: 'Feature',
      geometry: tilePolygon(tile),
      properties: { ...properties(tile), status: 'over_cloud_limit' },
    };
}

type ProvenanceInput = Pick<ExportPlan, 'tiles' | 'overCloudLimit' | 'selection'>;

/**
 * Which survey and capture supplied each tile of the file, which tiles failed, and which the cloud limit left empty:
 * one feature per tile, with the selection rule and the limit beside them.
 */
export function provenanceCollection(
  plan: ProvenanceInput,
  outcomes: OutcomeOf,
): FeatureCollection<Polygon, TileProvenance> & ProvenanceSelection {
  return {
    type: 'FeatureCollection',
    selection_rule: plan.selection.rule,
    max_cloud_cover: plan.selection.maxCloudCover,
    features: [...provenanceFeatures(plan, outcomes)],
  };
}

/** Features written to a Blob at a time: the text of a 10⁴-tile collection is never whole in the heap. */
const FEATURES_PER_PART = 500;

/**
 * The provenance collection as GeoJSON text (`JSON.stringify(collection, null, 1)`, byte for byte), written a few
 * hundred features at a time into Blobs: as one object and one string it held ~2 KB a tile at the export's end.
 */
export function provenanceBlob(plan: ProvenanceInput, outcomes: OutcomeOf): Blob {
  const type = 'application/geo+json';
  const none = packTiles([]);
  const empty = JSON.stringify(provenanceCollection({ ...plan, tiles: none, overCloudLimit: none }, outcomes), null, 1);
  const parts: Blob[] = [];
  let batch: Feature<Polygon, TileProvenance>[] = [];
  // A batch stringified where the collection holds its features, `{ "features": [` … `\n ]\n}`, is their text there.
  const write = () => {
    const text = JSON.stringify({ features: batch }, null, 1);
    parts.push(new Blob([parts.length === 0 ? '' : ',', text.slice('{\n "features": ['.length, -'\n ]\n}'.length)]));
    batch = [];
  };
  for (const feature of provenanceFeatures(plan, outcomes)) {
    batch.push(feature);
    if (batch.length === FEATURES_PER_PART) write();
  }
  if (batch.length > 0) write();
  if (parts.length === 0) return new Blob([empty], { type });
  // The empty collection ends `"features": []\n}`.
  return new Blob([empty.slice(0, -'[]\n}'.length), '[', ...parts, '\n ]\n}'], { type });
}
