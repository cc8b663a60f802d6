import { beforeEach, describe, expect, it } from 'vitest';
import { uiStore } from './ui-store.ts';

const ui = () => uiStore.getState();

describe("the phone's bottom sheet", () => {
  beforeEach(() => uiStore.setState({ sheet: 'half', sheetRising: true }));

  it('a tap on the handle goes up to full, then back down to collapsed, then up again', () => {
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      ui().sheetHandleTapped();
      seen.push(ui().sheet);
    }
    expect(seen).toEqual(['full', 'half', 'collapsed', 'half', 'full']);
  });

  it('after a drag or a key step down to half, the next tap goes on down', () => {
    ui().sheetMoved('full');
    ui().sheetMoved('half');
    ui().sheetHandleTapped();
    expect(ui().sheet).toBe('collapsed');
  });

  it('a pick leaves at least half of the screen to the map, and the next tap shows more map', () => {
    ui().sheetMoved('full');
    ui().surveyPicked();
    expect(ui().sheet).toBe('half');
    ui().sheetHandleTapped();
    expect(ui().sheet).toBe('collapsed');
    ui().surveyPicked();
    expect(ui().sheet).toBe('collapsed');
  });

  it('a tab chosen on a collapsed sheet brings it up to half', () => {
    ui().sheetMoved('collapsed');
    ui().sheetTabChosen();
    expect(ui().sheet).toBe('half');
    ui().sheetMoved('full');
    ui().sheetTabChosen();
    expect(ui().sheet).toBe('full');
  });
});
