import type { FeatureCollection, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, PointLike } from 'maplibre-gl';
import type { AreaGeometry } from '../area/area-geometry.ts';
import {
  areaSearchLayerIds,
  areaSearchLayers,
  COVERAGE_SOURCE,
  TILE_GRID_SOURCE,
  tileOutlineOpacity,
  tileSelectionFilter,
  UNCOVERED_SOURCE,
} from './area-search-layers.ts';
import type { FeatureSources } from './feature-sources.ts';
import type { FootprintCollection } from './footprints.ts';
import { slotOf } from './layer-order.ts';

/** Tile cells: `key` is "z/x/y", `percent` the share of the tile holding imagery (null when unknown). */
export type TileGridCollection = FeatureCollection<Polygon, { key: string; percent: number | null }>;

const EMPTY_GRID: TileGridCollection = { type: 'FeatureCollection', features: [] };

/**
 * What an area search draws: the footprints of the surveys it found, the part of the area none covers, and one
 * survey's tile grid (hover and selection of its cells).
 */
export class AreaSearchOverlay {
  private coverage: FootprintCollection = { type: 'FeatureCollection', features: [] };
  private uncovered: AreaGeometry | null = null;
  private tileGrid: TileGridCollection = EMPTY_GRID;
  private tileGridZoom = 16;
  private selectedTileKey: string | null = null;
  private hoveredTileKey: string | null = null;
  private ready = false;
  private footprintsShown = true;

  constructor(
    private readonly map: MapLibreMap,
    private readonly sources: FeatureSources,
  ) {}

  /** Above the catalog's footprints (fills under the imagery, outlines over it), below the drawn area. */
  install(): void {
    this.sources.add(COVERAGE_SOURCE);
    this.sources.send(COVERAGE_SOURCE, this.coverage.features);
    this.map.addSource(UNCOVERED_SOURCE, { type: 'geojson', data: this.uncoveredData() });
    this.map.addSource(TILE_GRID_SOURCE, { type: 'geojson', data: this.tileGrid, promoteId: 'key' });
    for (const layer of areaSearchLayers(this.selectedTileKey)) this.map.addLayer(layer, slotOf(layer));
    this.map.setPaintProperty(areaSearchLayerIds.tileOutline, 'line-opacity', tileOutlineOpacity(this.tileGridZoom));
    this.ready = true;
    this.showFootprints(this.footprintsShown);
  }

  /** Shows or hides the found surveys' footprints (the area's uncovered part and tile grid stay). */
  showFootprints(shown: boolean): void {
    this.footprintsShown = shown;
    if (!this.ready) return;
    for (const id of [areaSearchLayerIds.coverageFill, areaSearchLayerIds.coverageOutline])
      this.map.setLayoutProperty(id, 'visibility', shown ? 'visible' : 'none');
  }

  /** Whether these are new results (and were sent). */
  showCoverage(footprints: FootprintCollection): boolean {
    if (footprints === this.coverage) return false;
    this.coverage = footprints;
    if (this.ready) this.sources.send(COVERAGE_SOURCE, footprints.features);
    return true;
  }

  showUncovered(part: AreaGeometry | null): void {
    this.uncovered = part;
    if (this.ready) this.map.getSource<GeoJSONSource>(UNCOVERED_SOURCE)?.setData(this.uncoveredData());
  }

  showTileGrid(tiles: TileGridCollection, tileZoom = this.tileGridZoom): void {
    this.tileGrid = tiles;
    this.tileGridZoom = tileZoom;
    if (!this.ready) return;
    this.hoverTile(null);
    this.map.getSource<GeoJSONSource>(TILE_GRID_SOURCE)?.setData(tiles);
    this.map.setPaintProperty(areaSearchLayerIds.tileOutline, 'line-opacity', tileOutlineOpacity(tileZoom));
  }

  selectTile(key: string | null): void {
    this.selectedTileKey = key;
    if (this.ready) this.map.setFilter(areaSearchLayerIds.tileSelected, tileSelectionFilter(key));
  }

  hoverTile(key: string | null): void {
    if (key === this.hoveredTileKey || !this.ready) return;
    if (this.hoveredTileKey !== null)
      this.map.setFeatureState({ source: TILE_GRID_SOURCE, id: this.hoveredTileKey }, { hover: false });
    if (key !== null) this.map.setFeatureState({ source: TILE_GRID_SOURCE, id: key }, { hover: true });
    this.hoveredTileKey = key;
  }

  /** The key of the grid's cell under a point; undefined without a grid, null beside it. */
  tileAt(point: PointLike): string | null | undefined {
    if (this.tileGrid.features.length === 0) return undefined;
    const key = this.map.queryRenderedFeatures(point, { layers: [areaSearchLayerIds.tileFill] })[0]?.properties?.key;
    return typeof key === 'string' ? key : null;
  }

  private uncoveredData(): FeatureCollection {
    return {
      type: 'FeatureCollection',
      features: this.uncovered ? [{ type: 'Feature', properties: {}, geometry: this.uncovered }] : [],
    };
  }
}
