import type { Map as MapLibreMap } from 'maplibre-gl';
import { TerraDraw, type TerraDrawEventListeners } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import { areaFromSnapshot, areaToDrawFeatures } from './area-features.ts';
import { createAreaModes } from './draw-modes.ts';
import { AreaLayer } from './area-layer.ts';
import {
  AREA_DRAW_MODES,
  type AreaDrawCallbacks,
  type AreaDrawMode,
  type AreaDrawOptions,
  type AreaDrawTools,
  type AreaTool,
} from '../../map/area-drawing.ts';
import { AREA_DRAW_PREFIX } from './area-sources.ts';

type FeatureId = Parameters<TerraDrawEventListeners['finish']>[0];

const LAYER_PREFIX = AREA_DRAW_PREFIX;

/** The lowest of terra-draw's layers: add layers before it to keep them under the area. */
export const AREA_DRAW_LOWEST_LAYER_ID = `${LAYER_PREFIX}-polygon`;

const isDrawMode = (mode: string): mode is AreaDrawMode => (AREA_DRAW_MODES as readonly string[]).includes(mode);

/**
 * The one area of interest on a map, drawn and edited with terra-draw. Create it once the map's
 * style has loaded; call destroy() before the map is removed. A finished drawing replaces the
 * previous area. terra-draw holds the area only while it is edited (select mode); otherwise the
 * area layer shows it.
 */
export class AreaDrawController implements AreaDrawTools {
  private readonly draw: TerraDraw;
  private readonly callbacks: AreaDrawCallbacks;
  private readonly adapter: TerraDrawMapLibreGLAdapter<MapLibreMap>;
  private readonly areaLayer: AreaLayer;
  /** terra-draw features that make up the area while it is edited (guidance points and shapes being drawn are not). */
  private readonly areaIds = new Set<FeatureId>();
  /** The area, while terra-draw does not hold it. */
  private area: AreaGeometry | null = null;
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
    this.areaLayer = new AreaLayer(map, {
      fill: options.fillBelowLayerId ?? options.renderBelowLayerId,
      outline: options.renderBelowLayerId,
    });
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
    if (this.areaIds.size === 0) return this.area;
    return areaFromSnapshot(this.draw.getSnapshot().filter((f) => f.id !== undefined && this.areaIds.has(f.id)));
  }

  /** Shows an area (imported, pasted, restored, or the prepared version of a drawn one) without calling back. */
  setArea(area: AreaGeometry | null): void {
    if (this.destroyed) return;
    this.quietly(() => {
      if (this.isDrawing()) this.setTool('static');
      this.draw.clear();
      this.areaIds.clear();
      this.area = area;
      if (this.draw.getMode() === 'select') this.holdForEditing();
      else this.areaLayer.show(area);
    });
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
    this.areaLayer.remove();
  }

  private setTool(tool: AreaTool): void {
    if (this.destroyed || this.draw.getMode() === tool) return;
    if (this.draw.getMode() === 'select') this.releaseFromEditing();
    this.draw.setMode(tool);
    if (tool === 'select') this.holdForEditing();
    this.callbacks.onToolChange?.(tool);
  }

  /** Changes terra-draw's store without reporting the changes as the user's. */
  private quietly(work: () => void): void {
    const outer = this.applying;
    this.applying = true;
    try {
      work();
    } finally {
      this.applying = outer;
    }
  }

  /**
   * Hands the area to terra-draw, selected, so that its vertices can be dragged; an area it cannot hold stays shown,
   * not editable.
   */
  private holdForEditing(): void {
    this.quietly(() => {
      const held = this.area !== null && this.addToDraw(this.area);
      this.areaLayer.show(held ? null : this.area);
      const [first] = this.areaIds;
      if (held && first !== undefined) this.draw.selectFeature(first);
    });
  }

  /** Takes the area (as edited) back from terra-draw into the area layer. */
  private releaseFromEditing(): void {
    this.quietly(() => {
      this.area = this.getArea();
      this.draw.clear();
      this.areaIds.clear();
      this.areaLayer.show(this.area);
    });
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
      if (drawing)
        onAreaChanging({
          type: 'Polygon',
          coordinates: (drawing.geometry as { coordinates: number[][][] }).coordinates,
        });
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

  /** A finished drawing becomes the area, shown by the area layer; terra-draw lets go of it. */
  private replaceAreaWith(id: FeatureId): void {
    this.setTool('static');
    this.quietly(() => {
      const drawn = this.draw.hasFeature(id) ? this.draw.getSnapshotFeature(id) : undefined;
      this.area = drawn ? areaFromSnapshot([drawn]) : this.area;
      this.draw.clear();
      this.areaIds.clear();
      this.areaLayer.show(this.area);
    });
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
    if (this.areaIds.size === 0) this.area = null;
    queueMicrotask(() => {
      if (this.destroyed) return;
      const area = this.getArea();
      if (area) this.callbacks.onAreaFinished(area);
      else this.callbacks.onAreaDeleted?.();
    });
  };
}
