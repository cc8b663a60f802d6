import { createStore, useStore } from 'zustand';

export interface TimelineState {
  /** Whether the strip is open (it fetches only then). */
  expanded: boolean;
  /** The snapped map centre the captures are looked up around, when no area is set. */
  around: readonly [number, number] | null;
  timelineToggled(): void;
  /** The map moved: `cell` is its centre snapped to the lookup grid (unchanged within a cell). */
  mapCentreMoved(cell: readonly [number, number]): void;
}

export const timelineStore = createStore<TimelineState>()((set) => ({
  expanded: false,
  around: null,
  timelineToggled: () => set((state) => ({ expanded: !state.expanded })),
  mapCentreMoved: (cell) =>
    set((state) => (state.around?.[0] === cell[0] && state.around?.[1] === cell[1] ? {} : { around: cell })),
}));

export const useTimeline = <T>(selector: (state: TimelineState) => T): T => useStore(timelineStore, selector);
