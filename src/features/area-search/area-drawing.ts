import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import type { AreaGeometry } from '../../area/area-geometry.ts';
import type { AreaDrawCallbacks, AreaDrawController, AreaTool } from './area-draw-controller.ts';

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
export class AreaDrawing {
  private controller: AreaDrawController | null = null;
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
    const { AreaDrawController } = await import('./area-draw-controller.ts');
    if (this.destroyed) return;
    this.controller = new AreaDrawController(
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
