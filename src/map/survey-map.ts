import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { BBox, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import { bbox as bboxOf } from '@turf/turf';
import { FOOTPRINT_SOURCE, footprintLayerIds, footprintLayers, MARKER_SOURCE } from './footprint-layers.ts';
import { PREVIEW_LAYER, PREVIEW_SOURCE, previewLayer, previewSource, type PreviewSpec } from './preview-layer.ts';

maplibregl.setWorkerUrl(workerUrl);

export type FootprintCollection = FeatureCollection<Polygon | MultiPolygon, { id: string }>;

/** Adds credentials to a tile request at the moment MapLibre makes it. */
export type TileAuthorizer = (url: string) => { url: string; headers?: Record<string, string> } | undefined;

export interface SurveyMapEvents {
  footprintHovered: string | null;
  /** All footprints under a click (several where they overlap), newest first as listed. */
  footprintsClicked: { surveyIds: string[]; x: number; y: number };
  /** A preview tile was refused: the token needs renewing and the preview reloading. */
  previewUnauthorized: undefined;
}

type Listener<T> = (payload: T) => void;

const EMPTY: FootprintCollection = { type: 'FeatureCollection', features: [] };
const INTERACTIVE_LAYERS = [footprintLayerIds.fill, footprintLayerIds.markers];
const SELECTED_LAYERS = [footprintLayerIds.selectedFill, footprintLayerIds.selectedCasing, footprintLayerIds.selectedOutline, footprintLayerIds.selectedMarker];

function markersOf(footprints: FootprintCollection): FeatureCollection<Point, { id: string }> {
  return {
    type: 'FeatureCollection',
    features: footprints.features.map((feature) => {
      const [west, south, east, north] = bboxOf(feature);
      return { type: 'Feature', properties: feature.properties, geometry: { type: 'Point', coordinates: [(west + east) / 2, (south + north) / 2] } };
    }),
  };
}

export interface SurveyMapOptions {
  style: maplibregl.StyleSpecification | string;
}

/**
 * The map and everything drawn on it. Components talk to it only through these task-level
 * methods; it keeps the wanted state and applies it whenever the style is ready.
 */
export class SurveyMap {
  readonly map: maplibregl.Map;
  private ready = false;
  private footprints: FootprintCollection = EMPTY;
  private hoveredId: string | null = null;
  private selectedId: string | null = null;
  private preview: PreviewSpec | null = null;
  private authorizeTile: TileAuthorizer = () => undefined;
  private readonly listeners = new Map<keyof SurveyMapEvents, Set<Listener<never>>>();

  constructor(container: HTMLElement, { style }: SurveyMapOptions) {
    this.map = new maplibregl.Map({
      container,
      style,
      center: [-97, 38.5],
      zoom: 3.6,
      minZoom: 1,
      maxZoom: 21,
      dragRotate: false,
      pitchWithRotate: false,
      attributionControl: { compact: true },
      transformRequest: (url, resourceType) => (resourceType === 'Tile' ? this.authorizeTile(url) : undefined),
    });
    this.map.touchZoomRotate.disableRotation();
    this.map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    this.map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-right');
    this.map.on('load', () => {
      this.ready = true;
      this.installFootprintLayers();
      this.applyPreview();
    });
    // Listening to errors also stops MapLibre from logging them, and their messages hold tile URLs
    // (which may carry an api_key). A 404 tile is normal; a 401 asks for a fresh token.
    this.map.on('error', (event: maplibregl.ErrorEvent & { sourceId?: string }) => {
      const status = (event.error as { status?: number } | undefined)?.status;
      if (event.sourceId === PREVIEW_SOURCE && status === 401) this.emit('previewUnauthorized', undefined);
    });
    this.map.on('mousemove', INTERACTIVE_LAYERS, (event) => {
      const id = event.features?.[0]?.properties?.id;
      this.emit('footprintHovered', typeof id === 'string' ? id : null);
    });
    this.map.on('mouseenter', INTERACTIVE_LAYERS, () => {
      this.map.getCanvas().style.cursor = 'pointer';
    });
    this.map.on('mouseleave', INTERACTIVE_LAYERS, () => {
      this.map.getCanvas().style.cursor = '';
      this.emit('footprintHovered', null);
    });
    this.map.on('click', (event) => {
      if (!this.ready) return;
      const hits = this.map.queryRenderedFeatures(event.point, { layers: INTERACTIVE_LAYERS });
      const surveyIds = [...new Set(hits.map((f) => f.properties?.id).filter((id): id is string => typeof id === 'string'))];
      const order = new Map(this.footprints.features.map((f, i) => [f.properties.id, i]));
      surveyIds.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      this.emit('footprintsClicked', { surveyIds, x: event.point.x, y: event.point.y });
    });
  }

  on<K extends keyof SurveyMapEvents>(event: K, listener: Listener<SurveyMapEvents[K]>): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(event, set);
    return () => set.delete(listener as Listener<never>);
  }

  private emit<K extends keyof SurveyMapEvents>(event: K, payload: SurveyMapEvents[K]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as Listener<SurveyMapEvents[K]>)(payload);
  }

  /** Keeps the map's zoom readable from React without re-rendering on every frame. */
  onViewChange(listener: () => void): () => void {
    this.map.on('move', listener);
    return () => this.map.off('move', listener);
  }

  getZoom(): number {
    return this.map.getZoom();
  }

  setTileAuthorizer(authorize: TileAuthorizer): void {
    this.authorizeTile = authorize;
  }

  showFootprints(footprints: FootprintCollection): void {
    this.footprints = footprints;
    if (!this.ready) return;
    this.map.getSource<maplibregl.GeoJSONSource>(FOOTPRINT_SOURCE)?.setData(footprints);
    this.map.getSource<maplibregl.GeoJSONSource>(MARKER_SOURCE)?.setData(markersOf(footprints));
    this.applyHover(null, this.hoveredId);
  }

  highlight(surveyId: string | null): void {
    const previous = this.hoveredId;
    this.hoveredId = surveyId;
    if (this.ready) this.applyHover(previous, surveyId);
  }

  select(surveyId: string | null): void {
    this.selectedId = surveyId;
    if (!this.ready) return;
    const filter: maplibregl.FilterSpecification = ['==', ['get', 'id'], surveyId ?? ''];
    for (const id of SELECTED_LAYERS) this.map.setFilter(id, filter);
  }

  fitBounds([west, south, east, north]: BBox, animate = true): void {
    this.map.fitBounds([[west, south], [east, north]], { padding: 56, maxZoom: 17, duration: animate ? 700 : 0 });
  }

  zoomTo(center: [number, number], zoom: number): void {
    this.map.easeTo({ center, zoom, duration: 700 });
  }

  /** Shows one survey's imagery, or none. Opacity and visibility changes keep the loaded tiles. */
  showPreview(spec: PreviewSpec | null): void {
    const previous = this.preview;
    this.preview = spec;
    if (!this.ready) return;
    const sameSource = previous && spec && previous.surveyId === spec.surveyId && previous.tiles === spec.tiles;
    if (sameSource && this.map.getLayer(PREVIEW_LAYER)) {
      this.map.setPaintProperty(PREVIEW_LAYER, 'raster-opacity', spec.opacity);
      this.map.setLayoutProperty(PREVIEW_LAYER, 'visibility', spec.visible ? 'visible' : 'none');
      return;
    }
    this.applyPreview();
  }

  /** Asks for the preview's tiles again, e.g. after the token was renewed. */
  reloadPreview(): void {
    const source = this.ready ? this.map.getSource<maplibregl.RasterTileSource>(PREVIEW_SOURCE) : undefined;
    if (source && this.preview) source.setTiles([this.preview.tiles]);
  }

  destroy(): void {
    this.listeners.clear();
    this.map.remove();
  }

  /** The basemap's first label layer: app layers that would hide place names go below it. */
  private firstLabelLayer(): string | undefined {
    return this.map.getStyle().layers.find((layer) => layer.type === 'symbol')?.id;
  }

  private installFootprintLayers(): void {
    this.map.addSource(FOOTPRINT_SOURCE, { type: 'geojson', data: this.footprints, promoteId: 'id' });
    this.map.addSource(MARKER_SOURCE, { type: 'geojson', data: markersOf(this.footprints), promoteId: 'id' });
    const before = this.firstLabelLayer();
    // Outlines go under the labels; markers stay on top, where a label cannot hide them.
    for (const layer of footprintLayers(this.selectedId)) this.map.addLayer(layer, layer.type === 'circle' ? undefined : before);
    this.applyHover(null, this.hoveredId);
  }

  private applyHover(previous: string | null, next: string | null): void {
    for (const source of [FOOTPRINT_SOURCE, MARKER_SOURCE]) {
      if (previous !== null) this.map.setFeatureState({ source, id: previous }, { hover: false });
      if (next !== null) this.map.setFeatureState({ source, id: next }, { hover: true });
    }
  }

  private applyPreview(): void {
    if (this.map.getLayer(PREVIEW_LAYER)) this.map.removeLayer(PREVIEW_LAYER);
    if (this.map.getSource(PREVIEW_SOURCE)) this.map.removeSource(PREVIEW_SOURCE);
    if (!this.preview) return;
    this.map.addSource(PREVIEW_SOURCE, previewSource(this.preview));
    this.map.addLayer(previewLayer(this.preview), footprintLayerIds.fill);
  }
}
