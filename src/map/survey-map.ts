import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { BBox, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import { bbox as bboxOf } from '@turf/turf';
import type { AreaGeometry } from '../area/area-geometry.ts';
import type { AreaDrawController, AreaTool } from '../draw/area-draw-controller.ts';
import {
  areaSearchLayerIds,
  areaSearchLayers,
  COVERAGE_SOURCE,
  TILE_GRID_SOURCE,
  tileOutlineOpacity,
  tileSelectionFilter,
  UNCOVERED_SOURCE,
} from './area-search-layers.ts';
import {
  compareLayer,
  compareLayerId,
  compareSource,
  compareSourceId,
  mainMapOpacityOfB,
  sameSide,
  type CompareSpec,
} from './compare-layers.ts';
import { CompareOverlay } from './compare-overlay.ts';
import { diffFeatures, diffIsEmpty, type IdFeature } from './feature-diff.ts';
import { firstLabelLayer } from './first-label-layer.ts';
import {
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
import { LATEST_LAYER, LATEST_SOURCE, latestImageryLayer, latestImagerySource } from './latest-imagery-layer.ts';
import { PanelSlot } from './panel-slot.ts';
import { replaceRaster } from './raster-layer.ts';
import { PREVIEW_LAYER, PREVIEW_SOURCE, previewLayer, previewSource, type PreviewSpec } from './preview-layer.ts';
import { SurveyHighlight } from './survey-highlight.ts';
import { TileRetrier, type TileErrorEvent } from './tile-retry.ts';

maplibregl.setWorkerUrl(workerUrl);

/** `order`: higher is offered first when a click hits several footprints (the catalog's capture time). */
export type FootprintCollection = FeatureCollection<Polygon | MultiPolygon, { id: string; order?: number }>;
/** Tile cells: `key` is "z/x/y", `percent` the share of the tile holding imagery (null when unknown). */
export type TileGridCollection = FeatureCollection<Polygon, { key: string; percent: number | null }>;

/** Adds credentials to a tile request at the moment MapLibre makes it. */
export type TileAuthorizer = (url: string) => { url: string; headers?: Record<string, string> } | undefined;

export interface SurveyMapEvents {
  footprintHovered: string | null;
  /** All footprints under a click (several where they overlap), newest first as listed. */
  footprintsClicked: { surveyIds: string[]; x: number; y: number };
  /** A preview tile was refused: the token needs renewing and the preview reloading. */
  previewUnauthorized: undefined;
  /** The drawing tools are loaded and can be used. */
  areaToolsReady: undefined;
  /** The user finished drawing or editing the area (its whole geometry). */
  areaFinished: AreaGeometry;
  /** The user deleted the area on the map. */
  areaDeleted: undefined;
  areaToolChanged: AreaTool;
  /** The shape being drawn or edited, on every pointer move. */
  areaChanging: AreaGeometry;
  /** A cell of the tile grid was clicked ("z/x/y"), or the map beside it (null). */
  tileClicked: string | null;
  /** The pointer's place on the map ([lng, lat]), or null when it left the map. */
  cursorMoved: [number, number] | null;
  /** MapLibre is about to request this tile URL (credentials not yet added). */
  tileRequested: string;
}

/** The camera as a link records it. */
export interface MapView {
  center: [number, number];
  zoom: number;
}

type Listener<T> = (payload: T) => void;

const EMPTY: FootprintCollection = { type: 'FeatureCollection', features: [] };
const EMPTY_GRID: TileGridCollection = { type: 'FeatureCollection', features: [] };
const INTERACTIVE_LAYERS = [footprintLayerIds.fill, footprintLayerIds.markers, areaSearchLayerIds.coverageFill];
/** Where a survey's footprint and marker may be, for its hover and selection highlights. */
const SURVEY_SOURCES = [FOOTPRINT_SOURCE, COVERAGE_SOURCE, MARKER_SOURCE];

type Marker = IdFeature<Point>;
/** One marker per footprint geometry, worked out once (the same geometry object keeps its marker). */
const markers = new WeakMap<Polygon | MultiPolygon, Marker>();

function markerOf(feature: FootprintCollection['features'][number]): Marker {
  let marker = markers.get(feature.geometry);
  if (!marker) {
    const [west, south, east, north] = bboxOf(feature.geometry);
    marker = {
      type: 'Feature',
      properties: { id: feature.properties.id },
      geometry: { type: 'Point', coordinates: [(west + east) / 2, (south + north) / 2] },
    };
    markers.set(feature.geometry, marker);
  }
  return marker;
}

function markersOf(footprints: FootprintCollection): FeatureCollection<Point, { id: string }> {
  return { type: 'FeatureCollection', features: footprints.features.map(markerOf) };
}

export interface SurveyMapOptions {
  style: maplibregl.StyleSpecification | string;
  /** Where the camera starts (e.g. a shared link's view), so that no other place is drawn first. */
  view?: MapView | null;
}

const OVERVIEW: MapView = { center: [-97, 38.5], zoom: 3.6 };

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
  private coverage: FootprintCollection = EMPTY;
  private uncovered: AreaGeometry | null = null;
  private tileGrid: TileGridCollection = EMPTY_GRID;
  private tileGridZoom = 16;
  private selectedTileKey: string | null = null;
  private hoveredTileKey: string | null = null;
  /** Created once the style has loaded (terra-draw is loaded on demand, after first paint). */
  private areaDraw: AreaDrawController | null = null;
  private area: AreaGeometry | null = null;
  private areaTool: AreaTool = 'static';
  private destroyed = false;
  /** Whether the map has drawn everything its first view needed. */
  private settledOnce = false;
  private authorizeTile: TileAuthorizer = () => undefined;
  /** XYZ template of the latest-imagery layer, when shown. */
  private latestTiles: string | null = null;
  /** 5xx, 429 and network failures are asked for again (MapLibre never retries a tile). */
  private readonly tileRetrier = new TileRetrier(PREVIEW_SOURCE, () => this.reloadPreview());
  private compare: CompareSpec | null = null;
  private compareOverlay: CompareOverlay | null = null;
  private readonly compareRetriers = {
    a: new TileRetrier(compareSourceId('a'), () => this.reloadCompareSide('a')),
    b: new TileRetrier(compareSourceId('b'), () => this.reloadCompareSide('b')),
  };
  private readonly style: maplibregl.StyleSpecification | string;
  private readonly latestRetrier = new TileRetrier(LATEST_SOURCE, () => this.reloadLatestImagery());
  private readonly onOnline = () => {
    this.tileRetrier.networkRestored();
    this.latestRetrier.networkRestored();
    this.compareRetriers.a.networkRestored();
    this.compareRetriers.b.networkRestored();
    this.compareOverlay?.networkRestored();
  };
  private readonly layersSlot = new PanelSlot('map-layers-slot');
  private readonly hoverHighlight: SurveyHighlight;
  private readonly selectionHighlight: SurveyHighlight;
  private readonly listeners = new Map<keyof SurveyMapEvents, Set<Listener<never>>>();
  /** What each diffed GeoJSON source holds, by feature id (so that a change sends only what changed). */
  private readonly held = new Map<string, Map<string, IdFeature>>();

  constructor(container: HTMLElement, { style, view }: SurveyMapOptions) {
    this.style = style;
    const { center, zoom } = view ?? OVERVIEW;
    this.map = new maplibregl.Map({
      container,
      style,
      center,
      zoom,
      minZoom: 1,
      maxZoom: 21,
      dragRotate: false,
      pitchWithRotate: false,
      attributionControl: { compact: true },
      transformRequest: (url, resourceType) => {
        if (resourceType !== 'Tile') return undefined;
        this.emit('tileRequested', url);
        return this.authorizeTile(url);
      },
    });
    this.hoverHighlight = new SurveyHighlight(this.map, HOVER_SOURCE);
    this.selectionHighlight = new SurveyHighlight(this.map, SELECTION_SOURCE);
    this.map.touchZoomRotate.disableRotation();
    this.map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    this.map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-right');
    this.map.addControl(this.layersSlot, 'bottom-right');
    this.map.once('idle', () => (this.settledOnce = true));
    // The app's sources and layers go in as soon as the style is parsed, not at 'load' (after the
    // basemap's first tiles are drawn): a linked survey's imagery then loads alongside the basemap.
    this.map.once('style.load', () => {
      this.ready = true;
      this.installFootprintLayers();
      this.installAreaSearchLayers();
      this.installHighlightLayers();
      this.applyLatestImagery();
      this.applyPreview();
      this.applyCompare();
      // Without the drawing code (e.g. a new deployment replaced it), the area tools just stay disabled.
      this.installAreaDrawing().catch(() => undefined);
    });
    // Listening to errors also stops MapLibre from logging them, and their messages hold tile URLs
    // (which may carry an api_key). A 404 tile is normal; a 401 asks for a fresh token.
    window.addEventListener('online', this.onOnline);
    this.map.on('error', (event: maplibregl.ErrorEvent & { sourceId?: string }) => {
      const status = (event.error as { status?: number } | undefined)?.status;
      const imagery = [PREVIEW_SOURCE, LATEST_SOURCE, compareSourceId('a'), compareSourceId('b')].includes(
        event.sourceId ?? '',
      );
      if (imagery && status === 401) this.emit('previewUnauthorized', undefined);
      this.tileRetrier.tileFailed(event as TileErrorEvent);
      this.latestRetrier.tileFailed(event as TileErrorEvent);
      this.compareRetriers.a.tileFailed(event as TileErrorEvent);
      this.compareRetriers.b.tileFailed(event as TileErrorEvent);
    });
    this.map.on('mousemove', INTERACTIVE_LAYERS, (event) => {
      if (this.areaToolActive()) return;
      const id = event.features?.[0]?.properties?.id;
      this.emit('footprintHovered', typeof id === 'string' ? id : null);
    });
    this.map.on('mousemove', (event) => this.emit('cursorMoved', [event.lngLat.lng, event.lngLat.lat]));
    this.map.on('mouseout', () => this.emit('cursorMoved', null));
    this.map.on('mouseenter', INTERACTIVE_LAYERS, () => this.setPointer(true));
    this.map.on('mouseleave', INTERACTIVE_LAYERS, () => {
      this.setPointer(false);
      this.emit('footprintHovered', null);
    });
    this.map.on('mousemove', areaSearchLayerIds.tileFill, (event) => {
      const key = event.features?.[0]?.properties?.key;
      this.applyTileHover(typeof key === 'string' && !this.areaToolActive() ? key : null);
    });
    this.map.on('mouseenter', areaSearchLayerIds.tileFill, () => this.setPointer(true));
    this.map.on('mouseleave', areaSearchLayerIds.tileFill, () => {
      this.setPointer(false);
      this.applyTileHover(null);
    });
    this.map.on('click', (event) => {
      // While a drawing or editing tool is active, clicks belong to the area.
      if (!this.ready || this.areaToolActive()) return;
      if (this.tileGrid.features.length > 0) {
        const key = this.map.queryRenderedFeatures(event.point, { layers: [areaSearchLayerIds.tileFill] })[0]
          ?.properties?.key;
        this.emit('tileClicked', typeof key === 'string' ? key : null);
        if (typeof key === 'string') return;
      }
      const hits = this.map.queryRenderedFeatures(event.point, { layers: INTERACTIVE_LAYERS });
      const surveyIds = [
        ...new Set(hits.map((f) => f.properties?.id).filter((id): id is string => typeof id === 'string')),
      ];
      // Results before the catalog (in the order the map hit them), then the catalog's by order.
      const rank = new Map<string, number>();
      for (const f of this.footprints.features) rank.set(f.properties.id, f.properties.order ?? 0);
      for (const f of this.coverage.features) rank.set(f.properties.id, Number.MAX_VALUE);
      surveyIds.sort((a, b) => (rank.get(b) ?? 0) - (rank.get(a) ?? 0));
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

  getView(): MapView {
    return { center: this.getCenter(), zoom: this.map.getZoom() };
  }

  setView({ center, zoom }: MapView): void {
    this.map.jumpTo({ center, zoom });
  }

  /** Whether the camera is being moved (by the user or an animation). */
  isMoving(): boolean {
    return this.map.isMoving();
  }

  /** Once the map has come to rest after a pan or zoom and drawn what it needed (non-urgent work goes here). */
  onViewSettled(listener: () => void): () => void {
    this.map.on('idle', listener);
    return () => this.map.off('idle', listener);
  }

  /**
   * Once, when the map has first drawn everything its view needed (at once if it already has): for work that must not
   * delay that.
   */
  afterFirstSettle(listener: () => void): () => void {
    if (this.settledOnce) {
      listener();
      return () => undefined;
    }
    this.map.once('idle', listener);
    return () => this.map.off('idle', listener);
  }

  /** The map centre as [lng, lat]. */
  getCenter(): [number, number] {
    const { lng, lat } = this.map.getCenter();
    return [lng, lat];
  }

  /** Where the layers-and-usage panel goes: the bottom-right corner, above the scale. */
  layersPanelContainer(): HTMLElement {
    return this.layersSlot.container;
  }

  setTileAuthorizer(authorize: TileAuthorizer): void {
    this.authorizeTile = authorize;
  }

  showFootprints(footprints: FootprintCollection): void {
    this.footprints = footprints;
    if (!this.ready) return;
    this.sendFeatures(FOOTPRINT_SOURCE, footprints.features);
    this.sendFeatures(MARKER_SOURCE, markersOf(footprints).features);
    this.applyHighlights();
  }

  highlight(surveyId: string | null): void {
    this.hoveredId = surveyId;
    if (this.ready) this.applyHighlights();
  }

  select(surveyId: string | null): void {
    this.selectedId = surveyId;
    if (this.ready) this.applyHighlights();
  }

  /** Footprints of the surveys an area search found (drawn apart from the catalog's). */
  showCoverage(footprints: FootprintCollection): void {
    if (footprints === this.coverage) return;
    this.coverage = footprints;
    if (!this.ready) return;
    this.sendFeatures(COVERAGE_SOURCE, footprints.features);
    this.applyHighlights();
  }

  /**
   * Resolves once MapLibre has tiled and drawn the results shown last and come to rest (at once when it
   * has nothing left to draw): work queued behind it then does not hold up the frames that show them.
   */
  whenCoverageDrawn(): Promise<void> {
    // MapLibre's `idle` is exactly that: nothing moving, every source (this one too) loaded and drawn.
    // A source given new data is not loaded until its worker has tiled it, so `loaded()` is false here.
    if (!this.ready || (this.map.loaded() && !this.map.isMoving())) return Promise.resolve();
    return new Promise((resolve) => this.map.once('idle', () => resolve()));
  }

  /** The part of the area that no found survey covers, or none. */
  showUncovered(part: AreaGeometry | null): void {
    this.uncovered = part;
    if (this.ready) this.map.getSource<maplibregl.GeoJSONSource>(UNCOVERED_SOURCE)?.setData(this.uncoveredData());
  }

  /** One cell per tile of zoom `tileZoom`, coloured by the share of it that holds imagery. */
  showTileGrid(tiles: TileGridCollection, tileZoom = this.tileGridZoom): void {
    this.tileGrid = tiles;
    this.tileGridZoom = tileZoom;
    if (!this.ready) return;
    this.applyTileHover(null);
    this.map.getSource<maplibregl.GeoJSONSource>(TILE_GRID_SOURCE)?.setData(tiles);
    this.map.setPaintProperty(areaSearchLayerIds.tileOutline, 'line-opacity', tileOutlineOpacity(tileZoom));
  }

  selectTile(key: string | null): void {
    this.selectedTileKey = key;
    if (this.ready) this.map.setFilter(areaSearchLayerIds.tileSelected, tileSelectionFilter(key));
  }

  /** Whether the drawing tools are loaded. */
  areaToolsReady(): boolean {
    return this.areaDraw !== null;
  }

  getAreaTool(): AreaTool {
    return this.areaTool;
  }

  /** Starts a drawing tool, edit mode ('select'), or returns to plain map interaction ('static'). */
  startAreaTool(tool: AreaTool): void {
    const draw = this.areaDraw;
    if (!draw) return;
    const start: Record<AreaTool, () => void> = {
      polygon: () => draw.startPolygon(),
      rectangle: () => draw.startRectangle(),
      circle: () => draw.startCircle(),
      freehand: () => draw.startFreehand(),
      select: () => draw.startSelect(),
      static: () => draw.stopDrawing(),
    };
    start[tool]();
  }

  /** Shows the area of interest (or none). Never reported back as a user's drawing. */
  setArea(area: AreaGeometry | null): void {
    this.area = area;
    this.areaDraw?.setArea(area);
  }

  fitBounds([west, south, east, north]: BBox, animate = true): void {
    this.map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: 56, maxZoom: 17, duration: animate ? 700 : 0 },
    );
  }

  zoomTo(center: [number, number], zoom: number): void {
    this.map.easeTo({ center, zoom, duration: 700 });
  }

  /** Gives the keyboard to the map (arrows pan, +/- zoom), e.g. once the control that moved it is gone. */
  focus(): void {
    this.map.getCanvas().focus();
  }

  /** Shows one survey's imagery, or none. Opacity and visibility changes keep the loaded tiles. */
  showPreview(spec: PreviewSpec | null): void {
    const previous = this.preview;
    this.preview = spec;
    if (!this.ready) return;
    const sameSource = previous && spec && previous.surveyId === spec.surveyId && previous.tiles === spec.tiles;
    if (sameSource && this.map.getLayer(PREVIEW_LAYER)) {
      this.map.setPaintProperty(PREVIEW_LAYER, 'raster-opacity', spec.opacity);
      this.map.setLayoutProperty(PREVIEW_LAYER, 'visibility', spec.visible && !this.compare ? 'visible' : 'none');
      return;
    }
    this.applyPreview();
  }

  /**
   * Asks for the imagery's tiles again (preview, latest imagery and both compared sides), e.g. after the token was
   * renewed.
   */
  reloadPreview(): void {
    const source = this.ready ? this.map.getSource<maplibregl.RasterTileSource>(PREVIEW_SOURCE) : undefined;
    if (source && this.preview) source.setTiles([this.preview.tiles]);
    this.reloadLatestImagery();
    this.reloadCompareSide('a');
    this.reloadCompareSide('b');
    this.compareOverlay?.reload();
  }

  /**
   * Compares two surveys (or stops, with null). While comparing, the single preview is hidden.
   * Moving the divider or the fade keeps the loaded tiles.
   */
  showCompare(spec: CompareSpec | null): void {
    const previous = this.compare;
    this.compare = spec;
    if (!this.ready) return;
    const sameSources =
      previous &&
      spec &&
      sameSide(previous.a, spec.a) &&
      sameSide(previous.b, spec.b) &&
      this.map.getLayer(compareLayerId('b'));
    if (sameSources) {
      this.map.setPaintProperty(compareLayerId('b'), 'raster-opacity', mainMapOpacityOfB(spec));
      this.map.setLayoutProperty(compareLayerId('b'), 'visibility', spec.mode === 'fade' ? 'visible' : 'none');
      this.applyCompareOverlay();
      return;
    }
    this.applyCompare();
  }

  /** The swipe's second map, while there is one (for tests and the divider's owner). */
  getCompareOverlayMap(): maplibregl.Map | null {
    return this.compareOverlay?.map ?? null;
  }

  /** The most recent imagery everywhere (the `basemap` survey's tiles), under all else; null hides it. */
  showLatestImagery(tiles: string | null): void {
    if (tiles === this.latestTiles) return;
    this.latestTiles = tiles;
    if (this.ready) this.applyLatestImagery();
  }

  private reloadLatestImagery(): void {
    const source = this.ready ? this.map.getSource<maplibregl.RasterTileSource>(LATEST_SOURCE) : undefined;
    if (source && this.latestTiles) source.setTiles([this.latestTiles]);
  }

  destroy(): void {
    this.destroyed = true;
    this.listeners.clear();
    this.tileRetrier.reset();
    this.latestRetrier.reset();
    this.compareRetriers.a.reset();
    this.compareRetriers.b.reset();
    this.compareOverlay?.destroy();
    this.compareOverlay = null;
    window.removeEventListener('online', this.onOnline);
    this.areaDraw?.destroy();
    this.areaDraw = null;
    this.map.remove();
  }

  /** Sends a source only what changed since the last call (`updateData`), or everything when that is as cheap. */
  private sendFeatures(sourceId: string, features: readonly IdFeature[]): void {
    const source = this.map.getSource<maplibregl.GeoJSONSource>(sourceId);
    if (!source) return;
    const held = this.held.get(sourceId) ?? new Map<string, IdFeature>();
    const diff = diffFeatures(held, features);
    if (diff && diffIsEmpty(diff)) return;
    if (diff) {
      void source.updateData(diff);
    } else {
      void source.setData({ type: 'FeatureCollection', features: [...features] });
    }
    this.held.set(sourceId, new Map(features.map((feature) => [feature.properties.id, feature])));
  }

  private areaToolActive(): boolean {
    return this.areaTool !== 'static';
  }

  private setPointer(on: boolean): void {
    if (!this.areaToolActive()) this.map.getCanvas().style.cursor = on ? 'pointer' : '';
  }

  private installFootprintLayers(): void {
    this.held.delete(FOOTPRINT_SOURCE);
    this.held.delete(MARKER_SOURCE);
    this.map.addSource(FOOTPRINT_SOURCE, { type: 'geojson', data: EMPTY, promoteId: 'id' });
    this.map.addSource(MARKER_SOURCE, { type: 'geojson', data: EMPTY, promoteId: 'id' });
    this.sendFeatures(FOOTPRINT_SOURCE, this.footprints.features);
    this.sendFeatures(MARKER_SOURCE, markersOf(this.footprints).features);
    const before = firstLabelLayer(this.map);
    // Outlines go under the labels; markers stay on top, where a label cannot hide them.
    for (const layer of footprintLayers()) this.map.addLayer(layer, layer.type === 'circle' ? undefined : before);
  }

  /**
   * Result footprints, the uncovered part and the tile grid, above the catalog's footprints and below the drawn area
   * and labels.
   */
  private installAreaSearchLayers(): void {
    this.held.delete(COVERAGE_SOURCE);
    this.map.addSource(COVERAGE_SOURCE, { type: 'geojson', data: EMPTY, promoteId: 'id' });
    this.sendFeatures(COVERAGE_SOURCE, this.coverage.features);
    this.map.addSource(UNCOVERED_SOURCE, { type: 'geojson', data: this.uncoveredData() });
    this.map.addSource(TILE_GRID_SOURCE, { type: 'geojson', data: this.tileGrid, promoteId: 'key' });
    const before = firstLabelLayer(this.map);
    for (const layer of areaSearchLayers(this.selectedTileKey)) this.map.addLayer(layer, before);
    this.map.setPaintProperty(areaSearchLayerIds.tileOutline, 'line-opacity', tileOutlineOpacity(this.tileGridZoom));
  }

  /**
   * The hovered footprint above the catalog's and the results' footprints; the selected one above
   * the tile grid too; their markers above all markers, the selected one on top.
   */
  private installHighlightLayers(): void {
    this.hoverHighlight.install();
    this.selectionHighlight.install();
    for (const layer of hoverLayers()) this.map.addLayer(layer, areaSearchLayerIds.uncoveredFill);
    const selection = selectionLayers();
    for (const layer of selection.footprint) this.map.addLayer(layer, areaSearchLayerIds.tileSelected);
    this.map.addLayer(hoverMarkerLayer());
    this.map.addLayer(selection.marker);
    this.applyHighlights();
  }

  /** terra-draw, loaded on demand; its layers go right under the labels, above everything the app adds earlier. */
  private async installAreaDrawing(): Promise<void> {
    const { AreaDrawController } = await import('../draw/area-draw-controller.ts');
    if (this.destroyed) return;
    this.areaDraw = new AreaDrawController(
      this.map,
      {
        onAreaFinished: (area) => this.emit('areaFinished', area),
        onAreaDeleted: () => this.emit('areaDeleted', undefined),
        onAreaChanging: (shape) => this.emit('areaChanging', shape),
        onToolChange: (tool) => {
          this.areaTool = tool;
          if (tool !== 'static') {
            this.map.getCanvas().style.cursor = '';
            this.applyTileHover(null);
          }
          this.emit('areaToolChanged', tool);
        },
      },
      { renderBelowLayerId: firstLabelLayer(this.map) },
    );
    this.areaDraw.setArea(this.area);
    this.emit('areaToolsReady', undefined);
  }

  private uncoveredData(): FeatureCollection {
    return {
      type: 'FeatureCollection',
      features: this.uncovered ? [{ type: 'Feature', properties: {}, geometry: this.uncovered }] : [],
    };
  }

  private applyTileHover(key: string | null): void {
    if (key === this.hoveredTileKey) return;
    if (this.hoveredTileKey !== null)
      this.map.setFeatureState({ source: TILE_GRID_SOURCE, id: this.hoveredTileKey }, { hover: false });
    if (key !== null) this.map.setFeatureState({ source: TILE_GRID_SOURCE, id: key }, { hover: true });
    this.hoveredTileKey = key;
  }

  /**
   * The hovered and the selected survey's footprint and marker, as the sources now hold them, into their highlights.
   */
  private applyHighlights(): void {
    const featuresOf = (id: string | null) =>
      id === null ? [] : SURVEY_SOURCES.flatMap((source) => this.held.get(source)?.get(id) ?? []);
    this.hoverHighlight.show(featuresOf(this.hoveredId));
    this.selectionHighlight.show(featuresOf(this.selectedId));
  }

  private applyLatestImagery(): void {
    this.latestRetrier.reset();
    const before = this.map.getLayer(PREVIEW_LAYER) ? PREVIEW_LAYER : footprintLayerIds.fill;
    replaceRaster(
      this.map,
      LATEST_LAYER,
      LATEST_SOURCE,
      this.latestTiles ? { source: latestImagerySource(this.latestTiles), layer: latestImageryLayer(), before } : null,
    );
  }

  private applyPreview(): void {
    this.tileRetrier.reset();
    const preview = this.preview;
    replaceRaster(
      this.map,
      PREVIEW_LAYER,
      PREVIEW_SOURCE,
      preview && {
        source: previewSource(preview),
        layer: {
          ...previewLayer(preview),
          layout: { visibility: preview.visible && !this.compare ? 'visible' : 'none' },
        },
        before: footprintLayerIds.fill,
      },
    );
  }

  private reloadCompareSide(side: 'a' | 'b'): void {
    const source = this.ready ? this.map.getSource<maplibregl.RasterTileSource>(compareSourceId(side)) : undefined;
    if (source && this.compare) source.setTiles([this.compare[side].tiles]);
  }

  /** A under B on the main map; the preview hidden meanwhile. */
  private applyCompare(): void {
    if (this.map.getLayer(PREVIEW_LAYER))
      this.map.setLayoutProperty(
        PREVIEW_LAYER,
        'visibility',
        this.preview?.visible && !this.compare ? 'visible' : 'none',
      );
    const spec = this.compare;
    // Over the app's own layers (which the swipe's second map does not have), so both sides look alike; under the
    // labels.
    const before = firstLabelLayer(this.map);
    for (const side of ['a', 'b'] as const) {
      this.compareRetriers[side].reset();
      const layer =
        side === 'a'
          ? compareLayer('a', 1, true)
          : spec && compareLayer('b', mainMapOpacityOfB(spec), spec.mode === 'fade');
      replaceRaster(
        this.map,
        compareLayerId(side),
        compareSourceId(side),
        spec && layer ? { source: compareSource(spec[side]), layer, before } : null,
      );
    }
    this.applyCompareOverlay();
  }

  /** The swipe's second map: made when swiping starts, removed when fading or done. */
  private applyCompareOverlay(): void {
    const spec = this.compare;
    if (spec?.mode !== 'swipe') {
      this.compareOverlay?.destroy();
      this.compareOverlay = null;
      return;
    }
    this.compareOverlay ??= new CompareOverlay(this.map, spec.b, {
      style: this.style,
      transformRequest: (url, resourceType) => (resourceType === 'Tile' ? this.authorizeTile(url) : undefined),
      onUnauthorized: () => this.emit('previewUnauthorized', undefined),
    });
    this.compareOverlay.showSide(spec.b);
    this.compareOverlay.setSwipe(spec.swipe);
  }
}
