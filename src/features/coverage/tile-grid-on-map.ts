import type { FeatureCollection, Polygon } from 'geojson';
import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import type { GeoJsonSlot } from '../../map/geojson-slot.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import {
  coverageLayerIds,
  TILE_GRID,
  TILE_GRID_SOURCE,
  tileOutlineOpacity,
  tileSelectionFilter,
  UNCOVERED,
  UNCOVERED_SOURCE,
} from './coverage-layers.ts';

/** Tile cells: `key` is "z/x/y", `percent` the share of the tile holding imagery (null when unknown). */
export type TileGridCollection = FeatureCollection<Polygon, { key: string; percent: number | null }>;

const EMPTY_GRID: TileGridCollection = { type: 'FeatureCollection', features: [] };

/**
 * What an area search draws besides its results' footprints: the part of the area none covers, and one survey's tile
 * grid (hover and selection of its cells). Each is added the first time it has something to draw: the uncovered part
 * is worked out once the results are drawn, the grid once a result is chosen.
 */
export class AreaDetailsOnMap {
  private tileGrid: TileGridCollection = EMPTY_GRID;
  private tileGridZoom = 16;
  private hoveredKey: string | null = null;
  private readonly uncovered: GeoJsonSlot;
  private readonly grid: GeoJsonSlot;

  /** `onTileClicked`: a cell of the grid was clicked ("z/x/y"), or the map beside it (null). */
  constructor(surveyMap: SurveyMap, onTileClicked: (key: string | null) => void) {
    this.uncovered = surveyMap.overlay(UNCOVERED);
    this.grid = surveyMap.overlay(TILE_GRID);
    this.grid.onHover((feature) => this.hoverTile(keyOf(feature?.properties?.key)));
    this.grid.onClick((feature) => {
      if (this.tileGrid.features.length === 0) return false;
      const key = keyOf(feature?.properties?.key);
      onTileClicked(key);
      return key !== null;
    });
  }

  /** The part of the area that no found survey covers, or none. */
  showUncovered(part: AreaGeometry | null): void {
    this.uncovered.setData(UNCOVERED_SOURCE, {
      type: 'FeatureCollection',
      features: part ? [{ type: 'Feature', properties: {}, geometry: part }] : [],
    });
  }

  /** One cell per tile of zoom `tileZoom`, coloured by the share of it that holds imagery. */
  showTileGrid(tiles: TileGridCollection, tileZoom = this.tileGridZoom): void {
    this.tileGrid = tiles;
    this.tileGridZoom = tileZoom;
    this.hoverTile(null);
    this.grid.setData(TILE_GRID_SOURCE, tiles);
    this.grid.restyle(coverageLayerIds.tileOutline, { paint: { 'line-opacity': tileOutlineOpacity(tileZoom) } });
  }

  selectTile(key: string | null): void {
    this.grid.restyle(coverageLayerIds.tileSelected, { filter: tileSelectionFilter(key) });
  }

  private hoverTile(key: string | null): void {
    if (key === this.hoveredKey || !this.grid.added) return;
    if (this.hoveredKey !== null) this.grid.setFeatureState(TILE_GRID_SOURCE, this.hoveredKey, { hover: false });
    if (key !== null) this.grid.setFeatureState(TILE_GRID_SOURCE, key, { hover: true });
    this.hoveredKey = key;
  }
}

const keyOf = (key: unknown): string | null => (typeof key === 'string' ? key : null);
