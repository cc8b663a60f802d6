import type { FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import type { Map as MapLibreMap, PointLike } from 'maplibre-gl';
import { areaCentre } from '../../core/geo/geometry.ts';
import { AREA_SEARCH_SLOTS, areaSearchLayerIds, COVERAGE_SOURCE } from './area-search-layers.ts';
import type { IdFeature } from './feature-diff.ts';
import type { FeatureSources } from './feature-sources.ts';
import {
  catalogOpacity,
  FOOTPRINT_SOURCE,
  footprintLayerIds,
  footprintLayers,
  HOVER_SOURCE,
  hoverLayers,
  hoverMarkerLayer,
  MARKER_SOURCE,
  SELECTION_SOURCE,
  selectionLayers,
} from './footprint-layers.ts';
import { slotOf } from './layer-order.ts';
import { SurveyHighlight } from './survey-highlight.ts';

/** `order`: higher is offered first when a click hits several footprints (the catalog's capture time). */
export type FootprintCollection = FeatureCollection<Polygon | MultiPolygon, { id: string; order?: number }>;

/** Layers whose features are surveys: the pointer can hover and click them. */
export const SURVEY_LAYERS = [footprintLayerIds.fill, footprintLayerIds.markers, areaSearchLayerIds.coverageFill];
/** Where a survey's footprint and marker may be, for its hover and selection highlights. */
const SURVEY_SOURCES = [FOOTPRINT_SOURCE, COVERAGE_SOURCE, MARKER_SOURCE];

type Marker = IdFeature<Point>;
/** One marker per footprint geometry, worked out once (the same geometry object keeps its marker). */
const markers = new WeakMap<Polygon | MultiPolygon, Marker>();

function markerOf(feature: FootprintCollection['features'][number]): Marker {
  let marker = markers.get(feature.geometry);
  if (!marker) {
    marker = {
      type: 'Feature',
      properties: { id: feature.properties.id },
      geometry: { type: 'Point', coordinates: areaCentre(feature.geometry) },
    };
    markers.set(feature.geometry, marker);
  }
  return marker;
}

/**
 * The catalog's footprints (with a marker each for when they are too small to see), and the hovered and
 * selected survey drawn again on top, whether it is the catalog's or an area search result.
 */
export class Footprints {
  private footprints: FootprintCollection = { type: 'FeatureCollection', features: [] };
  private hoveredId: string | null = null;
  private selectedId: string | null = null;
  private ready = false;
  private shown = true;
  private dimmed = false;
  /** The dimming the layers have, once set. */
  private drawnDimmed = false;
  private readonly hover: SurveyHighlight;
  private readonly selection: SurveyHighlight;

  constructor(
    private readonly map: MapLibreMap,
    private readonly sources: FeatureSources,
  ) {
    this.hover = new SurveyHighlight(map, HOVER_SOURCE);
    this.selection = new SurveyHighlight(map, SELECTION_SOURCE);
  }

  /** The catalog's layers: fills under the imagery, outlines over it; markers on top, where labels cannot hide them. */
  install(): void {
    this.sources.add(FOOTPRINT_SOURCE);
    this.sources.add(MARKER_SOURCE);
    for (const layer of footprintLayers()) this.map.addLayer(layer, slotOf(layer));
  }

  /**
   * The hovered survey above the catalog's and the results' footprints, the selected one above the tile grid too
   * (under its selected cell), fills under the imagery as all fills are; their markers above all markers, the
   * selected one on top. Goes in after the area search's layers.
   */
  installHighlights(): void {
    this.hover.install();
    this.selection.install();
    for (const layer of hoverLayers())
      this.map.addLayer(layer, layer.type === 'line' ? AREA_SEARCH_SLOTS.grid : slotOf(layer));
    const selection = selectionLayers();
    for (const layer of selection.footprint)
      this.map.addLayer(layer, layer.type === 'line' ? AREA_SEARCH_SLOTS.selectedTile : slotOf(layer));
    this.map.addLayer(hoverMarkerLayer());
    this.map.addLayer(selection.marker);
    this.ready = true;
    this.show(this.footprints, this.dimmed);
    this.showLayers(this.shown);
  }

  /** Shows or hides every footprint layer: the catalog's, its markers, the hovered and the selected survey. */
  showLayers(shown: boolean): void {
    this.shown = shown;
    if (!this.ready) return;
    for (const id of Object.values(footprintLayerIds))
      this.map.setLayoutProperty(id, 'visibility', shown ? 'visible' : 'none');
  }

  /** The catalog's footprints; `dimmed` while an area search's results are drawn over them. */
  show(footprints: FootprintCollection, dimmed = false): void {
    this.footprints = footprints;
    this.dimmed = dimmed;
    if (!this.ready) return;
    if (dimmed !== this.drawnDimmed) {
      const opacity = dimmed ? catalogOpacity.dimmed : catalogOpacity.shown;
      this.map.setPaintProperty(footprintLayerIds.fill, 'fill-opacity', opacity.fill);
      this.map.setPaintProperty(footprintLayerIds.outline, 'line-opacity', opacity.outline);
      this.drawnDimmed = dimmed;
    }
    this.sources.send(FOOTPRINT_SOURCE, footprints.features);
    this.sources.send(MARKER_SOURCE, footprints.features.map(markerOf));
    this.refreshHighlights();
  }

  highlight(surveyId: string | null): void {
    this.hoveredId = surveyId;
    this.refreshHighlights();
  }

  select(surveyId: string | null): void {
    this.selectedId = surveyId;
    this.refreshHighlights();
  }

  /** The hovered and the selected survey's footprint and marker, as the sources now hold them, into their layers. */
  refreshHighlights(): void {
    if (!this.ready) return;
    const featuresOf = (id: string | null) =>
      id === null ? [] : SURVEY_SOURCES.flatMap((source) => this.sources.feature(source, id) ?? []);
    this.hover.show(featuresOf(this.hoveredId));
    this.selection.show(featuresOf(this.selectedId));
  }

  /** Every survey under a point: area search results first, then the catalog's, newest first. */
  surveysAt(point: PointLike): string[] {
    // The area search's layers are there once it has had results.
    const layers = SURVEY_LAYERS.filter((id) => this.map.getLayer(id));
    const hits = this.map.queryRenderedFeatures(point, { layers });
    const ids = [...new Set(hits.map((f) => f.properties?.id).filter((id): id is string => typeof id === 'string'))];
    const rank = new Map<string, number>();
    for (const f of this.footprints.features) rank.set(f.properties.id, f.properties.order ?? 0);
    for (const id of this.sources.ids(COVERAGE_SOURCE)) rank.set(id, Number.MAX_VALUE);
    return ids.sort((a, b) => (rank.get(b) ?? 0) - (rank.get(a) ?? 0));
  }
}
