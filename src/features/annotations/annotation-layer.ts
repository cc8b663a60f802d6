import type { FeatureCollection, LineString, Point, Polygon } from 'geojson';
import type { FilterSpecification, GeoJSONSource, Map as MapLibreMap, LayerSpecification } from 'maplibre-gl';
import { AddedOnFirstUse } from '../../map/added-on-first-use.ts';
import { FONT } from '../../map/basemap-style.ts';
import { OVERLAY_SLOTS } from '../../map/layer-order.ts';

export const ANNOTATIONS_SOURCE = 'annotations';
export const annotationLayerIds = {
  casing: 'annotations-casing',
  outline: 'annotations-outline',
  pins: 'annotations-pins',
  titles: 'annotations-titles',
} as const;

/** What the map draws of an annotation: its geometry, with its id and title. */
export type AnnotationFeatures = FeatureCollection<Point | LineString | Polygon, { id: string; title: string }>;

const EMPTY: AnnotationFeatures = { type: 'FeatureCollection', features: [] };
const COLOUR = '#ff4fa3';

/**
 * The user's annotations: pins as small markers, shapes as outlines (a dark casing under a bright line, no fill, so
 * the imagery inside keeps its colours), each titled beside it.
 */
export class AnnotationLayer {
  private wanted: AnnotationFeatures = EMPTY;
  private readonly layers = new AddedOnFirstUse(() => this.addLayers());

  constructor(private readonly map: MapLibreMap) {}

  /** The style is ready (the source and layers go in once there is something to draw). */
  install(): void {
    this.layers.ready(this.wanted.features.length > 0);
  }

  private addLayers(): void {
    const add = (layer: LayerSpecification) => this.map.addLayer(layer, OVERLAY_SLOTS.annotations);
    const shapes: FilterSpecification = ['!=', ['geometry-type'], 'Point'];
    this.map.addSource(ANNOTATIONS_SOURCE, { type: 'geojson', data: this.wanted });
    add({
      id: annotationLayerIds.casing,
      type: 'line',
      source: ANNOTATIONS_SOURCE,
      filter: shapes,
      paint: { 'line-color': '#1b1b1b', 'line-width': 4.5, 'line-opacity': 0.75 },
    });
    add({
      id: annotationLayerIds.outline,
      type: 'line',
      source: ANNOTATIONS_SOURCE,
      filter: shapes,
      paint: { 'line-color': COLOUR, 'line-width': 2, 'line-dasharray': [3, 1.5] },
    });
    add({
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
    });
    add({
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
    });
  }

  show(features: AnnotationFeatures): void {
    this.wanted = features;
    if (this.layers.added) void this.map.getSource<GeoJSONSource>(ANNOTATIONS_SOURCE)?.setData(features);
    else this.layers.use(features.features.length > 0);
  }
}
