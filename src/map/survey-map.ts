import type * as maplibregl from 'maplibre-gl';
import type { AreaGeometry } from '../area/area-geometry.ts';
import type { AreaTool } from './area-drawing.ts';
import { AreaDrawing } from './area-drawing.ts';
import { createMap, type SurveyMapOptions } from './create-map.ts';
import { AreaSearchOverlay, type TileGridCollection } from './area-search-map.ts';
import { repaintBasemap } from './basemap-style.ts';
import { CameraSync } from './camera-sync.ts';
import type { CaptureSpec } from './capture-layer.ts';
import type { CompareSpec } from './compare-layers.ts';
import { FeatureSources } from './feature-sources.ts';
import { renderGrid } from './grid-image.ts';
import { type GeoJsonOverlaySpec, GeoJsonSlot } from './geojson-slot.ts';
import { type FootprintCollection, Footprints } from './catalog-footprints.ts';
import { idleAfterMissingTiles } from './idle-after-missing-tiles.ts';
import { ImageryLayers } from './imagery-layers.ts';
import { installLayerSlots, installOverlaySlots, LAYER_SLOTS } from './layer-order.ts';
import { Emitter, type SurveyMapEvents } from './map-events.ts';
import { PanelSlot } from './panel-slot.ts';
import {
  composeMapImage,
  type FailedTile,
  type ImageScale,
  type MapRender,
  type MapRenderOptions,
  OffscreenMap,
  type OffscreenMapOptions,
  renderMap,
} from './map-image.ts';
import { MapCamera } from './map-camera.ts';
import { featureOverlaySources, overlaysIn, type PrintOverlay } from './print-style.ts';
import { listenToPointer, type MapTool } from './pointer-events.ts';
import type { PreviewSpec } from './preview-layer.ts';
import { RasterSlot } from './raster-slot.ts';
import { TIMELAPSE_LAYER, TIMELAPSE_SOURCE, type TimelapseFrameSpec, timelapseRaster } from './timelapse-layer.ts';
import { SyncedMap } from './synced-map.ts';

export type { FootprintCollection } from './catalog-footprints.ts';
export type { TileGridCollection } from './area-search-map.ts';
export type { SurveyMapEvents } from './map-events.ts';
export type { MapView } from './map-camera.ts';
export type { TimelapseFrameSpec } from './timelapse-layer.ts';

/** Timelapse frames drawn off-screen, one after another, from one copy of the map (see `frameRenderer`). */
export interface FrameRenderer {
  /** The copy's canvas once `spec`'s frame is drawn (tiles that failed twice listed). */
  draw(spec: TimelapseFrameSpec, signal?: AbortSignal): Promise<{ canvas: HTMLCanvasElement; failed: FailedTile[] }>;
  attributions(): string[];
  /** CSS size of the copy and its pixel ratio. */
  cssWidth: number;
  cssHeight: number;
  remove(): void;
}

/** Adds credentials to a tile request at the moment MapLibre makes it. */
export type TileAuthorizer = (url: string) => { url: string; headers?: Record<string, string> } | undefined;

export type { SurveyMapOptions } from './create-map.ts';

/**
 * The map and everything drawn on it, composed of layer modules (imagery, footprints, area search,
 * drawing). Components talk to it only through these task-level methods; each module keeps the wanted
 * state and applies it whenever the style is ready.
 */
