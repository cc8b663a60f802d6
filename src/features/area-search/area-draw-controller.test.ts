// @vitest-environment jsdom
import type { MultiPolygon, Polygon } from 'geojson';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import type { AreaTool } from '../../map/area-drawing.ts';
import { AREA_DRAW_LOWEST_LAYER_ID, AreaDrawController } from './area-draw-controller.ts';
import { FakeMapLibreMap } from '../../test/fake-maplibre-map.ts';

const ring = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AreaDrawController', () => {
  let map: FakeMapLibreMap;
  let finished: AreaGeometry[];
  let tools: AreaTool[];
  let deleted: number;
  let changing: AreaGeometry[];
  let controller: AreaDrawController;

  beforeEach(() => {
    map = new FakeMapLibreMap();
    finished = [];
    tools = [];
    deleted = 0;
    changing = [];
    controller = new AreaDrawController(map.asMap(), {
      onAreaFinished: (area) => finished.push(area),
      onAreaDeleted: () => deleted++,
      onToolChange: (tool) => tools.push(tool),
      onAreaChanging: (shape) => changing.push(shape),
    });
  });

  afterEach(() => controller.destroy());

  async function drawPolygon(corners: [number, number][]) {
    controller.startPolygon();
    for (const [lng, lat] of corners) map.click(lng, lat);
    map.click(...corners[0]);
    await nextTask();
  }

  it('adds its layers to the map, the lowest named for layer ordering', () => {
    expect(map.layers[0]).toBe(AREA_DRAW_LOWEST_LAYER_ID);
  });

  it('reports a polygon drawn by clicks once, when it is closed, then goes back to plain map interaction', async () => {
    controller.startPolygon();
    map.click(0, 0);
    map.click(0.3, 0);
    map.click(0.3, 0.2);
    await nextTask();
    expect(finished).toEqual([]);
    expect(controller.getArea()).toBeNull();
    map.click(0, 0);
    await nextTask();
    expect(finished).toHaveLength(1);
    expect(finished[0].type).toBe('Polygon');
    expect((finished[0] as Polygon).coordinates[0]).toHaveLength(4);
    expect(controller.getArea()).toEqual(finished[0]);
    expect(tools).toEqual(['polygon', 'static']);
    expect(controller.isDrawing()).toBe(false);
  });

  it('closes a polygon with Enter', async () => {
    controller.startPolygon();
    map.click(0, 0);
    map.click(0.3, 0);
    map.click(0.3, 0.2);
    map.key('Enter');
    await nextTask();
    expect(finished).toHaveLength(1);
    expect((finished[0] as Polygon).coordinates[0]).toEqual([
      [0, 0],
      [0.3, 0],
      [0.3, 0.2],
      [0, 0],
    ]);
  });

  it('keeps one area: a new drawing replaces the previous one', async () => {
    await drawPolygon([
      [0, 0],
      [0.3, 0],
      [0.3, 0.2],
    ]);
    controller.startRectangle();
    map.drag([1, 1], [1.1, 1.05], [1.2, 1.1]);
    await nextTask();
    expect(finished).toHaveLength(2);
    const area = controller.getArea() as Polygon;
    expect(area.type).toBe('Polygon');
    expect(area).toEqual(finished[1]);
    expect(area.coordinates[0].every(([lng]) => lng >= 1)).toBe(true);
  });

  it('shows an area given to it without calling back, and reads it back', async () => {
    const multi: MultiPolygon = { type: 'MultiPolygon', coordinates: [[ring(0, 0, 1, 1)], [ring(2, 2, 3, 3)]] };
    controller.setArea(multi);
    await nextTask();
    expect(controller.getArea()).toEqual(multi);
    expect(finished).toEqual([]);
    controller.clear();
    expect(controller.getArea()).toBeNull();
  });

  it(
    'shows the area in its own layer; terra-draw holds it only while it is ' +
      'edited; an area with holes stays read-only',
    () => {
      const shown = () =>
        (map.getSource('area')!.data as { features: { geometry: AreaGeometry }[] }).features.map((f) => f.geometry);
      const square: Polygon = { type: 'Polygon', coordinates: [ring(0, 0, 1, 1)] };
      controller.setArea(square);
      expect(map.layers).toEqual(expect.arrayContaining(['area-fill', 'area-outline']));
      expect(shown()).toEqual([square]);
      controller.startSelect();
      expect(shown()).toEqual([]);
      expect(controller.getArea()).toEqual(square);
      controller.stopDrawing();
      expect(shown()).toEqual([square]);

      const withHole: Polygon = { type: 'Polygon', coordinates: [ring(0, 0, 4, 4), ring(1, 1, 2, 2).reverse()] };
      controller.setArea(withHole);
      controller.startSelect();
      expect(shown()).toEqual([withHole]);
      expect(controller.getArea()).toEqual(withHole);
    },
  );

  it('draws a circle and a freehand shape by drag', async () => {
    controller.startCircle();
    map.drag([5, 5], [5.05, 5], [5.1, 5]);
    await nextTask();
    expect((finished[0] as Polygon).coordinates[0]).toHaveLength(65);
    controller.startFreehand();
    map.drag([7, 7], [7.1, 7], [7.2, 7.05], [7.2, 7.2], [7.05, 7.2]);
    await nextTask();
    expect(finished).toHaveLength(2);
    expect(controller.getArea()).toEqual(finished[1]);
    expect(
      (finished[1] as Polygon).coordinates[0].every(([lng, lat]) => lng >= 7 && lng <= 7.2 && lat >= 7 && lat <= 7.2),
    ).toBe(true);
  });

  it('reports the whole area again when a vertex is dragged in select mode', async () => {
    await drawPolygon([
      [0, 0],
      [0.3, 0],
      [0.3, 0.2],
    ]);
    controller.startSelect();
    map.drag([0.3, 0], [0.35, -0.02], [0.4, -0.05]);
    await nextTask();
    expect(finished).toHaveLength(2);
    expect((finished[1] as Polygon).coordinates[0]).toContainEqual([0.4, -0.05]);
    expect(controller.getArea()).toEqual(finished[1]);
  });

  it('ignores a drawing that is cancelled with Escape', async () => {
    await drawPolygon([
      [0, 0],
      [0.3, 0],
      [0.3, 0.2],
    ]);
    controller.startPolygon();
    map.click(2, 2);
    map.click(2.3, 2);
    map.key('Escape');
    await nextTask();
    expect(finished).toHaveLength(1);
    expect(deleted).toBe(0);
    expect(controller.getArea()).toEqual(finished[0]);
  });

  it('reports the shape while it is drawn and the area while a vertex is dragged, for a live read-out', async () => {
    controller.startRectangle();
    map.drag([1, 1], [1.1, 1.05], [1.2, 1.1]);
    await nextTask();
    expect(changing.length).toBeGreaterThanOrEqual(2);
    expect(changing.every((shape) => shape.type === 'Polygon')).toBe(true);
    const corners = (changing.at(-1) as Polygon).coordinates[0];
    expect(corners).toContainEqual([1.2, 1.1]);
    expect(finished).toHaveLength(1);

    changing = [];
    controller.startSelect();
    map.drag([1.2, 1.1], [1.25, 1.15], [1.3, 1.2]);
    await nextTask();
    expect(changing.length).toBeGreaterThan(0);
    expect((changing.at(-1) as Polygon).coordinates[0]).toContainEqual([1.3, 1.2]);
  });

  it('does not report shapes it is given', () => {
    controller.setArea({ type: 'Polygon', coordinates: [ring(0, 0, 1, 1)] });
    expect(changing).toEqual([]);
  });

  it('reports the deletion of the area with the Delete key in select mode', async () => {
    await drawPolygon([
      [0, 0],
      [0.3, 0],
      [0.3, 0.2],
    ]);
    controller.startSelect();
    expect(controller.getTool()).toBe('select');
    map.key('Delete');
    await nextTask();
    expect(deleted).toBe(1);
    expect(controller.getArea()).toBeNull();
  });

  it('stops listening and removes its layers on destroy', async () => {
    controller.setArea({ type: 'Polygon', coordinates: [ring(0, 0, 4, 4), ring(1, 1, 2, 2)] });
    const onFinished = vi.fn();
    const other = new AreaDrawController(new FakeMapLibreMap().asMap(), { onAreaFinished: onFinished });
    other.destroy();
    controller.destroy();
    expect(map.layers).toEqual([]);
    expect(map.sources.size).toBe(0);
    controller.startPolygon();
    expect(onFinished).not.toHaveBeenCalled();
  });
});
