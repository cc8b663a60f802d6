import type { TileMetadataItem } from '../../../core/wire/model.ts';
import type { Georeference } from './cog-file.ts';
import { cogLevels, TILE_SIZE, type LevelLayout } from './cog-layout.ts';
import { zOrder } from './pyramid.ts';
import type { PlanSurvey, TileChoice, TileSelection } from './tile-selection.ts';
import { packTiles, tilesOf, type PlannedTile, type TileRecords } from './tile-records.ts';
import { tileExtent, zxyKey } from '../../../core/geo/tile-address.ts';
import { groundResolution, tileMercatorExtent } from '../../../core/geo/web-mercator.ts';

/** Zooms an export may use: the service's tile range. */
export const EXPORT_MIN_ZOOM = 14;
export const EXPORT_MAX_ZOOM = 21;

/**
 * Largest export, in imagery tiles: the service lists at most 10,000 tiles of a survey per request, and at this
 * size even incompressible tiles keep the file (with its overviews) under the classic TIFF's 4 GiB.
 */
export const EXPORT_TILE_CAP = 10_000;
/**
 * Largest grid (the tiles' bounding box, in tiles): its TileOffsets/TileByteCounts arrays are written whole, so a
 * long thin or scattered area can cost far more than its tiles.
 */
export const EXPORT_GRID_CAP = 1_000_000;
/**
 * How the file stores its imagery: the service's JPEG tiles as they are, with an internal mask for what lies
 * outside the area; or every decoded pixel, deflated, with an alpha band.
 */
export type ExportCompression = 'jpeg' | 'deflate';

/** One survey's tiles in the area at the export's zoom (`newestTiles`), and its cloud cover. */
export interface SurveyTiles {
  surveyId: string;
  cloudCover?: number | null;
  tiles: TileRecords;
}

const time = (value: string | null) => (value ? Date.parse(value) : Number.NEGATIVE_INFINITY);
const newerCapture = (a: TileMetadataItem, b: TileMetadataItem) =>
  time(a.captureEnd ?? a.captureStart) - time(b.captureEnd ?? b.captureStart) ||
  time(a.publishedDate) - time(b.publishedDate);

/**
 * A survey's tile metadata as an export uses it: its newest capture at each position it lists, packed (its cloud
 * cover comes from the catalog, with the plan). A few bytes a position where the metadata holds ~0.4 KB an item.
 */
export function newestTiles(surveyId: string, items: readonly TileMetadataItem[]): TileRecords {
  const newest = new Map<string, TileMetadataItem>();
  for (const item of items) {
    const key = zxyKey(item);
    const known = newest.get(key);
    // Stryker disable next-line EqualityOperator: listings of the very same times are the same capture either way.
    if (!known || newerCapture(item, known) > 0) newest.set(key, item);
  }
  return packTiles(
    Array.from(newest.values(), (item) => ({
      z: item.z,
      x: item.x,
      y: item.y,
      surveyId,
      url: item.url,
      captureId: item.captureId,
      captureStart: item.captureStart,
      captureEnd: item.captureEnd,
      publishedDate: item.publishedDate,
      resolution: item.resolution,
      cloudCover: null,
    })),
  );
}

/**
 * The capture to export at each tile position: sources in priority order (one survey; or, for the best available,
 * the results in the selection rule's order), the first source that lists a position supplies it, with its newest
 * capture there.
 */
export function chooseTiles(sources: readonly SurveyTiles[]): PlannedTile[] {
  const chosen = new Map<string, PlannedTile>();
  for (const { cloudCover = null, tiles } of sources) {
    for (const tile of tilesOf(tiles)) {
      const key = zxyKey(tile);
      if (!chosen.has(key)) chosen.set(key, { ...tile, cloudCover });
    }
  }
  return [...chosen.values()];
}

/** The file an export makes: its grid of web tiles, levels and place on the map, and the tiles in fetch order. */
export interface ExportPlan {
  zoom: number;
  /** Web tile column and row of the grid's top-left tile. */
  x0: number;
  y0: number;
  levels: LevelLayout[];
  georeference: Georeference;
  /** Z-order over the grid, so that overview blocks complete early. Each tile's row is its place in this order. */
  tiles: TileRecords;
  /** Metres on the ground per pixel at the grid's middle. */
  groundResolution: number;
  selection: TileSelection;
  /** Left empty: only surveys over the cloud limit have imagery there (within the grid, not fetched). */
  overCloudLimit: TileRecords;
  /** The surveys the tiles come from, in the rule's order, and those the cloud limit kept out. */
  surveys: PlanSurvey[];
  leftOut: PlanSurvey[];
}

export type PlanRefusal =
  /** No tile to fetch; `overCloudLimit` positions have imagery only over the cloud limit. */
  | { kind: 'empty'; overCloudLimit: number }
  | { kind: 'tooManyTiles'; count: number }
  | { kind: 'gridTooLarge'; cells: number };

/**
 * The plan for the chosen tiles at zoom z, or why there is none. The grid also spans the positions the cloud limit
 * leaves empty, so that the file covers the area whatever the limit.
 */
export function planExport(zoom: number, choice: TileChoice): ExportPlan | PlanRefusal {
  const { tiles, overCloudLimit, selection, surveys, leftOut } = choice;
  if (tiles.length === 0) return { kind: 'empty', overCloudLimit: overCloudLimit.length };
  if (tiles.length > EXPORT_TILE_CAP) return { kind: 'tooManyTiles', count: tiles.length };
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { x, y } of [...tiles, ...overCloudLimit]) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  const across = x1 - x0 + 1;
  const down = y1 - y0 + 1;
  if (across * down > EXPORT_GRID_CAP) return { kind: 'gridTooLarge', cells: across * down };
  const levels = cogLevels(across, down);
  const [west, , east, north] = tileMercatorExtent({ z: zoom, x: x0, y: y0 });
  const [, south] = tileExtent({ z: zoom, x: x0, y: Math.round((y0 + y1) / 2) });
  const ordered = [...tiles].sort((a, b) => zOrder(a.x - x0, a.y - y0) - zOrder(b.x - x0, b.y - y0));
  return {
    zoom,
    x0,
    y0,
    levels,
    georeference: { originX: west, originY: north, pixelSize: (east - west) / TILE_SIZE },
    tiles: packTiles(ordered),
    groundResolution: groundResolution(zoom, south),
    selection,
    overCloudLimit: packTiles(overCloudLimit),
    surveys,
    leftOut,
  };
}

export const isPlan = (plan: ExportPlan | PlanRefusal): plan is ExportPlan => 'tiles' in plan;

/**
 * The zoom whose pixels are nearest the imagery's resolution class (e.g. "7.5cm") without being finer: finer tiles
 * would only upsample the imagery, at four times the tiles (and the bill) per level. Null for an unknown class.
 */
export function defaultZoomFor(resolutionClass: string | null, latitude: number): number | null {
  // Stryker disable next-line StringLiteral: any text in place of null fails the pattern as '' does.
  const match = /^\s*(\d+(?:\.\d+)?)\s*(cm|m)\s*$/i.exec(resolutionClass ?? '');
  if (!match) return null;
  const metres = Number(match[1]) / (match[2].toLowerCase() === 'cm' ? 100 : 1);
  if (!(metres > 0)) return null;
  const zoom = Math.floor(Math.log2(groundResolution(0, latitude) / metres));
  return Math.max(EXPORT_MIN_ZOOM, Math.min(EXPORT_MAX_ZOOM, zoom));
}