export class SurveyMap {
  readonly map: maplibregl.Map;
  /** Where the map looks and when it moves. */
  readonly camera: MapCamera;
  private ready = false;
  private authorizeTile: TileAuthorizer = () => undefined;
  /** The basemap asked for while the style was loading. */
  private repaintTo: maplibregl.StyleSpecification | null = null;
  /** The basemap further maps are made with. */
  private style: maplibregl.StyleSpecification | string;
  /** The maps side by side with this one, moving with it. */
  private readonly synced = new Set<SyncedMap>();
  private readonly cameras = new CameraSync();
  private readonly events = new Emitter<SurveyMapEvents>();
  private readonly layersSlot = new PanelSlot('map-layers-slot');
  private readonly imagery: ImageryLayers;
  private readonly footprints: Footprints;
  private readonly areaSearch: AreaSearchOverlay;
  private readonly drawing: AreaDrawing;
  /** The features' GeoJSON overlays (overlay()), by their spec. */
  private readonly overlays = new Map<GeoJsonOverlaySpec, GeoJsonSlot>();
  /** Sources whose marks a swipe's second map draws too. */
  private readonly mirrored: string[] = [];
  /** Tools that take the map's clicks while active (measuring): an area tool started stops them. */
  private readonly tools = new Set<MapTool>();
  private readonly showPointerOver: (layers: readonly string[]) => void;
  private readonly onOnline = () => {
    this.imagery.networkRestored();
    for (const pane of this.synced) pane.networkRestored();
  };
  private readonly stopIdleWatch: () => void;
  /** Every tile the map asks for: counted (usage) and authorized. */
  private readonly requestTile: maplibregl.RequestTransformFunction = (url, resourceType) => {
    if (resourceType !== 'Tile') return undefined;
    this.events.emit('tileRequested', url);
    return this.authorizeTile(url);
  };

  constructor(container: HTMLElement, options: SurveyMapOptions) {
    this.map = createMap(container, options);
    this.camera = new MapCamera(this.map);
    const { style } = options;
    this.style = style;
    this.cameras.add(this.map);
    this.map.setTransformRequest(this.requestTile);
    this.stopIdleWatch = idleAfterMissingTiles(this.map);
    const emit = this.events.emit.bind(this.events);
    const sources = new FeatureSources(this.map);
    this.imagery = new ImageryLayers(this.map, {
      style,
      transformRequest: (url, resourceType) => (resourceType === 'Tile' ? this.authorizeTile(url) : undefined),
      onUnauthorized: () => emit('previewUnauthorized', undefined),
      mirrored: this.mirrored,
    });
    this.footprints = new Footprints(this.map, sources);
    this.areaSearch = new AreaSearchOverlay(this.map, sources);
    this.drawing = new AreaDrawing(
      this.map,
      {
        onReady: () => emit('areaToolsReady', undefined),
        onAreaFinished: (area) => emit('areaFinished', area),
        onAreaDeleted: () => emit('areaDeleted', undefined),
        onAreaChanging: (shape) => emit('areaChanging', shape),
        onToolChange: (tool) => {
          if (tool !== 'static') {
            for (const other of this.tools) other.stop();
            this.map.getCanvas().style.cursor = '';
            this.areaSearch.hoverTile(null);
          }
          emit('areaToolChanged', tool);
        },
      },
      options.areaDrawTools,
    );
    this.map.addControl(this.layersSlot, 'bottom-right');
    // The app's sources and layers go in as soon as the style is parsed, not at 'load' (after the
    // basemap's first tiles are drawn): a linked survey's imagery then loads alongside the basemap.
    this.map.once('style.load', () => {
      this.ready = true;
      if (this.repaintTo) repaintBasemap(this.map, this.repaintTo);
      installLayerSlots(this.map);
      this.footprints.install();
      this.areaSearch.install();
      this.footprints.installHighlights();
      this.imagery.install();
      installOverlaySlots(this.map);
      for (const slot of this.overlays.values()) slot.install();
      this.drawing.install({ fill: LAYER_SLOTS.fills, outline: LAYER_SLOTS.lines });
    });
    window.addEventListener('online', this.onOnline);
    // Listening to errors also stops MapLibre from logging them, and their messages hold tile URLs
    // (which may carry an api_key). A 404 tile is normal; a 401 asks for a fresh token.
    this.map.on('error', (event) => this.imagery.tileFailed(event));
    this.showPointerOver = listenToPointer(this.map, {
      events: this.events,
      drawing: this.drawing,
      tools: () => this.tools,
      areaSearch: this.areaSearch,
      footprints: this.footprints,
      overlays: () => this.overlays.values(),
      isReady: () => this.ready,
    });
  }

