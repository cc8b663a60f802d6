/** What the change engine compares: the same tile in two captures. */
import type { TileImageRequest } from '../../api/tile-images.ts';

/** One capture of a tile, as tile metadata names it. */
export interface ChangeCapture {
  surveyId: string;
  /** mosaic_stac_id from the tile's metadata, which pins the capture; null for the survey's newest at the tile. */
  captureId: string | null;
  /** When it was captured (capture_date_start, ISO 8601): the explanation's dates and seasons. */
  date: string;
  /** The tile's static_url, when the metadata gave one; else the capture-specific route is asked. */
  url?: string;
}

export interface ChangePair {
  z: number;
  x: number;
  y: number;
  /** The earlier capture and the later one. */
  before: ChangeCapture;
  after: ChangeCapture;
}

/** Most tile pairs one run compares (20,000 tile requests): past it, findChanges refuses the run. */
export const CHANGE_TILE_CAP = 10_000;

export class ChangeTileCapError extends Error {
  constructor(readonly pairs: number) {
    super(
      `${pairs.toLocaleString('en-US')} tiles to compare: Find changes compares at most ` +
        `${CHANGE_TILE_CAP.toLocaleString('en-US')} at once. Choose a smaller area or fewer places.`,
    );
    this.name = 'ChangeTileCapError';
  }
}

/** The request for one side of a pair (see src/api/tile-images.ts). */
export const tileRequestOf = ({ z, x, y }: ChangePair, capture: ChangeCapture): TileImageRequest => ({
  surveyId: capture.surveyId,
  captureId: capture.captureId,
  z,
  x,
  y,
  url: capture.url ?? '',
});
