import type { FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import type { MapGeoJSONFeature, PointLike } from 'maplibre-gl';
import { areaCentre } from '../../../core/geo/geometry.ts';
import type { IdFeature } from '../../map/feature-diff.ts';
import {
  CATALOG_FOOTPRINTS,
  catalogOpacity,
  FOOTPRINT_SOURCE,
  footprintLayerIds,
  HIGHLIGHTED_FOOTPRINTS,
  HOVER_SOURCE,
  MARKER_SOURCE,
  RESULT_FOOTPRINTS,
  RESULTS_SOURCE,
  SELECTION_SOURCE,
} from './footprint-layers.ts';
import type { GeoJsonSlot } from '../../map/geojson-slot.ts';
import { Emitter } from '../../map/map-events.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { SurveyHighlight } from './survey-highlight.ts';

/** `order`: higher is offered first when a click hits several footprints (the catalog's capture time). */
export type FootprintCollection = FeatureCollection<Polygon | MultiPolygon, { id: string; order?: number }>;

/** The survey under the pointer (at x, y on the map), or none. */
export type FootprintHover = { id: string; x: number; y: number } | null;
/** Every survey under a click (several where footprints overlap), area search results first, then newest first. */
type FootprintsClick = { surveyIds: string[]; x: number; y: number };

interface FootprintEvents {
  hovered: FootprintHover;
  clicked: FootprintsClick;
}

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

const pointOf = (point: PointLike) => (Array.isArray(point) ? { x: point[0], y: point[1] } : point);
const idOf = (feature: MapGeoJSONFeature | null) => {
  const id = feature?.properties?.id;
  return typeof id === 'string' ? id : null;
};

/**
 * Every survey footprint on the map: the catalog's (with a marker each for when they are too small to see), an area
 * search's results, and the hovered and selected survey drawn again on top, whether it is the catalog's or a result.
 */
export class SurveyFootprints {
  private catalog: FootprintCollection = { type: 'FeatureCollection', features: [] };
  private results: FootprintCollection = { type: 'FeatureCollection', features: [] };
  private hoveredId: string | null = null;
  private selectedId: string | null = null;
  /** The dimming the catalog's layers have, once set. */
  private drawnDimmed = false;
  private readonly slots: { catalog: GeoJsonSlot; results: GeoJsonSlot; highlighted: GeoJsonSlot };
  private readonly hover: SurveyHighlight;
  private readonly selection: SurveyHighlight;
  /** The survey under the pointer on each of the two slots whose footprints take it. */
  private readonly under = { catalog: null as FootprintHover, results: null as FootprintHover };
  private readonly events = new Emitter<FootprintEvents>();

  constructor(surveyMap: SurveyMap) {
    this.slots = {
      catalog: surveyMap.overlay(CATALOG_FOOTPRINTS),
      results: surveyMap.overlay(RESULT_FOOTPRINTS),
      highlighted: surveyMap.overlay(HIGHLIGHTED_FOOTPRINTS),
    };
    this.hover = new SurveyHighlight(this.slots.highlighted, HOVER_SOURCE);
    this.selection = new SurveyHighlight(this.slots.highlighted, SELECTION_SOURCE);
    for (const part of ['catalog', 'results'] as const) {
      this.slots[part].onHover((feature, point) => {
        // The survey a click would offer first (newest), not whichever feature the renderer lists first.
        const id = feature && point ? (this.surveysAt(point)[0] ?? idOf(feature)) : null;
        this.under[part] = id && point ? { id, ...pointOf(point) } : null;
        this.events.emit('hovered', this.under.results ?? this.under.catalog);
      });
    }
    // The results' slot is on top: a click on one of them is taken there; beside them, the catalog's slot takes it.
    this.slots.results.onClick((feature, point) => feature !== null && this.clicked(point));
    this.slots.catalog.onClick((_, point) => this.clicked(point));
  }

  /** The pointer over a footprint, and a click on the map (footprints under it or not). */
  on<K extends keyof FootprintEvents>(event: K, listener: (payload: FootprintEvents[K]) => void): () => void {
    return this.events.on(event, listener);
  }

  /** The catalog's footprints; `dimmed` while an area search's results are drawn over them. */
  show(footprints: FootprintCollection, dimmed = false): void {
    this.catalog = footprints;
    if (dimmed !== this.drawnDimmed) {
      const opacity = dimmed ? catalogOpacity.dimmed : catalogOpacity.shown;
      this.slots.catalog.restyle(footprintLayerIds.fill, { paint: { 'fill-opacity': opacity.fill } });
      this.slots.catalog.restyle(footprintLayerIds.outline, { paint: { 'line-opacity': opacity.outline } });
      this.drawnDimmed = dimmed;
    }
    this.slots.catalog.updateData(FOOTPRINT_SOURCE, footprints.features);
    this.slots.catalog.updateData(MARKER_SOURCE, footprints.features.map(markerOf));
    this.refreshHighlights();
  }

  /** Footprints of the surveys an area search found (drawn apart from the catalog's). */
  showResults(footprints: FootprintCollection): void {
    if (footprints === this.results) return;
    this.results = footprints;
    this.slots.results.updateData(RESULTS_SOURCE, footprints.features);
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

  /** Shows or hides every footprint, e.g. to see imagery unobstructed. */
  showLayers(shown: boolean): void {
    for (const slot of Object.values(this.slots))
      for (const layer of slot.spec.layers)
        slot.restyle(layer.id, { layout: { visibility: shown ? 'visible' : 'none' } });
  }

  /** The hovered and the selected survey's footprint and marker, as the sources hold them, into their layers. */
  private refreshHighlights(): void {
    const { catalog, results } = this.slots;
    const featuresOf = (id: string | null) =>
      id === null
        ? []
        : [
            catalog.feature(FOOTPRINT_SOURCE, id),
            results.feature(RESULTS_SOURCE, id),
            catalog.feature(MARKER_SOURCE, id),
          ].filter((feature): feature is IdFeature => feature !== undefined);
    this.hover.show(featuresOf(this.hoveredId));
    this.selection.show(featuresOf(this.selectedId));
  }

  /** Every survey under a point: area search results first, then the catalog's, newest first. */
  private surveysAt(point: PointLike): string[] {
    const hits = [
      ...this.slots.results.featuresAt(point, [footprintLayerIds.resultsFill]),
      ...this.slots.catalog.featuresAt(point, [footprintLayerIds.fill, footprintLayerIds.markers]),
    ];
    const ids = [...new Set(hits.map(idOf).filter((id): id is string => id !== null))];
    const rank = new Map<string, number>();
    for (const f of this.catalog.features) rank.set(f.properties.id, f.properties.order ?? 0);
    for (const id of this.slots.results.ids(RESULTS_SOURCE)) rank.set(id, Number.MAX_VALUE);
    return ids.sort((a, b) => (rank.get(b) ?? 0) - (rank.get(a) ?? 0));
  }

  private clicked(point: PointLike): boolean {
    this.events.emit('clicked', { surveyIds: this.surveysAt(point), ...pointOf(point) });
    return true;
  }
}

const onMaps = new WeakMap<SurveyMap, SurveyFootprints>();

/** The footprints on a map (made with its first use). */
export function footprintsOf(surveyMap: SurveyMap): SurveyFootprints {
  let footprints = onMaps.get(surveyMap);
  if (!footprints) {
    footprints = new SurveyFootprints(surveyMap);
    onMaps.set(surveyMap, footprints);
  }
  return footprints;
}
