import type { FeatureCollection, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, PointLike } from 'maplibre-gl';
import type { AreaGeometry } from '../area/area-geometry.ts';
import { AddedOnFirstUse } from './added-on-first-use.ts';
import {
  AREA_SEARCH_SLOTS,
  type AreaSearchSource,
  areaSearchLayerIds,
  areaSearchPlacement,
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
 * survey's tile grid (hover and selection of its cells). Each of the three is a source with its layers, added the
 * first time it has something to draw: the results come first, alone (the uncovered part is worked out once they are
 * drawn, the grid once a result is chosen), so that MapLibre tiles and draws them with no empty sources and layers
 * beside them.
 */
export class AreaSearchOverlay {
  private coverage: FootprintCollection = { type: 'FeatureCollection', features: [] };
  private uncovered: AreaGeometry | null = null;
  private tileGrid: TileGridCollection = EMPTY_GRID;
  private tileGridZoom = 16;
  private selectedTileKey: string | null = null;
  private hoveredTileKey: string | null = null;
  private footprintsShown = true;
  private readonly parts = {
    coverage: new AddedOnFirstUse(() => this.addCoverage()),
    uncovered: new AddedOnFirstUse(() => this.addUncovered()),
    tileGrid: new AddedOnFirstUse(() => this.addTileGrid()),
  };

  constructor(
    private readonly map: MapLibreMap,
    private readonly sources: FeatureSources,
  ) {}

  /**
   * Marks where its layers go — above the catalog's footprints (fills under the imagery, outlines over it), below the
   * drawn area — and adds each part at once if it already has something to draw.
   */
  install(): void {
    this.map.addLayer(slotMarker(AREA_SEARCH_SLOTS.fills), LAYER_SLOTS.fills);
    for (const id of [AREA_SEARCH_SLOTS.outlines, AREA_SEARCH_SLOTS.grid, AREA_SEARCH_SLOTS.selectedTile])
      this.map.addLayer(slotMarker(id), LAYER_SLOTS.lines);
    this.parts.coverage.ready(this.coverage.features.length > 0);
    this.parts.uncovered.ready(this.uncovered !== null);
    this.parts.tileGrid.ready(this.tileGrid.features.length > 0);
  }

  private addLayersOf(source: AreaSearchSource): void {
    const placed = areaSearchPlacement(source, this.selectedTileKey, (id) => this.map.getLayer(id) !== undefined);
    for (const { layer, before } of placed) this.map.addLayer(layer, before);
  }

  private addCoverage(): void {
    // With its features: MapLibre's worker starts tiling them at once, with no round trip for an empty source first.
    this.sources.add(COVERAGE_SOURCE, {}, this.coverage.features);
    this.addLayersOf(COVERAGE_SOURCE);
    if (!this.footprintsShown) this.showFootprints(false);
  }

  private addUncovered(): void {
    this.map.addSource(UNCOVERED_SOURCE, { type: 'geojson', data: this.uncoveredData() });
    this.addLayersOf(UNCOVERED_SOURCE);
  }

  private addTileGrid(): void {
    this.map.addSource(TILE_GRID_SOURCE, { type: 'geojson', data: this.tileGrid, promoteId: 'key' });
    this.addLayersOf(TILE_GRID_SOURCE);
    this.map.setPaintProperty(areaSearchLayerIds.tileOutline, 'line-opacity', tileOutlineOpacity(this.tileGridZoom));
  }

  /** After a change of what a part draws: sends it to the part's source, or adds the part with it if it is new. */
  private changed(part: AddedOnFirstUse, needed: boolean, send: () => void): void {
    if (part.added) send();
    else part.use(needed);
  }

  /** Shows or hides the found surveys' footprints (the area's uncovered part and tile grid stay). */
  showFootprints(shown: boolean): void {
    this.footprintsShown = shown;
    if (!this.parts.coverage.added) return;
    for (const id of [areaSearchLayerIds.coverageFill, areaSearchLayerIds.coverageOutline])
      this.map.setLayoutProperty(id, 'visibility', shown ? 'visible' : 'none');
  }

  /** Whether these are new results (and were sent). */
  showCoverage(footprints: FootprintCollection): boolean {
    if (footprints === this.coverage) return false;
    this.coverage = footprints;
    this.changed(this.parts.coverage, footprints.features.length > 0, () =>
      this.sources.send(COVERAGE_SOURCE, footprints.features),
    );
    return true;
  }

  showUncovered(part: AreaGeometry | null): void {
    this.uncovered = part;
    this.changed(this.parts.uncovered, part !== null, () =>
      this.map.getSource<GeoJSONSource>(UNCOVERED_SOURCE)?.setData(this.uncoveredData()),
    );
  }

  showTileGrid(tiles: TileGridCollection, tileZoom = this.tileGridZoom): void {
    this.tileGrid = tiles;
    this.tileGridZoom = tileZoom;
    this.changed(this.parts.tileGrid, tiles.features.length > 0, () => {
      this.hoverTile(null);
      this.map.getSource<GeoJSONSource>(TILE_GRID_SOURCE)?.setData(tiles);
      this.map.setPaintProperty(areaSearchLayerIds.tileOutline, 'line-opacity', tileOutlineOpacity(tileZoom));
    });
  }

  selectTile(key: string | null): void {
    this.selectedTileKey = key;
    if (this.parts.tileGrid.added) this.map.setFilter(areaSearchLayerIds.tileSelected, tileSelectionFilter(key));
  }

  hoverTile(key: string | null): void {
    if (key === this.hoveredTileKey || !this.parts.tileGrid.added) return;
    if (this.hoveredTileKey !== null)
      this.map.setFeatureState({ source: TILE_GRID_SOURCE, id: this.hoveredTileKey }, { hover: false });
    if (key !== null) this.map.setFeatureState({ source: TILE_GRID_SOURCE, id: key }, { hover: true });
    this.hoveredTileKey = key;
  }

  /** The key of the grid's cell under a point; undefined without a grid, null beside it. */
  tileAt(point: PointLike): string | null | undefined {
    if (this.tileGrid.features.length === 0 || !this.parts.tileGrid.added) return undefined;
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
