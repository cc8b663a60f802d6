import type { FeatureCollection, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, PointLike } from 'maplibre-gl';
import type { AreaGeometry } from '../area/area-geometry.ts';
import { AddedOnFirstUse } from './added-on-first-use.ts';
import {
  AREA_SEARCH_SLOTS,
  areaSearchLayerIds,
  areaSearchLayers,
  areaSearchSlotOf,
  COVERAGE_SOURCE,
  TILE_GRID_SOURCE,
  tileOutlineOpacity,
  tileSelectionFilter,
  UNCOVERED_SOURCE,
} from './area-search-layers.ts';
import type { FeatureSources } from './feature-sources.ts';
import type { FootprintCollection } from './catalog-footprints.ts';
import { LAYER_SLOTS, slotMarker } from './layer-order.ts';

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
  private footprintsShown = true;
  private readonly layers = new AddedOnFirstUse(() => this.addLayers());

  constructor(
    private readonly map: MapLibreMap,
    private readonly sources: FeatureSources,
  ) {}

  /**
   * Marks where its layers go — above the catalog's footprints (fills under the imagery, outlines over it), below the
   * drawn area — and adds them once there is something to draw.
   */
  install(): void {
    this.map.addLayer(slotMarker(AREA_SEARCH_SLOTS.fills), LAYER_SLOTS.fills);
    for (const id of [AREA_SEARCH_SLOTS.outlines, AREA_SEARCH_SLOTS.grid, AREA_SEARCH_SLOTS.selectedTile])
      this.map.addLayer(slotMarker(id), LAYER_SLOTS.lines);
    this.layers.ready(this.hasSomethingToDraw());
  }

  private addLayers(): void {
    this.sources.add(COVERAGE_SOURCE);
    this.sources.send(COVERAGE_SOURCE, this.coverage.features);
    this.map.addSource(UNCOVERED_SOURCE, { type: 'geojson', data: this.uncoveredData() });
    this.map.addSource(TILE_GRID_SOURCE, { type: 'geojson', data: this.tileGrid, promoteId: 'key' });
    for (const layer of areaSearchLayers(this.selectedTileKey)) this.map.addLayer(layer, areaSearchSlotOf(layer));
    this.map.setPaintProperty(areaSearchLayerIds.tileOutline, 'line-opacity', tileOutlineOpacity(this.tileGridZoom));
    this.showFootprints(this.footprintsShown);
  }

  private hasSomethingToDraw(): boolean {
    return this.coverage.features.length > 0 || this.uncovered !== null || this.tileGrid.features.length > 0;
  }

  /** After a change of what it draws: sends it to the layers, or adds them (with it) if it is the first thing. */
  private changed(send: () => void): void {
    if (this.layers.added) send();
    else this.layers.use(this.hasSomethingToDraw());
  }

  /** Shows or hides the found surveys' footprints (the area's uncovered part and tile grid stay). */
  showFootprints(shown: boolean): void {
    this.footprintsShown = shown;
    if (!this.layers.added) return;
    for (const id of [areaSearchLayerIds.coverageFill, areaSearchLayerIds.coverageOutline])
      this.map.setLayoutProperty(id, 'visibility', shown ? 'visible' : 'none');
  }

  /** Whether these are new results (and were sent). */
  showCoverage(footprints: FootprintCollection): boolean {
    if (footprints === this.coverage) return false;
    this.coverage = footprints;
    this.changed(() => this.sources.send(COVERAGE_SOURCE, footprints.features));
    return true;
  }

  showUncovered(part: AreaGeometry | null): void {
    this.uncovered = part;
    this.changed(() => this.map.getSource<GeoJSONSource>(UNCOVERED_SOURCE)?.setData(this.uncoveredData()));
  }

  showTileGrid(tiles: TileGridCollection, tileZoom = this.tileGridZoom): void {
    this.tileGrid = tiles;
    this.tileGridZoom = tileZoom;
    this.changed(() => {
      this.hoverTile(null);
      this.map.getSource<GeoJSONSource>(TILE_GRID_SOURCE)?.setData(tiles);
      this.map.setPaintProperty(areaSearchLayerIds.tileOutline, 'line-opacity', tileOutlineOpacity(tileZoom));
    });
  }

  selectTile(key: string | null): void {
    this.selectedTileKey = key;
    if (this.layers.added) this.map.setFilter(areaSearchLayerIds.tileSelected, tileSelectionFilter(key));
  }

  hoverTile(key: string | null): void {
    if (key === this.hoveredTileKey || !this.layers.added) return;
    if (this.hoveredTileKey !== null)
      this.map.setFeatureState({ source: TILE_GRID_SOURCE, id: this.hoveredTileKey }, { hover: false });
    if (key !== null) this.map.setFeatureState({ source: TILE_GRID_SOURCE, id: key }, { hover: true });
    this.hoveredTileKey = key;
  }

  /** The key of the grid's cell under a point; undefined without a grid, null beside it. */
  tileAt(point: PointLike): string | null | undefined {
    if (this.tileGrid.features.length === 0 || !this.layers.added) return undefined;
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
