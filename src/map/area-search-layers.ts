import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { footprintColours, footprintPairLayers, hovered } from './footprint-layers.ts';
import { IMAGERY_MIN_MAP_ZOOM } from './preview-layer.ts';

/** Footprints of the surveys an area search found. */
export const COVERAGE_SOURCE = 'coverage-footprints';
/** The part of the area no found survey covers. */
export const UNCOVERED_SOURCE = 'coverage-uncovered';
/** One cell per tile of the chosen survey in the area. */
export const TILE_GRID_SOURCE = 'tile-grid';

export const areaSearchLayerIds = {
  coverageFill: 'coverage-fill',
  coverageOutline: 'coverage-outline',
  uncoveredFill: 'coverage-uncovered-fill',
  uncoveredOutline: 'coverage-uncovered-outline',
  tileFill: 'tile-grid-fill',
  tileOutline: 'tile-grid-outline',
  tileHovered: 'tile-grid-hovered',
  tileSelected: 'tile-grid-selected',
} as const;

/**
 * Where the area search's layers go, marked when the map starts (hidden layers; the area search's own come on first
 * use): its fills with the other fills; the results' outlines under the hovered survey's; the uncovered part and the
 * grid under the selected survey's outline, and the selected cell above it.
 */
export const AREA_SEARCH_SLOTS = {
  fills: 'slot-area-search-fills',
  outlines: 'slot-area-search-outlines',
  grid: 'slot-area-search-grid',
  selectedTile: 'slot-area-search-selected-tile',
} as const;

function areaSearchSlotOf(layer: LayerSpecification): string {
  if (layer.type === 'fill') return AREA_SEARCH_SLOTS.fills;
  if (layer.id === areaSearchLayerIds.coverageOutline) return AREA_SEARCH_SLOTS.outlines;
  if (layer.id === areaSearchLayerIds.tileSelected) return AREA_SEARCH_SLOTS.selectedTile;
  return AREA_SEARCH_SLOTS.grid;
}

const uncoveredColours = { fill: '#e11d48', outline: '#be123c' } as const;

/** Percent of a tile holding imagery → colour: a sequential scale, readable with colour-blindness. */
export const tileCoverageStops = [
  [0, '#fde047'],
  [50, '#2fb380'],
  [100, '#3b4f9a'],
] as const;

const isTile = (key: string | null): ExpressionSpecification => ['==', ['get', 'key'], key ?? ''];

/** The grid's colours fade out where imagery can be drawn (hover then shows as an outline): no fill over imagery. */
const tileFillOpacity: ExpressionSpecification = [
  'interpolate',
  ['linear'],
  ['zoom'],
  IMAGERY_MIN_MAP_ZOOM - 0.5,
  ['case', hovered, 0.7, 0.4],
  IMAGERY_MIN_MAP_ZOOM,
  0,
];

const tileColour: ExpressionSpecification = [
  'interpolate',
  ['linear'],
  ['coalesce', ['get', 'percent'], 100],
  ...tileCoverageStops.flat(),
] as unknown as ExpressionSpecification;

/**
 * Cells are outlined in white over their coloured fills; where imagery is drawn (and the fills are gone) the outlines
 * take the fills' colours, so the grid keeps saying how much of each tile holds imagery without tinting it.
 */
const tileOutlineColour: ExpressionSpecification = [
  'interpolate',
  ['linear'],
  ['zoom'],
  IMAGERY_MIN_MAP_ZOOM - 0.5,
  '#ffffff',
  IMAGERY_MIN_MAP_ZOOM,
  tileColour,
];

/**
 * The area search's layers, bottom to top: result footprints, the uncovered part, the tile grid (fills, then lines).
 */
export function areaSearchLayers(selectedTileKey: string | null): LayerSpecification[] {
  return [
    ...footprintPairLayers(
      COVERAGE_SOURCE,
      { fill: areaSearchLayerIds.coverageFill, outline: areaSearchLayerIds.coverageOutline },
      {
        fill: { colour: footprintColours.fill, opacity: 0.06 },
        outline: { colour: footprintColours.outline, width: 2 },
      },
    ),
    {
      id: areaSearchLayerIds.uncoveredFill,
      type: 'fill',
      source: UNCOVERED_SOURCE,
      // The dashed outline layer draws the edge: no antialiasing pass (and no extra paint program to compile).
      paint: { 'fill-color': uncoveredColours.fill, 'fill-opacity': 0.3, 'fill-antialias': false },
    },
    {
      id: areaSearchLayerIds.uncoveredOutline,
      type: 'line',
      source: UNCOVERED_SOURCE,
      paint: { 'line-color': uncoveredColours.outline, 'line-width': 1.5, 'line-dasharray': [2, 1.5] },
    },
    {
      id: areaSearchLayerIds.tileFill,
      type: 'fill',
      source: TILE_GRID_SOURCE,
      paint: { 'fill-color': tileColour, 'fill-opacity': tileFillOpacity },
    },
    {
      id: areaSearchLayerIds.tileOutline,
      type: 'line',
      source: TILE_GRID_SOURCE,
      paint: {
        'line-color': tileOutlineColour,
        'line-width': ['interpolate', ['linear'], ['zoom'], 10, 0.4, 13, 1.2, 16, 1.5],
        'line-opacity': 0.9,
      },
    },
    {
      id: areaSearchLayerIds.tileHovered,
      type: 'line',
      source: TILE_GRID_SOURCE,
      paint: { 'line-color': footprintColours.hover, 'line-width': 2.5, 'line-opacity': ['case', hovered, 1, 0] },
    },
    {
      id: areaSearchLayerIds.tileSelected,
      type: 'line',
      source: TILE_GRID_SOURCE,
      filter: isTile(selectedTileKey),
      paint: { 'line-color': footprintColours.selected, 'line-width': 3 },
    },
  ];
}

/** The area search's sources, each drawn by its own layers, which go in the first time it has something to draw. */
export type AreaSearchSource = typeof COVERAGE_SOURCE | typeof UNCOVERED_SOURCE | typeof TILE_GRID_SOURCE;

/**
 * A source's layers, each with the layer to insert it under: the first layer above it in `areaSearchLayers`' order
 * that shares its slot and is on the map, else its slot's marker. The layers come out in the same order whichever
 * source is drawn first.
 */
export function areaSearchPlacement(
  source: AreaSearchSource,
  selectedTileKey: string | null,
  onMap: (layerId: string) => boolean,
): { layer: LayerSpecification; before: string }[] {
  const all = areaSearchLayers(selectedTileKey);
  const sourceOf = (layer: LayerSpecification) => ('source' in layer ? layer.source : undefined);
  return all.flatMap((layer, i) => {
    if (sourceOf(layer) !== source) return [];
    const slot = areaSearchSlotOf(layer);
    const above = all.slice(i + 1).find((l) => sourceOf(l) !== source && areaSearchSlotOf(l) === slot && onMap(l.id));
    return [{ layer, before: above?.id ?? slot }];
  });
}

/**
 * Tile outlines fade out where the tiles get too small on screen to tell apart: a tile of zoom z is
 * 256 px wide at map zoom z − 1, 16 px at z − 5 and 4 px at z − 7.
 */
export function tileOutlineOpacity(tileZoom: number): ExpressionSpecification {
  return ['interpolate', ['linear'], ['zoom'], tileZoom - 7, 0, tileZoom - 5, 0.9];
}

export const tileSelectionFilter = isTile;
