import type { ExpressionSpecification } from 'maplibre-gl';
import { IMAGERY_MIN_MAP_ZOOM } from '../../map/imagery-source.ts';
import type { GeoJsonOverlaySpec } from '../../map/geojson-slot.ts';
import { footprintColours, hovered } from '../footprints/index.ts';

/** The part of the area no found survey covers. */
export const UNCOVERED_SOURCE = 'coverage-uncovered';
/** One cell per tile of the chosen survey in the area. */
export const TILE_GRID_SOURCE = 'tile-grid';

export const coverageLayerIds = {
  uncoveredFill: 'coverage-uncovered-fill',
  uncoveredOutline: 'coverage-uncovered-outline',
  tileFill: 'tile-grid-fill',
  tileOutline: 'tile-grid-outline',
  tileHovered: 'tile-grid-hovered',
  tileSelected: 'tile-grid-selected',
} as const;

const uncoveredColours = { fill: '#e11d48', outline: '#be123c' } as const;

/** Percent of a tile holding imagery → colour: a sequential scale, readable with colour-blindness. */
export const tileCoverageStops = [
  [0, '#fde047'],
  [50, '#2fb380'],
  [100, '#3b4f9a'],
] as const;

export const tileSelectionFilter = (key: string | null): ExpressionSpecification => ['==', ['get', 'key'], key ?? ''];

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

/** The part of the area that no found survey covers: over the results' footprints, under the tile grid. */
export const UNCOVERED: GeoJsonOverlaySpec = {
  order: 40,
  sources: { [UNCOVERED_SOURCE]: {} },
  layers: [
    {
      id: coverageLayerIds.uncoveredFill,
      type: 'fill',
      source: UNCOVERED_SOURCE,
      // The dashed outline layer draws the edge: no antialiasing pass (and no extra paint program to compile).
      paint: { 'fill-color': uncoveredColours.fill, 'fill-opacity': 0.3, 'fill-antialias': false },
    },
    {
      id: coverageLayerIds.uncoveredOutline,
      type: 'line',
      source: UNCOVERED_SOURCE,
      paint: { 'line-color': uncoveredColours.outline, 'line-width': 1.5, 'line-dasharray': [2, 1.5] },
    },
  ],
  print: { label: 'Part no survey covers' },
};

/**
 * One survey's tile grid, coloured by the share of each tile holding imagery, over the uncovered part; its selected
 * cell above the selected survey's outline (60). Printed only when asked for: it hides the imagery.
 */
export const TILE_GRID: GeoJsonOverlaySpec = {
  order: 50,
  layerOrders: { [coverageLayerIds.tileSelected]: 70 },
  sources: { [TILE_GRID_SOURCE]: { promoteId: 'key' } },
  layers: [
    {
      id: coverageLayerIds.tileFill,
      type: 'fill',
      source: TILE_GRID_SOURCE,
      paint: { 'fill-color': tileColour, 'fill-opacity': tileFillOpacity },
    },
    {
      id: coverageLayerIds.tileOutline,
      type: 'line',
      source: TILE_GRID_SOURCE,
      paint: {
        'line-color': tileOutlineColour,
        'line-width': ['interpolate', ['linear'], ['zoom'], 10, 0.4, 13, 1.2, 16, 1.5],
        'line-opacity': 0.9,
      },
    },
    {
      id: coverageLayerIds.tileHovered,
      type: 'line',
      source: TILE_GRID_SOURCE,
      paint: { 'line-color': footprintColours.hover, 'line-width': 2.5, 'line-opacity': ['case', hovered, 1, 0] },
    },
    {
      id: coverageLayerIds.tileSelected,
      type: 'line',
      source: TILE_GRID_SOURCE,
      filter: tileSelectionFilter(null),
      paint: { 'line-color': footprintColours.selected, 'line-width': 3 },
    },
  ],
  pointerLayers: [coverageLayerIds.tileFill],
  print: { label: 'Tile grid', unlessAsked: true },
};

/**
 * Tile outlines fade out where the tiles get too small on screen to tell apart: a tile of zoom z is
 * 256 px wide at map zoom z − 1, 16 px at z − 5 and 4 px at z − 7.
 */
export function tileOutlineOpacity(tileZoom: number): ExpressionSpecification {
  return ['interpolate', ['linear'], ['zoom'], tileZoom - 7, 0, tileZoom - 5, 0.9];
}
