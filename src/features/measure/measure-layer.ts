import type { FeatureCollection, Position } from 'geojson';
import type { FilterSpecification, MapMouseEvent } from 'maplibre-gl';
import type { Measurement } from './measurement.ts';
import { type MeasureKind, minPoints } from './measure-kinds.ts';
import { FONT } from '../../map/basemap-style.ts';
import type { GeoJsonOverlaySpec, GeoJsonSlot } from '../../map/geojson-slot.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import type { ToolPointer } from '../../map/tool-pointer.ts';

const SOURCE = 'measure';
const measureLayerIds = {
  casing: 'measure-casing',
  line: 'measure-line',
  points: 'measure-points',
  labels: 'measure-labels',
} as const;

/** The shapes and labels that show a measurement (with role 'shape', 'point' or 'label' and a `label` text). */
export type MeasureRenderer = (measurement: Measurement) => FeatureCollection;

const NOTHING: FeatureCollection = { type: 'FeatureCollection', features: [] };

export interface MeasureState {
  /** The tool taking clicks, or null. */
  tool: MeasureKind | null;
  /** The measurement on the map (being made while `tool` is set), or null. */
  measurement: Measurement | null;
}

const role = (name: string): FilterSpecification => ['==', ['get', 'role'], name];

/** The measurement's shapes, points and labels: outlines and text only; drawn on a swipe's second map too. */
const MEASURE_OVERLAY: GeoJsonOverlaySpec = {
  order: 40,
  onTop: true,
  print: { label: 'Measurement', ownMarks: true },
  sources: { [SOURCE]: {} },
  mirrored: true,
  layers: [
    {
      id: measureLayerIds.casing,
      type: 'line',
      source: SOURCE,
      filter: role('shape'),
      paint: { 'line-color': '#111111', 'line-width': 5, 'line-opacity': 0.7 },
    },
    {
      id: measureLayerIds.line,
      type: 'line',
      source: SOURCE,
      filter: role('shape'),
      paint: { 'line-color': '#ffd400', 'line-width': 2.5 },
    },
    {
      id: measureLayerIds.points,
      type: 'circle',
      source: SOURCE,
      filter: role('point'),
      paint: {
        'circle-radius': 4,
        'circle-color': '#ffd400',
        'circle-stroke-color': '#111111',
        'circle-stroke-width': 2,
      },
    },
    {
      id: measureLayerIds.labels,
      type: 'symbol',
      source: SOURCE,
      filter: role('label'),
      layout: {
        'text-field': ['get', 'label'],
        'text-font': FONT,
        'text-size': 13,
        'text-allow-overlap': true,
        'text-ignore-placement': true,
      },
      paint: { 'text-color': '#111111', 'text-halo-color': '#ffffff', 'text-halo-width': 2 },
    },
  ],
};

/**
 * Measuring on the map: while a tool is on, each click adds a point and a double click (or finish()) ends it; the
 * measurement stays drawn, as outlines and labels only (nothing tints the imagery), until cleared or replaced.
 */
export class MeasureLayer {
  private state: MeasureState = { tool: null, measurement: null };
  private cursor: Position | null = null;
  /** The point being dragged, by its place in the measurement. */
  private dragging: number | null = null;
  private render: MeasureRenderer = () => NOTHING;
  private readonly listeners = new Set<() => void>();
  private readonly pointer: ToolPointer;
  private readonly slot: GeoJsonSlot;

  constructor(private readonly surveyMap: SurveyMap) {
    this.slot = surveyMap.overlay(MEASURE_OVERLAY);
    // An area tool started ends the measuring, as measuring stops the area tool (start()).
    const pointer = surveyMap.addTool({ isActive: () => this.isActive(), stop: () => this.start(null) });
    this.pointer = pointer;
    pointer.on('click', this.handleClick);
    pointer.on('mousemove', this.handleMove);
    pointer.onLayer('mousedown', measureLayerIds.points, this.handleGrab);
    pointer.onLayer('mouseenter', measureLayerIds.points, this.handleEnterPoint);
    pointer.onLayer('mouseleave', measureLayerIds.points, this.handleLeavePoint);
  }

  getState = (): MeasureState => this.state;
  isActive = (): boolean => this.state.tool !== null;

  /** Calls `listener` whenever the tool or the measurement changes; returns how to stop. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts measuring a distance or an area (stopping any area tool, dropping the last), or ends it with null. */
  start = (tool: MeasureKind | null): void => {
    if (tool) {
      this.surveyMap.drawing.startTool('static');
      this.set({ tool, measurement: { kind: tool, points: [] } });
    } else this.finish();
  };

  /** Adds the map's centre to the measurement (for the keyboard: pan, then add). */
  addPointAtCentre = (): void => this.addPoint(this.surveyMap.camera.getCenter());
  /** For the keyboard, as a drag moves it: a finished measurement's point to the map's centre. */
  movePointToCentre = (index: number): void => this.movePoint(index, this.surveyMap.camera.getCenter());

