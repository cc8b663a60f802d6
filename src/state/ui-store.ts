import { createStore, useStore } from 'zustand';

/** Several footprints under one click: the user picks which survey was meant. */
export interface OverlapChoice {
  surveyIds: string[];
  /** Where the click was, in map container pixels. */
  x: number;
  y: number;
}

export interface UiState {
  /** Survey ids of the list rows on screen; their footprints are the ones worth fetching. */
  surveysInView: readonly string[];
  previewOpacity: number;
  previewVisible: boolean;
  overlapChoice: OverlapChoice | null;
  listScrolled(surveyIds: readonly string[]): void;
  previewOpacityChanged(opacity: number): void;
  previewToggled(): void;
  overlapClicked(choice: OverlapChoice): void;
  overlapChoiceClosed(): void;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export const uiStore = createStore<UiState>()((set) => ({
  surveysInView: [],
  previewOpacity: 1,
  previewVisible: true,
  overlapChoice: null,
  listScrolled: (surveyIds) => set((state) => (sameIds(state.surveysInView, surveyIds) ? {} : { surveysInView: surveyIds })),
  previewOpacityChanged: (previewOpacity) => set({ previewOpacity }),
  previewToggled: () => set((state) => ({ previewVisible: !state.previewVisible })),
  overlapClicked: (overlapChoice) => set({ overlapChoice }),
  overlapChoiceClosed: () => set({ overlapChoice: null }),
}));

export const useUi = <T>(selector: (state: UiState) => T): T => useStore(uiStore, selector);
