import type { FilterSpecification } from 'maplibre-gl';
import { FONT } from '../../map/basemap-style.ts';
import type { GeoJsonOverlaySpec } from '../../map/geojson-slot.ts';

export const ANNOTATIONS_SOURCE = 'annotations';
const annotationLayerIds = {
  casing: 'annotations-casing',
  outline: 'annotations-outline',
  pins: 'annotations-pins',
  titles: 'annotations-titles',
} as const;

const COLOUR = '#ff4fa3';

const shapes: FilterSpecification = ['!=', ['geometry-type'], 'Point'];

/**
 * The user's annotations: pins as small markers, shapes as outlines (a dark casing under a bright line, no fill, so
 * the imagery inside keeps its colours), each titled beside it; drawn on a swipe's second map too.
 */
export const ANNOTATIONS_OVERLAY: GeoJsonOverlaySpec = {
  order: 30,
  onTop: true,
  print: { label: 'Annotations', ownMarks: true },
  sources: { [ANNOTATIONS_SOURCE]: {} },
  mirrored: true,
  layers: [
    {
      id: annotationLayerIds.casing,
      type: 'line',
      source: ANNOTATIONS_SOURCE,
      filter: shapes,
      paint: { 'line-color': '#1b1b1b', 'line-width': 4.5, 'line-opacity': 0.75 },
    },
    {
      id: annotationLayerIds.outline,
      type: 'line',
      source: ANNOTATIONS_SOURCE,
      filter: shapes,
      paint: { 'line-color': COLOUR, 'line-width': 2, 'line-dasharray': [3, 1.5] },
    },
    {
      id: annotationLayerIds.pins,
      type: 'circle',
      source: ANNOTATIONS_SOURCE,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 6,
        'circle-color': COLOUR,
        'circle-stroke-color': '#1b1b1b',
        'circle-stroke-width': 2,
      },
    },
    {
      id: annotationLayerIds.titles,
      type: 'symbol',
      source: ANNOTATIONS_SOURCE,
      layout: {
        'text-field': ['get', 'title'],
        'text-font': FONT,
        'text-size': 12,
        'text-offset': [0, 1.1],
        'text-anchor': 'top',
        'symbol-placement': 'point',
        'text-optional': true,
      },
      paint: { 'text-color': '#1b1b1b', 'text-halo-color': '#ffffff', 'text-halo-width': 2 },
    },
  ],
};
