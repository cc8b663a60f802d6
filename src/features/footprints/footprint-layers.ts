import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import type { GeoJsonOverlaySpec } from '../../map/geojson-slot.ts';

export const FOOTPRINT_SOURCE = 'footprints';
/** One point per footprint, so that surveys stay findable when zoomed out to a whole country. */
export const MARKER_SOURCE = 'footprint-markers';
/** The hovered survey's footprint and marker (catalog or result), drawn again on top. */
export const HOVER_SOURCE = 'footprint-hover';
/** The selected survey's footprint and marker (catalog or result), drawn again on top. */
export const SELECTION_SOURCE = 'footprint-selection';
/** Footprints of the surveys an area search found. */
export const RESULTS_SOURCE = 'coverage-footprints';
const MARKER_MAX_ZOOM = 9;

export const footprintLayerIds = {
  fill: 'footprints-fill',
  outline: 'footprints-outline',
  selectedFill: 'footprint-selected-fill',
  selectedCasing: 'footprint-selected-casing',
  selectedOutline: 'footprint-selected-outline',
  markers: 'footprint-markers',
  selectedMarker: 'footprint-selected-marker',
  hoverFill: 'footprint-hover-fill',
  hoverOutline: 'footprint-hover-outline',
  hoverMarker: 'footprint-hover-marker',
  resultsFill: 'coverage-fill',
  resultsOutline: 'coverage-outline',
} as const;

export const footprintColours = {
  outline: '#2463eb',
  fill: '#2463eb',
  hover: '#f97316',
  selected: '#db2777',
} as const;

export const hovered: ExpressionSpecification = ['boolean', ['feature-state', 'hover'], false];

interface FootprintPairStyle {
  fill: { colour: string; opacity: number };
  outline: { colour: string; width: number };
}

/**
 * A faint fill and an outline per footprint. The paint is the same for every feature (hover is drawn
 * by the hover layers): the basemap's own fill and line programs draw them, with no per-feature paint
 * data to build and upload for thousands of footprints, and no extra shader program to compile on the
 * way to the first view (each costs 150–600 ms in SwiftShader). The outline draws the fill's edge, so
 * the fill has no antialiasing pass of its own (a second draw per tile, with its own program).
 */
function footprintPairLayers(
  source: string,
  ids: { fill: string; outline: string },
  style: FootprintPairStyle,
): LayerSpecification[] {
  return [
    {
      id: ids.fill,
      type: 'fill',
      source,
      paint: { 'fill-color': style.fill.colour, 'fill-opacity': style.fill.opacity, 'fill-antialias': false },
    },
    {
      id: ids.outline,
      type: 'line',
      source,
      paint: { 'line-color': style.outline.colour, 'line-width': style.outline.width },
    },
  ];
}

const markerRadius = (smallest: number, largest: number): ExpressionSpecification => [
  'interpolate',
  ['linear'],
  ['zoom'],
  3,
  smallest,
  8,
  largest,
];
const isPoint: ExpressionSpecification = ['==', ['geometry-type'], 'Point'];
const fadingOut: ExpressionSpecification = [
  'interpolate',
  ['linear'],
  ['zoom'],
  MARKER_MAX_ZOOM - 1.5,
  1,
  MARKER_MAX_ZOOM,
  0,
];

/** One point per footprint in `colour`, fading out as the footprints themselves become visible. */
function fadingMarkers(id: string, source: string, colour: string): LayerSpecification {
  return {
    id,
    type: 'circle',
    source,
    maxzoom: MARKER_MAX_ZOOM,
    filter: isPoint,
    paint: {
      'circle-color': colour,
      'circle-radius': markerRadius(4, 7),
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
      'circle-opacity': fadingOut,
      'circle-stroke-opacity': fadingOut,
    },
  };
}

/** The hovered footprint, warm and thicker, above the catalog's and the results' footprints. */
function hoverLayers(): LayerSpecification[] {
  return footprintPairLayers(
    HOVER_SOURCE,
    { fill: footprintLayerIds.hoverFill, outline: footprintLayerIds.hoverOutline },
    {
      fill: { colour: footprintColours.hover, opacity: 0.22 },
      outline: { colour: footprintColours.hover, width: 2.5 },
    },
  );
}

/** The hovered survey's marker, above the other markers. */
function hoverMarkerLayer(): LayerSpecification {
  return fadingMarkers(footprintLayerIds.hoverMarker, HOVER_SOURCE, footprintColours.hover);
}

