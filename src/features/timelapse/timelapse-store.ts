import { createStore, useStore } from 'zustand';
import type { MaxCloud } from '../../state/map-layers-store.ts';

/** Frame durations offered, in milliseconds (the player's speed and the video's frame duration). */
export const FRAME_DURATIONS = [2000, 1000, 500, 250] as const;

export interface TimelapseState {
  open: boolean;
  /** The frame shown, an index into the frames (kept within them by the player). */
  index: number;
  playing: boolean;
  /** How long each frame shows while playing, ms. */
  frameMs: number;
  /** Surveys cloudier than this (percent) are left out; null for any. */
  maxCloud: MaxCloud;
  /** "Only captures where this place changed": frames scored under the change threshold are folded. */
  onlyChanged: boolean;
  exportOpen: boolean;
  /** The survey whose frame the map draws now, or null: what the capture readout names meanwhile. */
  shownSurveyId: string | null;
  timelapseOpened(options: { autoplay: boolean }): void;
  timelapseClosed(): void;
  frameChosen(index: number): void;
  playToggled(): void;
  playStopped(): void;
  speedChosen(frameMs: number): void;
  cloudLimitChosen(maxCloud: MaxCloud): void;
  onlyChangedChosen(onlyChanged: boolean): void;
  exportToggled(open: boolean): void;
  frameShown(surveyId: string | null): void;
}

export const timelapseStore = createStore<TimelapseState>()((set) => ({
  open: false,
  index: 0,
  playing: false,
  frameMs: 1000,
  maxCloud: null,
  onlyChanged: false,
  exportOpen: false,
  shownSurveyId: null,
  timelapseOpened: ({ autoplay }) => set({ open: true, index: 0, playing: autoplay }),
  timelapseClosed: () => set({ open: false, playing: false, exportOpen: false, shownSurveyId: null }),
  frameChosen: (index) => set({ index, playing: false }),
  playToggled: () => set((state) => ({ playing: !state.playing })),
  playStopped: () => set({ playing: false }),
  speedChosen: (frameMs) => set({ frameMs }),
  cloudLimitChosen: (maxCloud) => set({ maxCloud, index: 0 }),
  onlyChangedChosen: (onlyChanged) => set({ onlyChanged, index: 0 }),
  exportToggled: (exportOpen) => set({ exportOpen, playing: false }),
  frameShown: (shownSurveyId) => set({ shownSurveyId }),
}));

/** The player's own step while playing (not a user's choice: playback goes on). */
export const frameAdvanced = (count: number) =>
  timelapseStore.setState((state) => ({ index: count > 0 ? (state.index + 1) % count : 0 }));

export const useTimelapse = <T>(selector: (state: TimelapseState) => T): T => useStore(timelapseStore, selector);