  /**
   * A feature's GeoJSON overlay (the same handle for the same spec): its sources and layers go in under its place in
   * the overlays' order once there is something to draw.
   */
  overlay(spec: GeoJsonOverlaySpec): GeoJsonSlot {
    let slot = this.overlays.get(spec);
    if (!slot) {
      slot = new GeoJsonSlot(this.map, spec);
      this.overlays.set(spec, slot);
      if (spec.mirrored) this.mirrored.push(...slot.sourceIds);
      if (spec.pointerLayers) this.showPointerOver(spec.pointerLayers);
      if (this.ready) slot.install();
    }
    return slot;
  }

  on<K extends keyof SurveyMapEvents>(event: K, listener: (payload: SurveyMapEvents[K]) => void): () => void {
    return this.events.on(event, listener);
  }

  /** The map as shown (both sides of a swipe, and the attribution), drawn again off-screen at 1, 2 or 4× as a PNG. */
  renderImage = async (scale: ImageScale): Promise<Blob> =>
    composeMapImage(await this.renderForPrint({ pixelRatio: scale }), this.imagery.swipeFraction(), scale);
  /**
   * The map drawn off-screen for print; while a comparison is swiped, its right-hand side's map too (whole); while maps
   * are side by side (over this one), their grid as shown instead.
   */
  async renderForPrint(options: MapRenderOptions): Promise<MapRender[]> {
    const overlay = this.imagery.overlayMap();
    const { print } = options;
    const withFeatures = print ? { ...options, print: { ...print, features: this.featureOverlays() } } : options;
    if (this.synced.size > 0) return [await renderGrid([...this.synced], this.requestTile, withFeatures)];
    const main = await renderMap(this.map, this.requestTile, withFeatures);
    return overlay ? [main, await renderMap(overlay, this.requestTile, withFeatures)] : [main];
  }
  private featureOverlays = () => featureOverlaySources(this.overlays.values());
  /**
   * The map copied off-screen (same camera; `size` in CSS pixels) to draw timelapse frames one after another, each
   * frame's survey alone as `showTimelapseFrame` shows it; its tiles are counted and authorized as the map's are.
   */
  async frameRenderer(options: OffscreenMapOptions): Promise<FrameRenderer> {
    const copy = new OffscreenMap(this.map, this.requestTile, options);
    await new Promise<void>((resolve) =>
      copy.map.isStyleLoaded() ? resolve() : copy.map.once('style.load', () => resolve()),
    );
    const slot = new RasterSlot(copy.map, {
      sourceId: TIMELAPSE_SOURCE,
      layerId: TIMELAPSE_LAYER,
      below: () => [LAYER_SLOTS.imagery],
    });
    slot.install();
    return {
      draw: async (spec, signal) => {
        slot.show(timelapseRaster(spec));
        const failed = await copy.draw(signal);
        return { canvas: copy.canvas(), failed };
      },
      attributions: () => copy.attributions(),
      cssWidth: copy.cssWidth,
      cssHeight: copy.cssHeight,
      remove: () => {
        slot.destroy();
        copy.remove();
      },
    };
  }
  /** The overlays drawn now (footprints, area, tile grid…), each of which a print may leave out. */
  printOverlays = (): PrintOverlay[] => overlaysIn(this.map.getStyle(), this.featureOverlays());
  /** Where the layers-and-usage panel goes: the bottom-right corner, above the scale. */
  layersPanelContainer = (): HTMLElement => this.layersSlot.container;

  setTileAuthorizer(authorize: TileAuthorizer): void {
    this.authorizeTile = authorize;
  }

  /** The catalog's footprints; `dimmed` behind an area search's results. */
  showFootprints = (footprints: FootprintCollection, { dimmed = false } = {}): void =>
    this.footprints.show(footprints, dimmed);
  highlight = (surveyId: string | null): void => this.footprints.highlight(surveyId);
  select = (surveyId: string | null): void => this.footprints.select(surveyId);

  /** Shows or hides all survey footprints (the catalog's and the area search's), e.g. to see imagery unobstructed. */
  showFootprintLayers(shown: boolean): void {
    this.footprints.showLayers(shown);
    this.areaSearch.showFootprints(shown);
  }