/** The catalog's footprints as usual, and dimmed behind an area search's results (fill and outline opacity). */
export const catalogOpacity = {
  shown: { fill: 0.08, outline: 1 },
  dimmed: { fill: 0.03, outline: 0.35 },
} as const;

/** Outlined footprints with a faint fill; markers when zoomed out. */
function footprintLayers(): LayerSpecification[] {
  return [
    ...footprintPairLayers(FOOTPRINT_SOURCE, footprintLayerIds, {
      fill: { colour: footprintColours.fill, opacity: catalogOpacity.shown.fill },
      outline: { colour: footprintColours.outline, width: 1.4 },
    }),
    fadingMarkers(footprintLayerIds.markers, MARKER_SOURCE, footprintColours.outline),
  ];
}

/**
 * The selected survey (catalog or result) on top in a strong colour, with a white casing; its marker above all markers.
 */
function selectionLayers(): { footprint: LayerSpecification[]; marker: LayerSpecification } {
  return {
    footprint: [
      {
        id: footprintLayerIds.selectedFill,
        type: 'fill',
        source: SELECTION_SOURCE,
        paint: { 'fill-color': footprintColours.selected, 'fill-opacity': 0.07, 'fill-antialias': false },
      },
      {
        id: footprintLayerIds.selectedCasing,
        type: 'line',
        source: SELECTION_SOURCE,
        paint: { 'line-color': '#ffffff', 'line-width': 5, 'line-opacity': 0.9 },
      },
      {
        id: footprintLayerIds.selectedOutline,
        type: 'line',
        source: SELECTION_SOURCE,
        paint: { 'line-color': footprintColours.selected, 'line-width': 2.5 },
      },
    ],
    marker: {
      id: footprintLayerIds.selectedMarker,
      type: 'circle',
      source: SELECTION_SOURCE,
      maxzoom: MARKER_MAX_ZOOM,
      filter: isPoint,
      paint: {
        'circle-color': footprintColours.selected,
        'circle-radius': markerRadius(6, 9),
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
  };
}

/** How a print names the footprints (the catalog's, the results', the hovered and the selected). */
const PRINT = { label: 'Survey footprints' };

/** The catalog's footprints, lowest of the app's marks: fills under the imagery, outlines over it, markers on top. */
export const CATALOG_FOOTPRINTS: GeoJsonOverlaySpec = {
  order: 10,
  sources: { [FOOTPRINT_SOURCE]: { byId: true }, [MARKER_SOURCE]: { byId: true } },
  layers: footprintLayers(),
  pointerLayers: [footprintLayerIds.fill, footprintLayerIds.markers],
  print: PRINT,
};

/** The footprints of an area search's results, over the catalog's. */
export const RESULT_FOOTPRINTS: GeoJsonOverlaySpec = {
  order: 20,
  sources: { [RESULTS_SOURCE]: { byId: true } },
  layers: footprintPairLayers(
    RESULTS_SOURCE,
    { fill: footprintLayerIds.resultsFill, outline: footprintLayerIds.resultsOutline },
    { fill: { colour: footprintColours.fill, opacity: 0.06 }, outline: { colour: footprintColours.outline, width: 2 } },
  ),
  pointerLayers: [footprintLayerIds.resultsFill],
  print: PRINT,
};

/**
 * The hovered survey above the catalog's and the results' footprints, the selected one above an area search's tile
 * grid too (under its selected cell): their outlines among the area search's (its uncovered part and grid at 40 and
 * 50, its selected cell at 70), their fills over all others, their markers above all markers, the selected on top.
 */
export const HIGHLIGHTED_FOOTPRINTS: GeoJsonOverlaySpec = {
  order: 30,
  layerOrders: {
    [footprintLayerIds.hoverFill]: 55,
    [footprintLayerIds.selectedFill]: 60,
    [footprintLayerIds.selectedCasing]: 60,
    [footprintLayerIds.selectedOutline]: 60,
    [footprintLayerIds.selectedMarker]: 60,
  },
  sources: { [HOVER_SOURCE]: {}, [SELECTION_SOURCE]: {} },
  layers: [...hoverLayers(), hoverMarkerLayer(), ...selectionLayers().footprint, selectionLayers().marker],
  print: PRINT,
};

/** The footprints' overlays, whose places the area search's marks interleave with. */
export const FOOTPRINT_OVERLAYS = [CATALOG_FOOTPRINTS, RESULT_FOOTPRINTS, HIGHLIGHTED_FOOTPRINTS] as const;
