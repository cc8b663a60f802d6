import type * as maplibregl from 'maplibre-gl';
import { AreaDrawing, type AreaDrawingOptions, type AreaTools } from './area-drawing.ts';
import { repaintBasemap } from './basemap-style.ts';
import { CameraSync } from './camera-sync.ts';
import { createMap, type SurveyMapOptions } from './create-map.ts';
import { type GeoJsonOverlaySpec, GeoJsonSlot } from './geojson-slot.ts';
import { idleAfterMissingTiles } from './idle-after-missing-tiles.ts';
import { BAND_MARKERS, LayerOrder } from './layer-order.ts';
import { LinkedMap, type LinkedMapPlace } from './linked-map.ts';
import { MapCamera } from './map-camera.ts';
import { Emitter, type SurveyMapEvents } from './map-events.ts';
import { MapImagery } from './map-imagery.ts';
import { MapRenderer } from './map-render.ts';
import { PanelSlot } from './panel-slot.ts';
import { listenToPointer, type MapTool } from './pointer-events.ts';
import type { PrintLabel } from './print-style.ts';
import type { ImagerySpec, RasterSlot } from './raster-slot.ts';
import { TileRequests } from './tile-requests.ts';
import { ToolPointer } from './tool-pointer.ts';

export type { SurveyMapOptions } from './create-map.ts';

/** The page's MapLibre maps (for tests): its own, the one over it while there is one, and those beside it. */
export interface ShownMaps {
  main: maplibregl.Map;
  over: maplibregl.Map | null;
  beside: maplibregl.Map[];
}

/**
 * The map, created once, and everything drawn on it: features reach it only through its slots — a GeoJSON overlay
 * (`overlay`), imagery (`imagery`), a tool (`addTool`) — whose specs carry their own place, print label and
 * credentials, so that it names no feature. Each slot keeps the wanted state and applies it whenever the style is
 * ready.
 */
export class SurveyMap {
  /** Where the map looks and when it moves. */
  readonly camera: MapCamera;
  /** The area of interest and the tools that draw it. */
  readonly drawing: AreaTools;
  /** The map drawn again off-screen: an image, a print, frames. */
  readonly render: MapRenderer;
  private readonly map: maplibregl.Map;
  private ready = false;
  /** The basemap asked for while the style was loading. */
  private repaintTo: maplibregl.StyleSpecification | null = null;
  /** The basemap further maps are made with. */
  private style: maplibregl.StyleSpecification | string;
  private readonly linked = new Set<LinkedMap>();
  private readonly cameras = new CameraSync();
  private readonly events = new Emitter<SurveyMapEvents>();
  private readonly panels = new Map<string, PanelSlot>();
  private readonly order: LayerOrder;
  private readonly requests: TileRequests;
  private readonly rasters: MapImagery;
  private readonly areaDrawing: AreaDrawing;
  private readonly areaPrint: AreaDrawingOptions['print'];
  /** The features' GeoJSON overlays (overlay()), by their spec. */
  private readonly overlays = new Map<GeoJsonOverlaySpec, GeoJsonSlot>();
  /** Sources whose marks the maps over and beside this one draw too. */
  private readonly mirrored: string[] = [];
  /** Tools that take the map's clicks while active (measuring): an area tool started stops them. */
  private readonly tools = new Set<MapTool>();
  private readonly listenTo: (slot: GeoJsonSlot) => void;
  private readonly onOnline = () => {
    this.rasters.networkRestored();
    for (const map of this.linked) map.networkRestored();
  };
  private readonly stopIdleWatch: () => void;

  constructor(container: HTMLElement, options: SurveyMapOptions) {
    this.map = createMap(container, options);
    this.camera = new MapCamera(this.map);
    this.style = options.style;
    this.cameras.add(this.map);
    this.order = new LayerOrder(this.map);
    this.requests = new TileRequests(
      (url) => this.events.emit('tileRequested', url),
      () => {
        this.rasters.reload();
        for (const map of this.linked) map.reload();
      },
    );
    this.map.setTransformRequest(this.requests.transform);
    this.stopIdleWatch = idleAfterMissingTiles(this.map);
    this.rasters = new MapImagery(this.map, this.order, this.requests);
    this.areaPrint = options.areaDrawing.print;
    this.areaDrawing = this.makeAreaDrawing(options.areaDrawing);
    this.drawing = this.areaDrawing;
    this.render = new MapRenderer({
      main: this.map,
      transformRequest: this.requests.transform,
      over: () => [...this.linked].filter((map) => map.clippedAt !== null),
      beside: () => this.besideMaps(),
      labelOf: (source) => this.labelOf(source),
      slotAdded: (slot) => this.requests.add(slot),
    });
    // The app's sources and layers go in as soon as the style is parsed, not at 'load' (after the
    // basemap's first tiles are drawn): a linked survey's imagery then loads alongside the basemap.
    this.map.once('style.load', () => {
      this.ready = true;
      if (this.repaintTo) repaintBasemap(this.map, this.repaintTo);
      this.order.install();
      this.rasters.install();
      for (const slot of this.overlays.values()) slot.install();
      this.areaDrawing.install({ fill: BAND_MARKERS.fills, outline: BAND_MARKERS.lines });
    });
    window.addEventListener('online', this.onOnline);
    // Listening to errors also stops MapLibre from logging them, and their messages hold tile URLs
    // (which may carry an api_key). A 404 tile is normal; a 401 asks for a fresh credential.
    this.map.on('error', (event) => this.rasters.tileFailed(event));
    this.listenTo = listenToPointer(this.map, {
      events: this.events,
      drawing: this.areaDrawing,
      tools: () => this.tools,
      overlays: () => this.overlays.values(),
      isReady: () => this.ready,
    });
  }

