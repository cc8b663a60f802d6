import { createStore, useStore } from 'zustand';

/** The "Updated since…" view of the selected survey: which survey, from when, whether it is shown. */
export interface WhatChangedState {
  surveyId: string | null;
  /** YYYY-MM-DD, local day. */
  since: string | null;
  whatChangedOpened(surveyId: string, since: string | null): void;
  whatChangedSinceChosen(since: string | null): void;
  whatChangedClosed(): void;
}

export const whatChangedStore = createStore<WhatChangedState>()((set) => ({
  surveyId: null,
  since: null,
  whatChangedOpened: (surveyId, since) => set({ surveyId, since }),
  whatChangedSinceChosen: (since) => set({ since }),
  whatChangedClosed: () => set({ surveyId: null, since: null }),
}));

export const useWhatChanged = <T>(selector: (state: WhatChangedState) => T): T => useStore(whatChangedStore, selector);
