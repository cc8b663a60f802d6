import { createStore, useStore } from 'zustand';

export type CompareSide = 'a' | 'b';
export type CompareMode = 'swipe' | 'fade';

/**
 * Two surveys side by side: A on the left (or underneath), B on the right (or faded in over A). A side may be one
 * capture of a survey rather than the survey (compared-imagery.ts).
 */
export interface CompareState {
  a: string | null;
  b: string | null;
  /** Whether the comparison is shown (both sides picked and not closed). */
  active: boolean;
  mode: CompareMode;
  /** Swipe divider position, 0 (left edge) to 1 (right edge) of the map. */
  swipe: number;
  /** Crossfade: 0 shows only A, 1 only B. */
  fade: number;
  comparePicked(side: CompareSide, surveyId: string): void;
  /** An older capture of a survey (compared-imagery.ts) against its newest imagery: A the newest, B the capture. */
  captureCompared(surveyId: string, captureSide: string): void;
  sidesSwapped(): void;
  compareModeChosen(mode: CompareMode): void;
  swipeMoved(position: number): void;
  fadeChanged(fade: number): void;
  compareClosed(): void;
  /** From a shared link or history entry. */
  compareRestored(state: Pick<CompareState, 'a' | 'b' | 'mode' | 'swipe' | 'fade'>): void;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

export const compareStore = createStore<CompareState>()((set) => ({
  a: null,
  b: null,
  active: false,
  mode: 'swipe',
  swipe: 0.5,
  fade: 0.5,
  comparePicked: (side, surveyId) =>
    set((state) => {
      const next = { ...state, [side]: surveyId };
      return { [side]: surveyId, active: next.a !== null && next.b !== null };
    }),
  captureCompared: (surveyId, captureSide) => set({ a: surveyId, b: captureSide, active: true }),
  sidesSwapped: () => set((state) => ({ a: state.b, b: state.a })),
  compareModeChosen: (mode) => set({ mode }),
  swipeMoved: (position) => set({ swipe: clamp01(position) }),
  fadeChanged: (fade) => set({ fade: clamp01(fade) }),
  compareClosed: () => set({ a: null, b: null, active: false }),
  compareRestored: ({ a, b, mode, swipe, fade }) =>
    set({ a, b, mode, swipe: clamp01(swipe), fade: clamp01(fade), active: a !== null && b !== null }),
}));

export const useCompare = <T>(selector: (state: CompareState) => T): T => useStore(compareStore, selector);
