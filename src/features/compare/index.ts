/** What other features use of the comparison: a tile's captures, the one under the cursor, and a survey's details. */
export { describeTileCaptures, newestCapture, cursorTileHint } from './cursor-capture.ts';
export { cursorTileKey } from './tile-under-cursor.ts';
export { useCursorTile } from './use-cursor-tile.ts';
export { isDetailsUnknown, useKnownSurvey } from './use-known-survey.ts';
// The capture-under-cursor readout, for other views of several imageries (side by side).
export { CapturedImagery } from './CapturedImagery.tsx';
export { sideImagery } from './side-imagery.ts';
export { compareRaster } from './compare-imagery.ts';
