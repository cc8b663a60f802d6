import { TILE_SIZE } from '../../../core/geo/tile-address.ts';

/** TIFF tiles are web tiles: 256 × 256 pixels. */
export { TILE_SIZE };

/** One resolution level of the file: the full image (level 0) or an overview, each half the size of the one before. */
export interface LevelLayout {
  level: number;
  width: number;
  height: number;
  tilesAcross: number;
  tilesDown: number;
}

/**
 * The levels of a COG whose full-resolution image is `tilesAcross` × `tilesDown` tiles: overviews (rounded up, as
 * GDAL sizes them) until the smallest fits in one tile.
 */
export function cogLevels(tilesAcross: number, tilesDown: number): LevelLayout[] {
  const levels: LevelLayout[] = [];
  let width = tilesAcross * TILE_SIZE;
  let height = tilesDown * TILE_SIZE;
  for (let level = 0; ; level++) {
    levels.push({
      level,
      width,
      height,
      tilesAcross: Math.ceil(width / TILE_SIZE),
      tilesDown: Math.ceil(height / TILE_SIZE),
    });
    if (width <= TILE_SIZE && height <= TILE_SIZE) return levels;
    width = Math.ceil(width / 2);
    height = Math.ceil(height / 2);
  }
}

/** Position of a tile in its level's TileOffsets (row-major, as the COG layout orders tile data). */
export const tileIndex = (level: LevelLayout, col: number, row: number): number => row * level.tilesAcross + col;
