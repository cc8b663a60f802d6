import { createStore, useStore } from 'zustand';

export interface TimelineState {
  /** Whether the strip is open (it fetches only then). */
  expanded: boolean;
  /** The snapped map centre the surveys are looked up around, when the area search's area is not in view. */
  around: readonly [number, number] | null;
  /** Whether any of the area search's area is in view (only then are its surveys the ones listed). */
  areaInView: boolean;
  timelineToggled(): void;
  /**
   * The map moved (or the area changed): `cell` is its centre snapped to the lookup grid (unchanged within a cell);
   * `areaInView` whether the area search's area meets the view.
   */
  mapMoved(cell: readonly [number, number], areaInView: boolean): void;
}

export const timelineStore = createStore<TimelineState>()((set) => ({
  expanded: false,
  around: null,
  areaInView: true,
  timelineToggled: () => set((state) => ({ expanded: !state.expanded })),
  mapMoved: (cell, areaInView) =>
    set((state) => ({
      ...(state.around?.[0] === cell[0] && state.around?.[1] === cell[1] ? {} : { around: cell }),
      ...(state.areaInView === areaInView ? {} : { areaInView }),
    })),
}));

export const useTimeline = <T>(selector: (state: TimelineState) => T): T => useStore(timelineStore, selector);
