import { createStore, useStore } from 'zustand';

/** How lengths and areas are written: metres and hectares, or feet and acres. */
export type UnitSystem = 'metric' | 'imperial';
const KEY = 'survey-viewer:units:v1';

function readSystem(): UnitSystem {
  try {
    return globalThis.localStorage?.getItem(KEY) === 'imperial' ? 'imperial' : 'metric';
  } catch {
    return 'metric';
  }
}

export interface UnitsState {
  system: UnitSystem;
  unitSystemChosen(system: UnitSystem): void;
}

/** The user's unit system, remembered on this device; every size the app writes (areas, later distances) uses it. */
export const unitsStore = createStore<UnitsState>()((set) => ({
  system: readSystem(),
  unitSystemChosen: (system) => {
    try {
      globalThis.localStorage?.setItem(KEY, system);
    } catch {
      // Not remembered; still used for this page.
    }
    set({ system });
  },
}));

export const useUnits = <T>(selector: (state: UnitsState) => T): T => useStore(unitsStore, selector);
