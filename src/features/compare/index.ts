export { CompareView } from './CompareView.tsx';
// The capture-under-cursor readout, for other views of several imageries (side by side).
export { CapturedImagery } from './CapturedImagery.tsx';
export { cursorTileHint } from './cursor-capture.ts';
export { useCursorTile } from './use-cursor-tile.ts';
export { useKnownSurvey } from './use-known-survey.ts';
export { sideImagery } from './side-imagery.ts';