  addPoint(point: Position): void {
    const { tool, measurement } = this.state;
    if (!tool || !measurement) return;
    // A point is measured by its one click.
    if (tool === 'point') this.set({ tool: null, measurement: { kind: tool, points: [point] } });
    else this.set({ tool, measurement: { kind: tool, points: [...measurement.points, point] } });
  }

  undoPoint = (): void => {
    const { tool, measurement } = this.state;
    if (!tool || !measurement?.points.length) return;
    this.set({ tool, measurement: { kind: tool, points: measurement.points.slice(0, -1) } });
  };

  /** Moves a finished measurement's point (by its place in it) as a drag does; the sizes follow. */
  movePoint(index: number, point: Position): void {
    const { measurement } = this.state;
    if (this.isActive() || !measurement || !measurement.points[index]) return;
    const points = measurement.points.map((p, i) => (i === index ? point : p));
    this.set({ tool: null, measurement: { kind: measurement.kind, points } });
  }

  /** Ends the measurement being made; it stays on the map (if it has a size). */
  finish(): void {
    const { measurement } = this.state;
    const kept = measurement && measurement.points.length >= minPoints(measurement.kind);
    this.cursor = null;
    this.set({ tool: null, measurement: kept ? measurement : null });
  }

  clear = (): void => {
    this.cursor = null;
    this.set({ tool: this.state.tool, measurement: this.state.tool ? { kind: this.state.tool, points: [] } : null });
  };

  /** Given by the measuring tools when they load (the geodesic maths and the user's units live there). */
  setRenderer(render: MeasureRenderer): void {
    this.render = render;
    this.draw();
  }

  private set(state: MeasureState): void {
    this.state = state;
    // A double click would zoom in while measuring; it ends the measurement instead.
    this.pointer.setDoubleClickZoom(!state.tool);
    this.pointer.setCursor(state.tool ? 'crosshair' : '');
    this.draw();
    for (const listener of this.listeners) listener();
  }

  private draw(): void {
    const { measurement, tool } = this.state;
    const following = tool && tool !== 'point' && this.cursor ? [this.cursor] : [];
    const points = measurement ? [...measurement.points, ...following] : [];
    this.slot.setData(SOURCE, measurement ? this.render({ kind: measurement.kind, points }) : NOTHING);
  }

  private readonly handleClick = (event: MapMouseEvent) => {
    if (!this.isActive()) return;
    // The click is the measurement's, the one that ends it too: no other layer acts on it (tile details, selection).
    event.preventDefault();
    // A double click's first click adds its point and its second ends the measurement.
    if (event.originalEvent.detail > 1) {
      // The double click that follows must not zoom the map in, although the tool is off by then.
      this.pointer.once('dblclick', (dblclick) => dblclick.preventDefault());
      this.finish();
    } else this.addPoint([event.lngLat.lng, event.lngLat.lat]);
  };

  /** A finished measurement's points can be dragged to where they belong; the sizes follow. */
  private readonly handleGrab = (event: MapMouseEvent) => {
    const { measurement } = this.state;
    if (this.isActive() || !measurement || event.originalEvent.button !== 0) return;
    const at = event.point;
    const distances = measurement.points.map((p) => {
      const { x, y } = this.pointer.project([p[0], p[1]]);
      return Math.hypot(x - at.x, y - at.y);
    });
    this.dragging = distances.indexOf(Math.min(...distances));
    // Keeps the map from panning with the drag.
    event.preventDefault();
    this.pointer.setCursor('grabbing');
    const stopDragging = this.pointer.on('mousemove', this.handleDrag);
    this.pointer.once('mouseup', () => {
      this.dragging = null;
      stopDragging();
      this.pointer.setCursor('');
    });
  };

  private readonly handleDrag = (event: MapMouseEvent) => {
    if (this.dragging === null) return;
    this.movePoint(this.dragging, [event.lngLat.lng, event.lngLat.lat]);
    this.pointer.setCursor('grabbing');
  };

  private readonly handleEnterPoint = () => {
    if (!this.isActive() && this.dragging === null) this.pointer.setCursor('grab');
  };

  private readonly handleLeavePoint = () => {
    if (!this.isActive() && this.dragging === null) this.pointer.setCursor('');
  };

  private readonly handleMove = (event: MapMouseEvent) => {
    if (!this.isActive()) return;
    this.cursor = [event.lngLat.lng, event.lngLat.lat];
    this.draw();
  };
}

const measures = new WeakMap<SurveyMap, MeasureLayer>();

/** The map's measuring (one per map, made on first use). */
export function measureOf(surveyMap: SurveyMap): MeasureLayer {
  let layer = measures.get(surveyMap);
  if (!layer) {
    layer = new MeasureLayer(surveyMap);
    measures.set(surveyMap, layer);
  }
  return layer;
}
