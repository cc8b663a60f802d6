import { createStore, useStore } from 'zustand';

/** What the sidebar shows: the catalog, the area search, the annotations or the portfolio. */
export type SidebarTab = 'surveys' | 'area' | 'notes' | 'portfolio';

/** Phones: how far the sidebar's bottom sheet is pulled up (tabs only, half the screen, nearly all of it). */
export type SheetPosition = 'collapsed' | 'half' | 'full';
export const SHEET_ORDER: readonly SheetPosition[] = ['collapsed', 'half', 'full'];

/** Where the sheet goes and which way a tap on its handle goes next (up after coming up, down after coming down). */
function sheetAt(from: SheetPosition, to: SheetPosition): Pick<UiState, 'sheet' | 'sheetRising'> {
  const rising = to === 'collapsed' || (to !== 'full' && SHEET_ORDER.indexOf(to) > SHEET_ORDER.indexOf(from));
  return { sheet: to, sheetRising: rising };
}

/** Several footprints under one click: the user picks which survey was meant. */
interface OverlapChoice {
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
  sheet: SheetPosition;
  /** From half, whether a tap on the handle pulls the sheet up to full (else down to collapsed). */
  sheetRising: boolean;
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
  /** The handle tapped (or Enter): collapsed → half → full → half → collapsed… */
  sheetHandleTapped(): void;
  /** Dragged there, or stepped there with the arrow keys. */
  sheetMoved(position: SheetPosition): void;
  /** A tab chosen on the sheet: a collapsed sheet comes up to show it. */
  sheetTabChosen(): void;
  /** A survey picked: the sheet leaves at least half of the screen to the map, where its imagery shows. */
  surveyPicked(): void;
  /** A view made of the map opened (the timelapse, maps side by side): the sheet goes down to its tabs. */
  mapViewOpened(): void;
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
  sidebarTab: 'surveys',
  surveysInView: [],
  previewOpacity: 1,
  previewVisible: true,
  overlapChoice: null,
  latestImagery: false,
  sheet: 'half',
  sheetRising: true,
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
  sheetHandleTapped: () =>
    set(({ sheet, sheetRising }) =>
      sheetAt(sheet, sheet === 'collapsed' || sheet === 'full' ? 'half' : sheetRising ? 'full' : 'collapsed'),
    ),
  sheetMoved: (position) => set(({ sheet }) => sheetAt(sheet, position)),
  sheetTabChosen: () => set(({ sheet }) => (sheet === 'collapsed' ? sheetAt(sheet, 'half') : {})),
  surveyPicked: () => set(({ sheet }) => (sheet === 'full' ? sheetAt(sheet, 'half') : {})),
  mapViewOpened: () => set(({ sheet }) => sheetAt(sheet, 'collapsed')),
  layersPanelToggled: () => set((state) => ({ layersPanelOpen: !state.layersPanelOpen })),
  selectedPanelToggled: () => set((state) => ({ selectedPanelCollapsed: !state.selectedPanelCollapsed })),
  helpOpened: () => set({ helpOpen: true }),
  helpClosed: () => set({ helpOpen: false }),
  noticeShown: (notice) => set({ notice }),
  noticeDismissed: () => set({ notice: null }),
}));

export const useUi = <T>(selector: (state: UiState) => T): T => useStore(uiStore, selector);
