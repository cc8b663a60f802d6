import { createStore, useStore } from 'zustand';
import type { ChangeProgress } from '../change/index.ts';
import type { ChangeFilter } from './location-change.ts';
import type { LocationResult, MetSurvey } from './location-result.ts';
import type { LocationRefusal, Portfolio, RunState, RunStatus } from './portfolio.ts';

export interface PortfolioState {
  portfolio: Portfolio | null;
  /** Answers so far, by location id. */
  results: ReadonlyMap<number, LocationResult>;
  /** The surveys the answers name, by id. */
  surveys: ReadonlyMap<string, MetSurvey>;
  run: RunState;
  /** Queries planned for what was left when the current run started, and sent since. */
  planned: number;
  sentThisRun: number;
  /** What stopped the last run (an ApiError: status, message, correlation id), or null. */
  failure: unknown;
  /** Whether a pause was asked for and the queries in flight are finishing. */
  pausing: boolean;
  /** The location whose row was chosen (zoomed to). */
  chosenId: number | null;
  /** The change scoring asked for (its plan's key), or null: scores are only fetched when asked. */
  changeAsked: string | null;
  /** How far the scoring has gone (tile pairs), while it runs. */
  changeProgress: ChangeProgress | null;
  /** Which rows the table shows, by their change. */
  changeFilter: ChangeFilter;
  portfolioRestored(state: {
    portfolio: Portfolio;
    run: RunState;
    results: LocationResult[];
    surveys: MetSurvey[];
  }): void;
  portfolioImported(portfolio: Portfolio): void;
  /** The buffer radius changed: earlier answers no longer hold. */
  radiusChanged(radiusM: number): void;
  eventDateChanged(eventDate: string | null): void;
  cloudLimitChanged(maxCloudCover: number | null): void;
  runStarted(): void;
  runPlanned(planned: number, sent: number): void;
  pauseAsked(): void;
  runEnded(status: RunStatus, failure?: unknown): void;
  resultsArrived(results: readonly LocationResult[], surveys: readonly MetSurvey[]): void;
  /** The service refused a location even asked alone: kept with the run, for the table and the export. */
  locationRefused(refusal: LocationRefusal): void;
  locationChosen(id: number | null): void;
  portfolioCleared(): void;
  changeScoringAsked(planKey: string): void;
  changeScoringProgressed(progress: ChangeProgress | null): void;
  changeScoringCancelled(): void;
  changeFilterChosen(filter: ChangeFilter): void;
}

const EMPTY_RESULTS: ReadonlyMap<number, LocationResult> = new Map();
const EMPTY_SURVEYS: ReadonlyMap<string, MetSurvey> = new Map();

/** A portfolio not checked yet (just imported, or none). */
const UNCHECKED = {
  results: EMPTY_RESULTS,
  surveys: EMPTY_SURVEYS,
  run: { status: 'idle', queriesSent: 0 },
  planned: 0,
  sentThisRun: 0,
  failure: null,
  pausing: false,
  chosenId: null,
  changeAsked: null,
  changeProgress: null,
  changeFilter: 'all',
} satisfies Partial<PortfolioState>;

export const portfolioStore = createStore<PortfolioState>()((set) => ({
  portfolio: null,
  ...UNCHECKED,
  portfolioRestored: ({ portfolio, run, results, surveys }) =>
    set({
      // Kept before the cloud limit existed: none.
      portfolio: { ...portfolio, maxCloudCover: portfolio.maxCloudCover ?? null },
      run,
      results: new Map(results.map((r) => [r.id, r])),
      surveys: new Map(surveys.map((s) => [s.id, s])),
    }),
  portfolioImported: (portfolio) => set({ portfolio, ...UNCHECKED }),
  radiusChanged: (radiusM) =>
    set((state) =>
      state.portfolio
        ? {
            portfolio: { ...state.portfolio, radiusM },
            results: EMPTY_RESULTS,
            surveys: EMPTY_SURVEYS,
            run: { ...state.run, status: 'idle', refused: [] },
            failure: null,
          }
        : {},
    ),
  eventDateChanged: (eventDate) =>
    set((state) => (state.portfolio ? { portfolio: { ...state.portfolio, eventDate } } : {})),
  cloudLimitChanged: (maxCloudCover) =>
    set((state) => (state.portfolio ? { portfolio: { ...state.portfolio, maxCloudCover } } : {})),
  runStarted: () =>
    set((state) => ({
      // Refused locations are asked again.
      run: { ...state.run, status: 'running', refused: [] },
      failure: null,
      pausing: false,
      planned: 0,
      sentThisRun: 0,
    })),
  runPlanned: (planned, sent) =>
    set((state) => ({
      planned,
      run: { ...state.run, queriesSent: state.run.queriesSent + sent - state.sentThisRun },
      sentThisRun: sent,
    })),
  pauseAsked: () => set({ pausing: true }),
  runEnded: (status, failure = null) => set((state) => ({ run: { ...state.run, status }, failure, pausing: false })),
  resultsArrived: (results, surveys) =>
    set((state) => {
      const nextResults = new Map(state.results);
      for (const result of results) nextResults.set(result.id, result);
      const nextSurveys = new Map(state.surveys);
      for (const survey of surveys) nextSurveys.set(survey.id, survey);
      return { results: nextResults, surveys: nextSurveys };
    }),
  locationRefused: (refusal) =>
    set((state) => ({ run: { ...state.run, refused: [...(state.run.refused ?? []), refusal] } })),
  locationChosen: (chosenId) => set({ chosenId }),
  portfolioCleared: () => set({ portfolio: null, ...UNCHECKED }),
  changeScoringAsked: (changeAsked) => set({ changeAsked, changeProgress: null }),
  changeScoringProgressed: (changeProgress) => set({ changeProgress }),
  changeScoringCancelled: () => set({ changeAsked: null, changeProgress: null }),
  changeFilterChosen: (changeFilter) => set({ changeFilter }),
}));

export const usePortfolio = <T>(selector: (state: PortfolioState) => T): T => useStore(portfolioStore, selector);
