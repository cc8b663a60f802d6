import { createStore, useStore } from 'zustand';

/**
 * Where a selection came from. A shared link or history entry ('link') brings its own map view; any
 * other pick moves the map to where the survey's imagery is drawn, when it is not drawn already.
 */
type SelectionOrigin = 'list' | 'map' | 'area' | 'link';

export interface SelectionState {
  hoveredId: string | null;
  /** Where the hovered survey is pointed at: its row, or its footprint on the map. */
  hoveredFrom: 'list' | 'map';
  selectedId: string | null;
  selectedFrom: SelectionOrigin;
  surveyHovered(id: string | null, from?: 'list' | 'map'): void;
  surveySelected(id: string, from?: SelectionOrigin): void;
  selectionCleared(): void;
}

/** Which survey the pointer (or keyboard) is on, and which one is open. Shared by list and map. */
export const selectionStore = createStore<SelectionState>()((set) => ({
  hoveredId: null,
  hoveredFrom: 'list',
  selectedId: null,
  selectedFrom: 'list',
  surveyHovered: (hoveredId, hoveredFrom = 'list') => set({ hoveredId, hoveredFrom }),
  surveySelected: (selectedId, selectedFrom = 'list') => set({ selectedId, selectedFrom }),
  selectionCleared: () => set({ selectedId: null, hoveredId: null }),
}));

export const useSelection = <T>(selector: (state: SelectionState) => T): T => useStore(selectionStore, selector);