  /** Footprints of the surveys an area search found (drawn apart from the catalog's). */
  showCoverage(footprints: FootprintCollection): void {
    if (this.areaSearch.showCoverage(footprints)) this.footprints.refreshHighlights();
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
  showUncovered = (part: AreaGeometry | null): void => this.areaSearch.showUncovered(part);
  /** One cell per tile of zoom `tileZoom`, coloured by the share of it that holds imagery. */
  showTileGrid = (tiles: TileGridCollection, tileZoom?: number): void => this.areaSearch.showTileGrid(tiles, tileZoom);
  selectTile = (key: string | null): void => this.areaSearch.selectTile(key);
  /** Whether the drawing tools are loaded. */
  areaToolsReady = (): boolean => this.drawing.isReady();
  getAreaTool = (): AreaTool => this.drawing.getTool();
  /** Starts a drawing tool, edit mode ('select'), or returns to plain map interaction ('static'). */
  startAreaTool = (tool: AreaTool): void => this.drawing.startTool(tool);
  /** Shows the area of interest (or none). Never reported back as a user's drawing. */
  setArea = (area: AreaGeometry | null): void => this.drawing.setArea(area);

  /** A tool that takes the map's clicks while active (a feature's, e.g. measuring); an area tool stops it. */
  addTool(tool: MapTool): void {
    this.tools.add(tool);
  }

  /** Shows one survey's imagery, or none. Opacity and visibility changes keep the loaded tiles. */
  showPreview = (spec: PreviewSpec | null): void => this.imagery.showPreview(spec);
  /** Draws an older capture of one tile over the preview (or none). */
  showCapture = (spec: CaptureSpec | null): void => this.imagery.showCapture(spec);
  /** Asks for all imagery's tiles again (preview, latest imagery, compared sides, side by side), e.g. after renewal. */
  reloadPreview = (): void => {
    this.imagery.reload();
    for (const pane of this.synced) pane.reload();
  };
  /** Compares two surveys (or stops, with null); the preview is hidden meanwhile. The divider and fade keep tiles. */
  showCompare = (spec: CompareSpec | null): void => this.imagery.showCompare(spec);
  /** The swipe's second map, while there is one (for tests and the divider's owner). */
  getCompareOverlayMap = (): maplibregl.Map | null => this.imagery.overlayMap();
  /** One timelapse frame: its survey's imagery alone (the other imagery hidden), or none to end the timelapse. */
  showTimelapseFrame = (spec: TimelapseFrameSpec | null): void => this.imagery.showTimelapseFrame(spec);
  /**
   * One more map in `container` (side by side), moving with this one both ways: its tiles are counted and authorized
   * as this map's, a refused one renews the credential, and the user's marks are drawn on it too. Destroy it when done.
   */
  addSyncedMap(container: HTMLElement): SyncedMap {
    const pane = new SyncedMap(container, {
      main: this.map,
      style: this.style,
      transformRequest: this.requestTile,
      onUnauthorized: () => this.events.emit('previewUnauthorized', undefined),
      mirrored: this.mirrored,
      onCursor: (at) => this.events.emit('cursorMoved', at),
      cameras: this.cameras,
      onDestroyed: (map) => {
        this.synced.delete(map);
        this.imagery.setCovered(this.synced.size > 0);
      },
    });
    this.synced.add(pane);
    this.imagery.setCovered(true);
    return pane;
  }
  /** The maps side by side, while there are any (for tests). */
  getSyncedMaps = (): maplibregl.Map[] => [...this.synced].map((pane) => pane.map);
  /** The most recent imagery everywhere (the `basemap` survey's tiles), under all else; null hides it. */
  showLatestImagery = (tiles: string | null): void => this.imagery.showLatest(tiles);

  /** The offline basemap in another theme (the same layers, other colours): the app's layers and imagery stay. */
  setBasemap(style: maplibregl.StyleSpecification): void {
    this.repaintTo = style;
    this.style = style;
    for (const pane of this.synced) pane.repaint(style);
    if (this.ready) repaintBasemap(this.map, style);
    this.imagery.repaintBasemap(style);
  }

  destroy(): void {
    this.events.clear();
    for (const pane of this.synced) pane.destroy();
    this.stopIdleWatch();
    this.imagery.destroy();
    window.removeEventListener('online', this.onOnline);
    this.drawing.destroy();
    this.map.remove();
  }
}
