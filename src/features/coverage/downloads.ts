import type { TileMetadataItem } from '../../../core/wire/model.ts';
import { areaToGeoJson, footprintsToGeoJson } from '../../area/export-area.ts';
import { tilesToCsv, tilesToGeoJson } from '../../area/export-tiles.ts';
import type { ActiveArea } from '../area-search/index.ts';
import { saveBlob } from '../../ui/save-file.ts';
import type { CoverageResult } from './coverage-results.ts';
import { toTileExportItems, withApiKey } from './tile-export.ts';

/**
 * File exports, loaded only when the user asks for one. Tile URLs carry no credential unless the
 * user explicitly chose to include their static API key.
 */

function save(fileName: string, text: string, type: string): void {
  saveBlob(fileName, new Blob([text], { type }));
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
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
  save(
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
  save(`${safeName(surveyId)}_z${zoom}_tiles.geojson`, json(collection), 'application/geo+json');
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
  save('coverage_footprints.geojson', json(collection), 'application/geo+json');
}

export function saveAreaWkt(area: ActiveArea): void {
  save('area.wkt', `${area.wkt}\n`, 'text/plain');
}

export function saveAreaGeoJson(area: ActiveArea): void {
  save('area.geojson', json(areaToGeoJson(area.geometry)), 'application/geo+json');
}
