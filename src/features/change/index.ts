/**
 * The change engine: for the same tile in two captures, a score in 0–1 and 16 × 16 cell scores with the cells that
 * could not be compared (cloud, cloud shadow, no imagery), computed in a worker. What a score means:
 * docs/change-score.md.
 */
export { CHANGE_TILE_CAP, type ChangeCapture, type ChangePair, ChangeTileCapError } from './change-pair.ts';
export {
  cellCentre,
  type ChangeExplanation,
  ChangeResults,
  PAIR_STATUS,
  type PairFailure,
  type PairStatus,
} from './change-results.ts';
export { CHANGE_ZOOM, CHANGED_SCORE } from './change-thresholds.ts';
export {
  type ChangeProgress,
  findChanges,
  type FindChangesOptions,
  prepareChangeWorker,
} from './change-worker-client.ts';
export { OBSCURED, type ObscuredReason } from './obscured-cells.ts';
export { CELL_GRID } from './pixel-planes.ts';
export { reduceTile } from './reduce-tile.ts';
export { type ChangeSummary, type ChangeVerdict, type PairScore, scoreTilePair } from './score-pair.ts';
export { type Season, seasonAt } from './seasons.ts';
