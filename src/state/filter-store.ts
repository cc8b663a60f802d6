import { createStore, useStore } from 'zustand';

export type SurveySort = 'newest' | 'oldest' | 'least-cloud';

/** What the catalog list is narrowed to. Dates are YYYY-MM-DD or '' for open ends. */
export interface SurveyFilters {
  captureFrom: string;
  captureTo: string;
  /** Percent 0–100, or null for no limit. */
  maxCloud: number | null;
  /** Case-insensitive substring of the survey id. */
  idQuery: string;
  sort: SurveySort;
}

export const NO_FILTERS: SurveyFilters = {
  captureFrom: '',
  captureTo: '',
  maxCloud: null,
  idQuery: '',
  sort: 'newest',
};

/** Whether any filter narrows the list or changes its order (the service's own order is newest first). */
export const filtersActive = (f: SurveyFilters): boolean =>
  f.captureFrom !== '' || f.captureTo !== '' || f.maxCloud !== null || f.idQuery.trim() !== '' || f.sort !== 'newest';

export interface FilterState {
  filters: SurveyFilters;
  filtersChanged(change: Partial<SurveyFilters>): void;
  filterCleared(key: keyof SurveyFilters): void;
  filtersCleared(): void;
  /** From a shared link or history entry: replaces everything. */
  filtersRestored(filters: SurveyFilters): void;
}

export const filterStore = createStore<FilterState>()((set) => ({
  filters: NO_FILTERS,
  filtersChanged: (change) => set((state) => ({ filters: { ...state.filters, ...change } })),
  filterCleared: (key) => set((state) => ({ filters: { ...state.filters, [key]: NO_FILTERS[key] } })),
  filtersCleared: () => set({ filters: NO_FILTERS }),
  filtersRestored: (filters) => set({ filters }),
}));

export const useFilters = <T>(selector: (state: FilterState) => T): T => useStore(filterStore, selector);
