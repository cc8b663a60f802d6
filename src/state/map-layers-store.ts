import { createStore, useStore } from 'zustand';

/** Cloud cover limits the latest-imagery layer offers, in percent; null takes any capture. */
export const MAX_CLOUD_CHOICES = [null, 30, 10, 0] as const;
export type MaxCloud = (typeof MAX_CLOUD_CHOICES)[number];

export interface MapLayersState {
  /** Whether survey footprints are drawn (hidden, imagery shows unobstructed). */
  footprintsShown: boolean;
  /** The latest imagery skips captures cloudier than this (percent), when set. */
  latestMaxCloud: MaxCloud;
  footprintsToggled(): void;
  latestMaxCloudChosen(maxCloud: MaxCloud): void;
}

/** The map layers panel's choices (the latest-imagery toggle itself is in the UI store, which the link restores). */
export const mapLayersStore = createStore<MapLayersState>()((set) => ({
  footprintsShown: true,
  latestMaxCloud: null,
  footprintsToggled: () => set((state) => ({ footprintsShown: !state.footprintsShown })),
  latestMaxCloudChosen: (latestMaxCloud) => set({ latestMaxCloud }),
}));

export const useMapLayers = <T>(selector: (state: MapLayersState) => T): T => useStore(mapLayersStore, selector);
