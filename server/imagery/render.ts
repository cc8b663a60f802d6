/** Procedural aerial imagery for the reference tile service: see render/index.ts. */
export { groundClassAt, renderTile, TILE_SIZE, tileCoverageFraction, tileIntersectsFootprint } from './render/index.ts';
