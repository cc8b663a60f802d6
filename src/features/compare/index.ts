/** What other features use of the comparison: a tile's captures, the one under the cursor, and a survey's details. */
export { tileCapturesQueryOptions } from './compare-queries.ts';
export { describeTileCaptures, newestCapture } from './cursor-capture.ts';
export { cursorTileKey } from './tile-under-cursor.ts';
export { useCursorTile } from './use-cursor-tile.ts';
export { isDetailsUnknown, useKnownSurvey } from './use-known-survey.ts';