  /**
   * A feature's GeoJSON overlay (the same handle for the same spec): its sources and layers go in at their place once
   * there is something to draw.
   */
  overlay(spec: GeoJsonOverlaySpec): GeoJsonSlot {
    let slot = this.overlays.get(spec);
    if (!slot) {
      slot = new GeoJsonSlot(this.map, spec, this.order);
      this.overlays.set(spec, slot);
      if (spec.mirrored) this.mirrored.push(...slot.sourceIds);
      this.listenTo(slot);
      if (this.ready) slot.install();
    }
    return slot;
  }

  /** A feature's imagery (the same handle for the same source id): a raster source and layer at its place. */
  imagery(spec: ImagerySpec): RasterSlot {
    return this.rasters.slot(spec);
  }

  /**
   * A tool that takes the map's clicks while active (a feature's, e.g. measuring); an area tool stops it. Returns the
   * pointer it works with.
   */
  addTool(tool: MapTool): ToolPointer {
    this.tools.add(tool);
    return new ToolPointer(this.map);
  }

  /**
   * One more map, beside this one or over it (linked-map.ts): its tiles are counted and authorized as this map's, a
   * refused one renews the credential, and the user's marks are drawn on it too. Destroy it when done. While maps are
   * beside it, this map's imagery is hidden.
   */
  addMap(place: LinkedMapPlace): LinkedMap {
    const map = new LinkedMap(place, {
      main: this.map,
      style: this.style,
      transformRequest: this.requests.transform,
      slotAdded: (slot) => this.requests.add(slot),
      refused: (slot) => this.requests.refused(slot),
      mirrored: this.mirrored,
      onCursor: (at) => this.events.emit('cursorMoved', at),
      cameras: this.cameras,
      onDestroyed: (gone) => {
        this.linked.delete(gone);
        this.rasters.setCovered(this.besideMaps().length > 0);
      },
    });
    this.linked.add(map);
    if ('beside' in place) this.rasters.setCovered(true);
    return map;
  }

  on<K extends keyof SurveyMapEvents>(event: K, listener: (payload: SurveyMapEvents[K]) => void): () => void {
    return this.events.on(event, listener);
  }

  /** A place in the bottom-right corner, above the scale, for a feature's panel (the same one for the same name). */
  panel(className: string): HTMLElement {
    let panel = this.panels.get(className);
    if (!panel) {
      panel = new PanelSlot(className);
      this.panels.set(className, panel);
      this.map.addControl(panel, 'bottom-right');
    }
    return panel.container;
  }

  /** The offline basemap in another theme (the same layers, other colours): the app's layers and imagery stay. */
  setBasemap(style: maplibregl.StyleSpecification): void {
    this.repaintTo = style;
    this.style = style;
    for (const map of this.linked) map.repaint(style);
    if (this.ready) repaintBasemap(this.map, style);
  }

  /** The MapLibre maps on the page (for tests). */
  maps(): ShownMaps {
    const over = [...this.linked].find((map) => map.clippedAt !== null);
    return { main: this.map, over: over?.map ?? null, beside: this.besideMaps().map((map) => map.map) };
  }

  destroy(): void {
    this.events.clear();
    for (const map of this.linked) map.destroy();
    this.stopIdleWatch();
    this.rasters.destroy();
    window.removeEventListener('online', this.onOnline);
    this.areaDrawing.destroy();
    this.map.remove();
  }

  private besideMaps = () => [...this.linked].filter((map) => map.clippedAt === null);

  /** How a print names a source's marks: its slot's label, or the area's. */
  private labelOf(sourceId: string): PrintLabel | undefined {
    for (const slot of this.overlays.values()) if (slot.sourceIds.includes(sourceId)) return slot.spec.print;
    if (this.areaPrint.drawsFrom(sourceId)) return this.areaPrint;
    return this.rasters.labelOf(sourceId);
  }

  private makeAreaDrawing({ tools }: AreaDrawingOptions): AreaDrawing {
    const emit = this.events.emit.bind(this.events);
    return new AreaDrawing(
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
            for (const slot of this.overlays.values()) slot.hovered(null, null);
          }
          emit('areaToolChanged', tool);
        },
      },
      tools,
    );
  }
}
