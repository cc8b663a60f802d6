import type { TileMetadataItem } from '../../../core/wire/model.ts';
import { footprintsToGeoJson } from '../../area/export-area.ts';
import { tilesToCsv, tilesToGeoJson } from '../../area/export-tiles.ts';
import { jsonFileText, saveText } from '../../ui/save-file.ts';
import type { CoverageResult } from './coverage-results.ts';
import { toTileExportItems, withApiKey } from './tile-export.ts';

/**
 * File exports, loaded only when the user asks for one. Tile URLs carry no credential unless the
 * user explicitly chose to include their static API key.
 */

const safeName = (text: string) => text.replace(/[^\w.-]+/g, '_');

export interface TileExportOptions {
  surveyId: string;
  zoom: number;
  /** The static API key to put into the URLs, or null for URLs without credentials. */
  apiKey: string | null;
}

function exportItems(tiles: readonly TileMetadataItem[], apiKey: string | null) {
  const items = toTileExportItems(tiles);
  return apiKey ? items.map((item) => ({ ...item, url: withApiKey(item.url, apiKey) })) : items;
}

export function saveTilesCsv(tiles: readonly TileMetadataItem[], { surveyId, zoom, apiKey }: TileExportOptions): void {
  saveText(
    `${safeName(surveyId)}_z${zoom}_tiles.csv`,
    tilesToCsv(exportItems(tiles, apiKey), { includeKey: apiKey !== null }),
    'text/csv',
  );
}

export function saveTilesGeoJson(
  tiles: readonly TileMetadataItem[],
  { surveyId, zoom, apiKey }: TileExportOptions,
): void {
  const collection = tilesToGeoJson(exportItems(tiles, apiKey), { includeKey: apiKey !== null });
  saveText(`${safeName(surveyId)}_z${zoom}_tiles.geojson`, jsonFileText(collection), 'application/geo+json');
}

export function saveFootprints(results: readonly CoverageResult[]): void {
  const collection = footprintsToGeoJson(
    results.map((r) => ({
      surveyId: r.id,
      geometry: r.footprint,
      properties: {
        capture_start: r.captureStart,
        capture_end: r.captureEnd,
        cloud_cover: r.cloudCover,
        percent_of_area_covered: Math.round(r.percentCovered * 10) / 10,
      },
    })),
  );
  saveText('coverage_footprints.geojson', jsonFileText(collection), 'application/geo+json');
}
