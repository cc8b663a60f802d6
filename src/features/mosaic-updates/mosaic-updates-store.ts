import { createStore, useStore } from 'zustand';

/** The "Updated since…" view of the selected survey: which survey, from when, whether it is shown. */
export interface MosaicUpdatesState {
  surveyId: string | null;
  /** YYYY-MM-DD, local day. */
  since: string | null;
  mosaicUpdatesOpened(surveyId: string, since: string | null): void;
  mosaicUpdatesSinceChosen(since: string | null): void;
  mosaicUpdatesClosed(): void;
}

export const mosaicUpdatesStore = createStore<MosaicUpdatesState>()((set) => ({
  surveyId: null,
  since: null,
  mosaicUpdatesOpened: (surveyId, since) => set({ surveyId, since }),
  mosaicUpdatesSinceChosen: (since) => set({ since }),
  mosaicUpdatesClosed: () => set({ surveyId: null, since: null }),
}));

export const useMosaicUpdates = <T>(selector: (state: MosaicUpdatesState) => T): T =>
  useStore(mosaicUpdatesStore, selector);
