import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';

export const FOOTPRINT_SOURCE = 'footprints';
/** One point per footprint, so that surveys stay findable when zoomed out to a whole country. */
export const MARKER_SOURCE = 'footprint-markers';
/** The hovered survey's footprint and marker (catalog or result), drawn again on top. */
export const HOVER_SOURCE = 'footprint-hover';
/** The selected survey's footprint and marker (catalog or result), drawn again on top. */
export const SELECTION_SOURCE = 'footprint-selection';
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
} as const;

export const footprintColours = {
  outline: '#2463eb',
  fill: '#2463eb',
  hover: '#f97316',
  selected: '#db2777',
} as const;

export const hovered: ExpressionSpecification = ['boolean', ['feature-state', 'hover'], false];

interface FootprintPairStyle {
  fillOpacity: number;
  outline: { colour: string; width: number };
}

/**
 * A faint fill and an outline per footprint. The paint is the same for every feature (hover is drawn
 * by the hover layers): the basemap's own fill and line programs draw them, with no per-feature paint
 * data to build and upload for thousands of footprints, and no extra shader program to compile on the
 * way to the first view (each costs 150–600 ms in SwiftShader).
 */
export function footprintPairLayers(source: string, ids: { fill: string; outline: string }, style: FootprintPairStyle): LayerSpecification[] {
  return [
    { id: ids.fill, type: 'fill', source, paint: { 'fill-color': footprintColours.fill, 'fill-opacity': style.fillOpacity } },
    { id: ids.outline, type: 'line', source, paint: { 'line-color': style.outline.colour, 'line-width': style.outline.width } },
  ];
}

const markerRadius = (smallest: number, largest: number): ExpressionSpecification => ['interpolate', ['linear'], ['zoom'], 3, smallest, 8, largest];
const isPoint: ExpressionSpecification = ['==', ['geometry-type'], 'Point'];
const fadingOut: ExpressionSpecification = ['interpolate', ['linear'], ['zoom'], MARKER_MAX_ZOOM - 1.5, 1, MARKER_MAX_ZOOM, 0];

/** The hovered footprint, warm and thicker, above the catalog's and the results' footprints. */
export function hoverLayers(): LayerSpecification[] {
  return [
    { id: footprintLayerIds.hoverFill, type: 'fill', source: HOVER_SOURCE, paint: { 'fill-color': footprintColours.hover, 'fill-opacity': 0.22 } },
    { id: footprintLayerIds.hoverOutline, type: 'line', source: HOVER_SOURCE, paint: { 'line-color': footprintColours.hover, 'line-width': 2.5 } },
  ];
}

/** The hovered survey's marker, above the other markers. */
export function hoverMarkerLayer(): LayerSpecification {
  return {
    id: footprintLayerIds.hoverMarker, type: 'circle', source: HOVER_SOURCE, maxzoom: MARKER_MAX_ZOOM, filter: isPoint,
    paint: {
      'circle-color': footprintColours.hover,
      'circle-radius': markerRadius(4, 7),
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
      'circle-opacity': fadingOut,
      'circle-stroke-opacity': fadingOut,
    },
  };
}

/** Outlined footprints with a faint fill; markers when zoomed out. */
export function footprintLayers(): LayerSpecification[] {
  return [
    ...footprintPairLayers(FOOTPRINT_SOURCE, footprintLayerIds, {
      fillOpacity: 0.08,
      outline: { colour: footprintColours.outline, width: 1.4 },
    }),
    {
      id: footprintLayerIds.markers, type: 'circle', source: MARKER_SOURCE, maxzoom: MARKER_MAX_ZOOM,
      paint: {
        'circle-color': footprintColours.outline,
        'circle-radius': markerRadius(4, 7),
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
        'circle-opacity': fadingOut,
        'circle-stroke-opacity': fadingOut,
      },
    },
  ];
}

/** The selected survey (catalog or result) on top in a strong colour, with a white casing; its marker above all markers. */
export function selectionLayers(): { footprint: LayerSpecification[]; marker: LayerSpecification } {
  return {
    footprint: [
      { id: footprintLayerIds.selectedFill, type: 'fill', source: SELECTION_SOURCE, paint: { 'fill-color': footprintColours.selected, 'fill-opacity': 0.07 } },
      { id: footprintLayerIds.selectedCasing, type: 'line', source: SELECTION_SOURCE, paint: { 'line-color': '#ffffff', 'line-width': 5, 'line-opacity': 0.9 } },
      { id: footprintLayerIds.selectedOutline, type: 'line', source: SELECTION_SOURCE, paint: { 'line-color': footprintColours.selected, 'line-width': 2.5 } },
    ],
    marker: {
      id: footprintLayerIds.selectedMarker, type: 'circle', source: SELECTION_SOURCE, maxzoom: MARKER_MAX_ZOOM, filter: isPoint,
      paint: { 'circle-color': footprintColours.selected, 'circle-radius': markerRadius(6, 9), 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    },
  };
}
