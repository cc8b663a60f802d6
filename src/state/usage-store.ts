import { createStore, useStore } from 'zustand';

/** Providers bill imagery by tiles at zoom 14 and deeper. */
export const BILLED_MIN_ZOOM = 14;
const KEY = 'survey-viewer:usage:v1';

function readCount(storage: Pick<Storage, 'getItem'> | undefined): number {
  try {
    const n = Number(storage?.getItem(KEY) ?? 0);
    return Number.isSafeInteger(n) && n >= 0 ? n : 0;
  } catch {
    return 0;
  }
}

export interface UsageState {
  /** Imagery tiles (z ≥ 14) this tab has asked the service for since it was opened. */
  imageryTiles: number;
  imageryTilesRequested(count: number): void;
  usageReset(): void;
}

/** A session's tile count: kept across reloads of the tab (sessionStorage), gone with the tab. */
export function createUsageStore(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.sessionStorage,
) {
  const store = createStore<UsageState>()((set) => ({
    imageryTiles: readCount(storage),
    imageryTilesRequested: (count) => set((state) => ({ imageryTiles: state.imageryTiles + count })),
    usageReset: () => set({ imageryTiles: 0 }),
  }));
  let pending = false;
  store.subscribe(() => {
    // Tiles arrive in bursts: one write per burst.
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      try {
        storage?.setItem(KEY, String(store.getState().imageryTiles));
      } catch {
        // Storage unavailable: the count lasts until reload.
      }
    });
  });
  return store;
}

export const usageStore = createUsageStore();
export const useUsage = <T>(selector: (state: UsageState) => T): T => useStore(usageStore, selector);
