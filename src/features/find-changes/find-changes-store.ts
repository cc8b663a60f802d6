import { createStore, useStore } from 'zustand';
import type { ChangeProgress } from '../change/index.ts';

/** Two captures chosen by hand, or the last before a day and the first after it. */
type CaptureChoice = 'captures' | 'date';

/** The two surveys compared (earlier first). */
export interface ChangeSides {
  before: string;
  after: string;
}

/** A run asked for: the two surveys over the area (its WKT, as searched). */
export interface ChangeRun extends ChangeSides {
  wkt: string;
}

/** The Find changes panel's own state; the run's answer lives in react-query (find-changes-queries.ts). */
export interface FindChangesState {
  choice: CaptureChoice;
  /** Chosen surveys (null: the panel's default, the area's oldest and newest). */
  before: string | null;
  after: string | null;
  /** The day of the before/after choice, YYYY-MM-DD. */
  day: string;
  /** Whether the choice of captures is shown: an area's answer may list thousands, so its lists wait to be opened. */
  open: boolean;
  run: ChangeRun | null;
  /** A link's comparison, waiting for its area to be searched. */
  linked: ChangeSides | null;
  progress: ChangeProgress | null;
  /** The spot of the ranked list shown in the swipe (an index counted on: the list wraps round). */
  spot: number | null;
  /** Counts the times a spot was asked for: choosing the one shown again takes the map back to it. */
  spotRequests: number;
  findChangesOpened(): void;
  choiceChosen(choice: CaptureChoice): void;
  captureChosen(side: 'before' | 'after', surveyId: string): void;
  dayChosen(day: string): void;
  findChangesAsked(run: ChangeRun): void;
  progressReported(progress: ChangeProgress): void;
  runCancelled(): void;
  /** The area the run was over is gone or another: its heat map and list go. */
  areaChanged(): void;
  spotChosen(spot: number): void;
  nextSpotAsked(): void;
  /** From a shared link or history entry (null: none). */
  changesLinked(sides: ChangeSides | null): void;
}

export const findChangesStore = createStore<FindChangesState>()((set) => ({
  choice: 'captures',
  before: null,
  after: null,
  day: '',
  open: false,
  run: null,
  linked: null,
  progress: null,
  spot: null,
  spotRequests: 0,
  findChangesOpened: () => set({ open: true }),
  choiceChosen: (choice) => set({ choice }),
  captureChosen: (side, surveyId) => set({ [side]: surveyId }),
  dayChosen: (day) => set({ day }),
  findChangesAsked: (run) =>
    set({ run, before: run.before, after: run.after, open: true, linked: null, progress: null, spot: null }),
  progressReported: (progress) => set({ progress }),
  runCancelled: () => set({ run: null, progress: null, spot: null }),
  areaChanged: () => set({ run: null, progress: null, spot: null }),
  spotChosen: (spot) => set((state) => ({ spot, spotRequests: state.spotRequests + 1 })),
  nextSpotAsked: () =>
    set((state) => ({ spot: state.spot === null ? 0 : state.spot + 1, spotRequests: state.spotRequests + 1 })),
  changesLinked: (sides) =>
    set((state) => {
      const same = sides && state.run && state.run.before === sides.before && state.run.after === sides.after;
      if (same) return {};
      return sides
        ? { linked: sides, run: null, progress: null, spot: null, before: sides.before, after: sides.after, open: true }
        : { linked: null, run: null, progress: null, spot: null };
    }),
}));

export const useFindChanges = <T>(selector: (state: FindChangesState) => T): T => useStore(findChangesStore, selector);
