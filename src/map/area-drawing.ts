import type { Map as MapLibreMap } from 'maplibre-gl';
import type { AreaGeometry } from '../area/area-geometry.ts';
import type { AreaDrawCallbacks, AreaDrawController, AreaTool } from '../draw/area-draw-controller.ts';

export interface AreaDrawingCallbacks extends Required<AreaDrawCallbacks> {
  /** The drawing tools are loaded and can be used. */
  onReady(): void;
}

/**
 * The area of interest on the map and the tools that draw it. terra-draw is loaded on demand, once the
 * style is ready (after first paint); until then the area is kept and the tools report not ready.
 */
export class AreaDrawing {
  private controller: AreaDrawController | null = null;
  private area: AreaGeometry | null = null;
  private tool: AreaTool = 'static';
  private destroyed = false;
  /** Set when a tool stops (a drawing closed by a click ends with that click's map event still to come). */
  private toolJustStopped = false;
  private readonly pointerDown = () => {
    this.toolJustStopped = false;
  };

  constructor(
    private readonly map: MapLibreMap,
    private readonly callbacks: AreaDrawingCallbacks,
  ) {
    map.getCanvasContainer().addEventListener('pointerdown', this.pointerDown, true);
  }

  /** Loads terra-draw; the area goes under `below.outline`, its fill under `below.fill`. */
  async install(below: { fill: string; outline: string }): Promise<void> {
    const { AreaDrawController } = await import('../draw/area-draw-controller.ts');
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
    this.controller?.setArea(area);
  }

  destroy(): void {
    this.destroyed = true;
    this.map.getCanvasContainer().removeEventListener('pointerdown', this.pointerDown, true);
    this.controller?.destroy();
    this.controller = null;
  }
}
