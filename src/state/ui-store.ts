import { createStore, useStore } from 'zustand';
import { hasStoredArea } from './area-search-storage.ts';

/** What the sidebar shows: the catalog, the area search, the annotations or the portfolio. */
export type SidebarTab = 'surveys' | 'area' | 'notes' | 'portfolio';

/** Several footprints under one click: the user picks which survey was meant. */
export interface OverlapChoice {
  surveyIds: string[];
  /** Where the click was, in map container pixels. */
  x: number;
  y: number;
}

export interface UiState {
  sidebarTab: SidebarTab;
  /** Survey ids of the list rows on screen; their footprints are the ones worth fetching. */
  surveysInView: readonly string[];
  previewOpacity: number;
  previewVisible: boolean;
  overlapChoice: OverlapChoice | null;
  /** The `basemap` pseudo-survey's tiles (the most recent imagery everywhere) under everything else. */
  latestImagery: boolean;
  /** Phones: whether the sidebar's bottom sheet is pulled up. */
  sheetExpanded: boolean;
  /** On a phone, the map layers panel is a button until opened (on wider screens it is always open). */
  layersPanelOpen: boolean;
  /** The selected-survey panel shows only its id, leaving the room to the lists. */
  selectedPanelCollapsed: boolean;
  helpOpen: boolean;
  /** A short confirmation shown over the map, e.g. "Link copied". */
  notice: string | null;
  sidebarTabChosen(tab: SidebarTab): void;
  listScrolled(surveyIds: readonly string[]): void;
  previewOpacityChanged(opacity: number): void;
  previewToggled(): void;
  overlapClicked(choice: OverlapChoice): void;
  overlapChoiceClosed(): void;
  latestImageryToggled(): void;
  latestImageryRestored(on: boolean): void;
  sheetToggled(): void;
  layersPanelToggled(): void;
  selectedPanelToggled(): void;
  helpOpened(): void;
  helpClosed(): void;
  noticeShown(text: string): void;
  noticeDismissed(): void;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

export const uiStore = createStore<UiState>()((set) => ({
  // Back to the area search after a reload when there is an area to come back to.
  sidebarTab: hasStoredArea() ? 'area' : 'surveys',
  surveysInView: [],
  previewOpacity: 1,
  previewVisible: true,
  overlapChoice: null,
  latestImagery: false,
  sheetExpanded: false,
  layersPanelOpen: false,
  selectedPanelCollapsed: false,
  helpOpen: false,
  notice: null,
  sidebarTabChosen: (sidebarTab) => set({ sidebarTab }),
  listScrolled: (surveyIds) =>
    set((state) => (sameIds(state.surveysInView, surveyIds) ? {} : { surveysInView: surveyIds })),
  previewOpacityChanged: (previewOpacity) => set({ previewOpacity }),
  previewToggled: () => set((state) => ({ previewVisible: !state.previewVisible })),
  overlapClicked: (overlapChoice) => set({ overlapChoice }),
  overlapChoiceClosed: () => set({ overlapChoice: null }),
  latestImageryToggled: () => set((state) => ({ latestImagery: !state.latestImagery })),
  latestImageryRestored: (latestImagery) => set({ latestImagery }),
  sheetToggled: () => set((state) => ({ sheetExpanded: !state.sheetExpanded })),
  layersPanelToggled: () => set((state) => ({ layersPanelOpen: !state.layersPanelOpen })),
  selectedPanelToggled: () => set((state) => ({ selectedPanelCollapsed: !state.selectedPanelCollapsed })),
  helpOpened: () => set({ helpOpen: true }),
  helpClosed: () => set({ helpOpen: false }),
  noticeShown: (notice) => set({ notice }),
  noticeDismissed: () => set({ notice: null }),
}));

export const useUi = <T>(selector: (state: UiState) => T): T => useStore(uiStore, selector);
