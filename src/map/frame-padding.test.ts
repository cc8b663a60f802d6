import { describe, expect, it } from 'vitest';
import { framePadding, panelEdges, paddingOffset } from './frame-padding.ts';

const MAP = { left: 100, top: 0, right: 1100, bottom: 800 };

describe('framePadding', () => {
  it('gives each panel the edge that costs least, with a gap, and never less than the usual room', () => {
    const tools = panelEdges(MAP, { left: 110, top: 10, right: 164, bottom: 700 })!;
    const search = panelEdges(MAP, { left: 170, top: 10, right: 1000, bottom: 52 })!;
    expect(framePadding(1000, 800, [tools, search])).toEqual({ top: 64, right: 56, bottom: 56, left: 76 });
  });

  it('leaves out a panel off the map, or one too small to hide what is under it (a button)', () => {
    expect(panelEdges(MAP, { left: 1200, top: 10, right: 1300, bottom: 50 })).toBeNull();
    expect(panelEdges(MAP, { left: 200, top: 10, right: 200, bottom: 50 })).toBeNull();
    expect(panelEdges(MAP, { left: 110, top: 760, right: 210, bottom: 790 })).toBeNull();
  });

  it('always keeps room to frame in', () => {
    const huge = panelEdges(MAP, { left: 100, top: 100, right: 1100, bottom: 800 })!;
    const padding = framePadding(1000, 800, [huge]);
    expect(800 - padding.top - padding.bottom).toBeGreaterThanOrEqual(160);
  });

  it('centres what it frames in the room left', () => {
    expect(paddingOffset({ top: 56, right: 222, bottom: 132, left: 56 })).toEqual([-83, -38]);
  });
});
