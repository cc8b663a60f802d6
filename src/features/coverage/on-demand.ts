/** An area's coverage shown (results, tiles, a tile's details, what goes on the map): loaded with the area search. */
export { CoverageResults } from './CoverageResults.tsx';
export { CoverageSync } from './CoverageSync.tsx';
export { SurveyTiles } from './SurveyTiles.tsx';
export { TileDetails } from './TileDetails.tsx';
export { useCoverage } from './use-coverage.ts';
