import { createStore, useStore } from 'zustand';
import { compareStore } from './compare-store.ts';

/** At most this many captures side by side (a 2×2 grid). */
export const MAX_PANES = 4;

/** A capture offered for a pane: its imagery (a survey id, or "survey/capture" as compared-imagery.ts writes it). */
interface Dated {
  imagery: string;
  /** Capture start, ISO 8601. */
  captureStart: string;
}

/** Up to `count` of time-ordered captures spread evenly over them: always the oldest and the newest. */
export function spreadOver<T>(ordered: readonly T[], count = MAX_PANES): T[] {
  if (ordered.length <= count) return [...ordered];
  if (count <= 1) return ordered.slice(-count);
  const step = (ordered.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => ordered[Math.round(i * step)]);
}

/**
 * The panes once `chosen` is picked: added while there is room, else in place of the shown capture nearest to it in
 * time (one whose time is unknown goes first); a capture already shown changes nothing.
 */
export function withPane(panes: readonly string[], chosen: Dated, known: readonly Dated[]): string[] {
  if (panes.includes(chosen.imagery)) return [...panes];
  if (panes.length < MAX_PANES) return [...panes, chosen.imagery];
  const at = Date.parse(chosen.captureStart);
  const distance = (imagery: string) => {
    const time = Date.parse(known.find((k) => k.imagery === imagery)?.captureStart ?? '');
    return Number.isFinite(time) ? Math.abs(time - at) : -1;
  };
  const replaced = panes.reduce((best, pane) => (distance(pane) < distance(best) ? pane : best));
  return panes.map((pane) => (pane === replaced ? chosen.imagery : pane));
}

/** Distinct, non-empty, at most four. */
const cleaned = (panes: readonly string[]) => [...new Set(panes.filter(Boolean))].slice(0, MAX_PANES);

/** Captures of one place side by side in synchronized maps; shown while it holds any. */
export interface SideBySideState {
  panes: string[];
  /** Opened with these captures (the comparison, drawn on the same map, closes). */
  sideBySideOpened(panes: readonly string[]): void;
  paneChosen(chosen: Dated, known: readonly Dated[]): void;
  paneRemoved(imagery: string): void;
  sideBySideClosed(): void;
  /** From a shared link or history entry. */
  sideBySideRestored(panes: readonly string[]): void;
}

export const sideBySideStore = createStore<SideBySideState>()((set) => ({
  panes: [],
  sideBySideOpened: (panes) => {
    compareStore.getState().compareClosed();
    set({ panes: cleaned(panes) });
  },
  paneChosen: (chosen, known) => set((state) => ({ panes: withPane(state.panes, chosen, known) })),
  paneRemoved: (imagery) => set((state) => ({ panes: state.panes.filter((pane) => pane !== imagery) })),
  sideBySideClosed: () => set({ panes: [] }),
  sideBySideRestored: (panes) => set({ panes: cleaned(panes) }),
}));

export const useSideBySide = <T>(selector: (state: SideBySideState) => T): T => useStore(sideBySideStore, selector);
