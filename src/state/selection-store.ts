import { createStore, useStore } from 'zustand';

/** Where a selection came from: a click on the map already shows the survey, so the map stays put. */
export type SelectionOrigin = 'list' | 'map';

export interface SelectionState {
  hoveredId: string | null;
  selectedId: string | null;
  selectedFrom: SelectionOrigin;
  surveyHovered(id: string | null): void;
  surveySelected(id: string, from?: SelectionOrigin): void;
  selectionCleared(): void;
}

/** Which survey the pointer (or keyboard) is on, and which one is open. Shared by list and map. */
export const selectionStore = createStore<SelectionState>()((set) => ({
  hoveredId: null,
  selectedId: null,
  selectedFrom: 'list',
  surveyHovered: (hoveredId) => set({ hoveredId }),
  surveySelected: (selectedId, selectedFrom = 'list') => set({ selectedId, selectedFrom }),
  selectionCleared: () => set({ selectedId: null, hoveredId: null }),
}));

export const useSelection = <T>(selector: (state: SelectionState) => T): T => useStore(selectionStore, selector);
