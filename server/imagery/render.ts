/** Procedural aerial imagery for the reference tile service: see render/index.ts. */
export { groundClassAt, renderTile, tileCoverageFraction, tileIntersectsFootprint } from './render/index.ts';
