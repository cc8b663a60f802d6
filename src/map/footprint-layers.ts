import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';

export const FOOTPRINT_SOURCE = 'footprints';
/** One point per footprint, so that surveys stay findable when zoomed out to a whole country. */
export const MARKER_SOURCE = 'footprint-markers';
const MARKER_MAX_ZOOM = 9;

export const footprintLayerIds = {
  fill: 'footprints-fill',
  outline: 'footprints-outline',
  selectedFill: 'footprint-selected-fill',
  selectedCasing: 'footprint-selected-casing',
  selectedOutline: 'footprint-selected-outline',
  markers: 'footprint-markers',
  selectedMarker: 'footprint-selected-marker',
} as const;

export const footprintColours = {
  outline: '#2463eb',
  fill: '#2463eb',
  hover: '#f97316',
  selected: '#db2777',
} as const;

export const hovered: ExpressionSpecification = ['boolean', ['feature-state', 'hover'], false];
/** Features with a higher `order` are drawn on top, in whatever order they reached the source. */
export const drawOrder: ExpressionSpecification = ['coalesce', ['get', 'order'], 0];

interface FootprintPairStyle {
  fillOpacity: { hovered: number; rest: number };
  outline: { colour: string; width: number };
}

/** A faint fill and an outline per footprint, in draw order; the hovered one warms up and thickens. */
export function hoverableFootprintLayers(source: string, ids: { fill: string; outline: string }, style: FootprintPairStyle): LayerSpecification[] {
  return [
    {
      id: ids.fill, type: 'fill', source, layout: { 'fill-sort-key': drawOrder },
      paint: {
        'fill-color': ['case', hovered, footprintColours.hover, footprintColours.fill],
        'fill-opacity': ['case', hovered, style.fillOpacity.hovered, style.fillOpacity.rest],
      },
    },
    {
      id: ids.outline, type: 'line', source, layout: { 'line-sort-key': drawOrder },
      paint: {
        'line-color': ['case', hovered, footprintColours.hover, style.outline.colour],
        'line-width': ['case', hovered, 2.5, style.outline.width],
      },
    },
  ];
}

/** Outlined footprints with a faint fill (markers when zoomed out); the hovered one warms up; the selected one sits on top in a strong colour. */
export function footprintLayers(selectedId: string | null): LayerSpecification[] {
  const isSelected: ExpressionSpecification = ['==', ['get', 'id'], selectedId ?? ''];
  return [
    ...hoverableFootprintLayers(FOOTPRINT_SOURCE, footprintLayerIds, {
      fillOpacity: { hovered: 0.22, rest: 0.08 },
      outline: { colour: footprintColours.outline, width: 1.4 },
    }),
    {
      id: footprintLayerIds.selectedFill, type: 'fill', source: FOOTPRINT_SOURCE, filter: isSelected,
      paint: { 'fill-color': footprintColours.selected, 'fill-opacity': 0.07 },
    },
    {
      id: footprintLayerIds.selectedCasing, type: 'line', source: FOOTPRINT_SOURCE, filter: isSelected,
      paint: { 'line-color': '#ffffff', 'line-width': 5, 'line-opacity': 0.9 },
    },
    {
      id: footprintLayerIds.selectedOutline, type: 'line', source: FOOTPRINT_SOURCE, filter: isSelected,
      paint: { 'line-color': footprintColours.selected, 'line-width': 2.5 },
    },
    {
      id: footprintLayerIds.markers, type: 'circle', source: MARKER_SOURCE, maxzoom: MARKER_MAX_ZOOM,
      paint: {
        'circle-color': ['case', hovered, footprintColours.hover, footprintColours.outline],
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 4, 8, 7],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
        'circle-opacity': ['interpolate', ['linear'], ['zoom'], MARKER_MAX_ZOOM - 1.5, 1, MARKER_MAX_ZOOM, 0],
        'circle-stroke-opacity': ['interpolate', ['linear'], ['zoom'], MARKER_MAX_ZOOM - 1.5, 1, MARKER_MAX_ZOOM, 0],
      },
    },
    {
      id: footprintLayerIds.selectedMarker, type: 'circle', source: MARKER_SOURCE, maxzoom: MARKER_MAX_ZOOM, filter: isSelected,
      paint: {
        'circle-color': footprintColours.selected,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 6, 8, 9],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
  ];
}
