import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import type { AreaGeometry } from '../area/area-geometry.ts';
import type { PrintLabel } from './print-style.ts';

/** Modes that draw an area; each names the drawn feature's `mode` property. */
export const AREA_DRAW_MODES = ['polygon', 'rectangle', 'circle', 'freehand'] as const;
export type AreaDrawMode = (typeof AREA_DRAW_MODES)[number];
/** 'static' shows the area without interaction: the map behaves as usual. */
export type AreaTool = AreaDrawMode | 'select' | 'static';

export interface AreaDrawCallbacks {
  /** A drawing or an edit of the area was finished; gets the whole area. Not called for setArea() or clear(). */
  onAreaFinished: (area: AreaGeometry) => void;
  /** The user deleted the area (Delete key in select mode). */
  onAreaDeleted?: () => void;
  /** The tool changed, including the return to 'static' after a drawing is finished. */
  onToolChange?: (tool: AreaTool) => void;
  /**
   * The shape being drawn, or the area while a vertex is dragged, on every pointer move: for a live
   * read-out (e.g. km²). Not the area yet: that is only what onAreaFinished reports.
   */
  onAreaChanging?: (shape: AreaGeometry) => void;
}

export interface AreaDrawOptions {
  /** Draw the area below this layer (e.g. the first label layer); on top by default. */
  renderBelowLayerId?: string;
  /** Draw the area's fill below this layer instead (e.g. under imagery, which no fill may tint). */
  fillBelowLayerId?: string;
}

/** The tools that draw and edit the area (the area search's, with terra-draw), as the map uses them. */
export interface AreaDrawTools {
  startPolygon(): void;
  startRectangle(): void;
  startCircle(): void;
  startFreehand(): void;
  startSelect(): void;
  stopDrawing(): void;
  setArea(area: AreaGeometry | null): void;
  destroy(): void;
}

/** Loads the drawing tools' code (kept out of the first screen's): the feature that owns them hands it to the map. */
export type AreaDrawToolsLoader = () => Promise<
  new (
    map: MapLibreMap,
    callbacks: AreaDrawCallbacks,
    options: AreaDrawOptions,
  ) => AreaDrawTools
>;

/** The area drawing a map is made with: its tools, and how a print names the area (and which sources draw it). */
export interface AreaDrawingOptions {
  tools: AreaDrawToolsLoader;
  print: PrintLabel & { drawsFrom(sourceId: string): boolean };
}

/** What features use of the area drawing (`surveyMap.drawing`). */
export interface AreaTools {
  /** Whether the drawing tools are loaded. */
  isReady(): boolean;
  getTool(): AreaTool;
  /** Starts a drawing tool, edit mode ('select'), or returns to plain map interaction ('static'). */
  startTool(tool: AreaTool): void;
  /** Shows the area of interest (or none). Never reported back as a user's drawing. */
  setArea(area: AreaGeometry | null): void;
}

export interface AreaDrawingCallbacks extends Required<AreaDrawCallbacks> {
  /** The drawing tools are loaded and can be used. */
  onReady(): void;
}

/** When the map is still busy this long after its style is ready, the drawing tools load anyway. */
const LOAD_BY_MS = 3_000;

/**
 * The area of interest on the map and the tools that draw it. terra-draw (its sources and layers with it) is loaded
 * once the map has drawn its first view, or as soon as the style is ready when there is an area to show: a map
 * opened on a survey does not wait on the drawing tools. Until then the area is kept and the tools report not ready.
 */
export class AreaDrawing implements AreaTools {
  private controller: AreaDrawTools | null = null;
  private below: { fill: string; outline: string } | null = null;
  private loading: Promise<void> | null = null;
  private loadTimer: ReturnType<typeof setTimeout> | undefined;
  private area: AreaGeometry | null = null;
  private tool: AreaTool = 'static';
  private destroyed = false;
  /** Set when a tool stops (a drawing closed by a click ends with that click's map event still to come). */
  private toolJustStopped = false;
  private readonly pointerDown = () => {
    this.toolJustStopped = false;
  };
  /** A drawing closed by a double click: its second click ends it, and the double click does not zoom the map too. */
  private readonly click = (event: MapMouseEvent) => {
    if (this.toolJustStopped && event.originalEvent.detail > 1)
      this.map.once('dblclick', (dbl) => dbl.preventDefault());
  };

  constructor(
    private readonly map: MapLibreMap,
    private readonly callbacks: AreaDrawingCallbacks,
    private readonly loadTools: AreaDrawToolsLoader,
  ) {
    map.getCanvasContainer().addEventListener('pointerdown', this.pointerDown, true);
    map.on('click', this.click);
  }

  /** The style is ready: the area will go under `below.outline`, its fill under `below.fill`. */
  install(below: { fill: string; outline: string }): void {
    this.below = below;
    if (this.area) {
      this.load();
      return;
    }
    this.map.once('idle', this.load);
    this.loadTimer = setTimeout(this.load, LOAD_BY_MS);
  }

  /** Without the drawing code (e.g. a new deployment replaced it), the area tools just stay disabled. */
  private readonly load = (): void => {
    clearTimeout(this.loadTimer);
    this.map.off('idle', this.load);
    this.loading ??= this.loadController().catch(() => undefined);
  };

  private async loadController(): Promise<void> {
    const below = this.below!;
    const Tools = await this.loadTools();
    if (this.destroyed) return;
    this.controller = new Tools(
      this.map,
      {
        ...this.callbacks,
        onToolChange: (tool) => {
          this.toolJustStopped = this.tool !== 'static' && tool === 'static';
          this.tool = tool;
          this.callbacks.onToolChange(tool);
        },
      },
      { renderBelowLayerId: below.outline, fillBelowLayerId: below.fill },
    );
    this.controller.setArea(this.area);
    this.callbacks.onReady();
  }

  isReady(): boolean {
    return this.controller !== null;
  }

  getTool(): AreaTool {
    return this.tool;
  }

  /** While a drawing or editing tool is active, the pointer belongs to the area, not to other layers. */
  isActive(): boolean {
    return this.tool !== 'static';
  }

  /**
   * Whether a map click belongs to the area: made while a tool is active, or the click that closed a drawing
   * (terra-draw finishes on pointer up, before the click reaches the map), which must not select surveys.
   */
  ownsClick(): boolean {
    return this.isActive() || this.toolJustStopped;
  }

  /** Starts a drawing tool, edit mode ('select'), or returns to plain map interaction ('static'). */
  startTool(tool: AreaTool): void {
    const draw = this.controller;
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
    if (this.controller) this.controller.setArea(area);
    else if (area && this.below) this.load();
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.loadTimer);
    this.map.off('idle', this.load);
    this.map.getCanvasContainer().removeEventListener('pointerdown', this.pointerDown, true);
    this.map.off('click', this.click);
    this.controller?.destroy();
    this.controller = null;
  }
}
