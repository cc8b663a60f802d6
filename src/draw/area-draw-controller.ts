import type { Map as MapLibreMap } from 'maplibre-gl';
import { TerraDraw, type TerraDrawEventListeners } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { AreaGeometry } from '../area/area-geometry.ts';
import { areaFromSnapshot, areaToDrawFeatures } from './area-features.ts';
import { createAreaModes, DRAW_MODE_NAMES, type DrawModeName } from './draw-modes.ts';
import { ReadOnlyAreaLayer } from './read-only-area-layer.ts';

type FeatureId = Parameters<TerraDrawEventListeners['finish']>[0];

/** 'static' shows the area without interaction: the map behaves as usual. */
export type AreaTool = DrawModeName | 'select' | 'static';

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
}

const LAYER_PREFIX = 'area-draw';

/** The lowest of terra-draw's layers: add layers before it to keep them under the area. */
export const AREA_DRAW_LOWEST_LAYER_ID = `${LAYER_PREFIX}-polygon`;

const isDrawMode = (mode: string): mode is DrawModeName => (DRAW_MODE_NAMES as readonly string[]).includes(mode);

/**
 * The one area of interest on a map, drawn and edited with terra-draw. Create it once the map's
 * style has loaded; call destroy() before the map is removed. A finished drawing replaces the
 * previous area.
 */
export class AreaDrawController {
  private readonly draw: TerraDraw;
  private readonly callbacks: AreaDrawCallbacks;
  private readonly adapter: TerraDrawMapLibreGLAdapter<MapLibreMap>;
  private readonly readOnlyLayer: ReadOnlyAreaLayer;
  /** terra-draw features that make up the area (guidance points and shapes being drawn are not). */
  private readonly areaIds = new Set<FeatureId>();
  /** An area with holes: shown by readOnlyLayer because terra-draw cannot hold it. */
  private readOnlyArea: AreaGeometry | null = null;
  /** Set while the controller itself changes terra-draw's store, whose events are then not the user's. */
  private applying = false;
  private destroyed = false;

  constructor(map: MapLibreMap, callbacks: AreaDrawCallbacks, options: AreaDrawOptions = {}) {
    this.callbacks = callbacks;
    this.adapter = new TerraDrawMapLibreGLAdapter({
      map,
      prefixId: LAYER_PREFIX,
      renderBelowLayerId: options.renderBelowLayerId,
      ignoreMismatchedPointerEvents: true,
    });
    this.draw = new TerraDraw({ adapter: this.adapter, modes: createAreaModes() });
    this.readOnlyLayer = new ReadOnlyAreaLayer(map, options.renderBelowLayerId);
    this.draw.start();
    this.draw.on('finish', this.handleFinish);
    this.draw.on('change', this.handleChange);
  }

  startPolygon(): void {
    this.setTool('polygon');
  }

  startRectangle(): void {
    this.setTool('rectangle');
  }

  startCircle(): void {
    this.setTool('circle');
  }

  startFreehand(): void {
    this.setTool('freehand');
  }

  /** Edit mode: the area is selected so its vertices can be dragged; Delete removes it. */
  startSelect(): void {
    this.setTool('select');
    const [first] = this.areaIds;
    if (first !== undefined) this.draw.selectFeature(first);
  }

  /** Back to plain map interaction, dropping a shape that is half drawn. */
  stopDrawing(): void {
    this.setTool('static');
  }

  getTool(): AreaTool {
    return this.draw.getMode() as AreaTool;
  }

  /** True while a draw tool is active: map clicks then belong to the drawing, not to other layers. */
  isDrawing(): boolean {
    return isDrawMode(this.draw.getMode());
  }

  getArea(): AreaGeometry | null {
    if (this.readOnlyArea) return this.readOnlyArea;
    return areaFromSnapshot(this.draw.getSnapshot().filter((f) => f.id !== undefined && this.areaIds.has(f.id)));
  }

  /** Shows an area (imported, pasted, restored, or the prepared version of a drawn one) without calling back. */
  setArea(area: AreaGeometry | null): void {
    if (this.destroyed) return;
    this.applying = true;
    try {
      if (this.isDrawing()) this.setTool('static');
      this.draw.clear();
      this.areaIds.clear();
      this.readOnlyArea = area && !this.addToDraw(area) ? area : null;
      this.readOnlyLayer.show(this.readOnlyArea);
      const [first] = this.areaIds;
      if (this.draw.getMode() === 'select' && first !== undefined) this.draw.selectFeature(first);
    } finally {
      this.applying = false;
    }
  }

  clear(): void {
    this.setArea(null);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.draw.off('finish', this.handleFinish);
    this.draw.off('change', this.handleChange);
    this.draw.stop();
    this.readOnlyLayer.remove();
  }

  private setTool(tool: AreaTool): void {
    if (this.destroyed || this.draw.getMode() === tool) return;
    this.draw.setMode(tool);
    this.callbacks.onToolChange?.(tool);
  }

  /** Adds the area's polygons to terra-draw; false (and nothing added) when it cannot hold them. */
  private addToDraw(area: AreaGeometry): boolean {
    const features = areaToDrawFeatures(area, this.adapter.getCoordinatePrecision());
    if (!features) return false;
    const results = this.draw.addFeatures(features);
    const added = results.flatMap((r) => (r.valid && r.id !== undefined ? [r.id] : []));
    if (added.length < features.length) {
      this.draw.removeFeatures(added);
      return false;
    }
    for (const id of added) this.areaIds.add(id);
    return true;
  }

  private reportChanging(ids: FeatureId[]): void {
    const { onAreaChanging } = this.callbacks;
    if (!onAreaChanging) return;
    if (this.isDrawing()) {
      const drawing = ids
        .map((id) => this.draw.getSnapshotFeature(id))
        .find((f) => f?.geometry.type === 'Polygon' && f.properties.currentlyDrawing);
      if (drawing) onAreaChanging({ type: 'Polygon', coordinates: (drawing.geometry as { coordinates: number[][][] }).coordinates });
    } else if (this.draw.getMode() === 'select' && ids.some((id) => this.areaIds.has(id))) {
      const area = this.getArea();
      if (area) onAreaChanging(area);
    }
  }

  // terra-draw emits 'finish' from inside its own pointer handling; changing modes or features
  // there would cut it short, so the work waits for a microtask.
  private readonly handleFinish: TerraDrawEventListeners['finish'] = (id, context) => {
    queueMicrotask(() => {
      if (this.destroyed) return;
      if (context.action === 'draw') this.replaceAreaWith(id);
      const area = this.getArea();
      if (area) this.callbacks.onAreaFinished(area);
    });
  };

  private replaceAreaWith(id: FeatureId): void {
    this.applying = true;
    try {
      this.draw.removeFeatures([...this.areaIds].filter((other) => other !== id && this.draw.hasFeature(other)));
      this.areaIds.clear();
      this.areaIds.add(id);
      this.readOnlyArea = null;
      this.readOnlyLayer.show(null);
    } finally {
      this.applying = false;
    }
    this.setTool('static');
  }

  private readonly handleChange: TerraDrawEventListeners['change'] = (ids, type, context) => {
    if (this.applying || (context && 'origin' in context)) return;
    if (type !== 'delete') {
      this.reportChanging(ids);
      return;
    }
    const deleted = ids.filter((id) => this.areaIds.has(id));
    if (deleted.length === 0) return;
    for (const id of deleted) this.areaIds.delete(id);
    queueMicrotask(() => {
      if (this.destroyed) return;
      const area = this.getArea();
      if (area) this.callbacks.onAreaFinished(area);
      else this.callbacks.onAreaDeleted?.();
    });
  };
}
