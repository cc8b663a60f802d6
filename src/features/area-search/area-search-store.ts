import { createStore, useStore } from 'zustand';
import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import type { AreaTool } from '../../map/area-drawing.ts';
import { uiStore } from '../../state/ui-store.ts';
import { readStoredAreaSearch, storeAreaSearch } from './area-search-storage.ts';

export type AreaOrigin = 'drawn' | 'edited' | 'pasted' | 'imported' | 'restored' | 'linked';

/** The area of interest as the app works with it (already checked, rounded and simplified). */
export interface ActiveArea {
  geometry: AreaGeometry;
  /** Exactly what is sent, and what "Copy WKT" copies. */
  wkt: string;
  km2: number;
  vertexCount: number;
  /** Over the service's size limit: shown, but nothing is sent. */
  tooLarge: boolean;
  /** terra-draw cannot edit polygons with holes. */
  hasHoles: boolean;
  origin: AreaOrigin;
  /** Sentences for the user: simplification, size limit, what an import left out. */
  notes: string[];
}

/** What a coverage search sends. Dates are YYYY-MM-DD or '' for open ends. */
export interface AreaSearch {
  wkt: string;
  observedStart: string;
  observedEnd: string;
}

export const DEFAULT_TILE_ZOOM = 16;

export interface AreaSearchState {
  area: ActiveArea | null;
  /** A stored or linked area waiting to be checked and shown (once there is a session). */
  pendingRestore: AreaGeometry | null;
  /** Where the pending area comes from (what its summary will say). */
  pendingOrigin: AreaOrigin;
  /** The pending area is shown where the map already is: a link or history entry brought its own view. */
  pendingKeepsView: boolean;
  /** Why the last drawn, edited or imported input was refused; the area stayed as it was. */
  refusal: string | null;
  /** Bumped whenever the map must show `area` again, e.g. over a refused drawing. */
  areaRevision: number;
  tool: AreaTool;
  observedStart: string;
  observedEnd: string;
  /** The search the area and dates make, or null when nothing is to be sent. */
  search: AreaSearch | null;
  tileZoom: number;
  /** A large tile request ("survey|zoom|wkt") the user agreed to fetch. */
  approvedTileRequest: string | null;
  /** "z/x/y" of the tile whose details are open. */
  selectedTileKey: string | null;
  /** An older capture of the open tile drawn over the survey's imagery; it applies while that tile stays open. */
  shownCapture: ShownCapture | null;
  /** Keep the API key in exported tile URLs (off unless the user ticks it; never stored). */
  exportWithKey: boolean;

  areaAccepted(area: ActiveArea): void;
  areaRefused(message: string): void;
  areaDeleted(): void;
  /**
   * A shared link or history entry names this area (or none); `origin` is how it came when a history entry knows,
   * else it is labelled as from a link.
   */
  areaLinked(geometry: AreaGeometry | null, origin?: AreaOrigin): void;
  /** A link brought its own map view: an area restored from storage must not move the map. */
  viewLinked(): void;
  refusalDismissed(): void;
  toolChanged(tool: AreaTool): void;
  dateRangeChanged(range: { observedStart?: string; observedEnd?: string }): void;
  tileZoomChosen(zoom: number): void;
  largeTileFetchApproved(request: string): void;
  tileClicked(key: string | null): void;
  captureShown(capture: ShownCapture | null): void;
  exportKeyOptionToggled(include: boolean): void;
}

/** One capture (`mosaic_stac_id`) of one tile of one survey. */
interface ShownCapture {
  surveyId: string;
  tileKey: string;
  captureId: string;
}

/** Why a date range cannot be sent, or null. */
export function dateRangeProblem(observedStart: string, observedEnd: string): string | null {
  if (observedStart && observedEnd && observedStart > observedEnd) return 'The start date is after the end date.';
  return null;
}

function searchOf(area: ActiveArea | null, observedStart: string, observedEnd: string): AreaSearch | null {
  if (!area || area.tooLarge || dateRangeProblem(observedStart, observedEnd)) return null;
  return { wkt: area.wkt, observedStart, observedEnd };
}

const stored = readStoredAreaSearch();
// The app opens on the area search's tab while it has an area to restore (a link may choose another as it restores).
if (stored?.area) uiStore.getState().sidebarTabChosen('area');

/**
 * Client state of the area search: the area, the tool, the date range, the chosen zoom and tile. Results live in
 * react-query.
 */
export const areaSearchStore = createStore<AreaSearchState>()((set) => ({
  area: null,
  pendingRestore: stored?.area ?? null,
  pendingOrigin: 'restored',
  pendingKeepsView: false,
  refusal: null,
  areaRevision: 0,
  tool: 'static',
  observedStart: stored?.observedStart ?? '',
  observedEnd: stored?.observedEnd ?? '',
  search: null,
  tileZoom: DEFAULT_TILE_ZOOM,
  approvedTileRequest: null,
  selectedTileKey: null,
  shownCapture: null,
  exportWithKey: false,

  areaAccepted: (area) =>
    set((state) => ({
      area,
      pendingRestore: null,
      refusal: null,
      areaRevision: state.areaRevision + 1,
      search: searchOf(area, state.observedStart, state.observedEnd),
      selectedTileKey: null,
    })),
  areaRefused: (refusal) => set((state) => ({ refusal, pendingRestore: null, areaRevision: state.areaRevision + 1 })),
  areaDeleted: () =>
    set((state) => ({
      area: null,
      refusal: null,
      areaRevision: state.areaRevision + 1,
      search: null,
      selectedTileKey: null,
    })),
  areaLinked: (geometry, origin = 'linked') =>
    set((state) =>
      geometry
        ? { pendingRestore: geometry, pendingOrigin: origin, pendingKeepsView: true }
        : {
            pendingRestore: null,
            area: null,
            search: null,
            selectedTileKey: null,
            areaRevision: state.areaRevision + (state.area ? 1 : 0),
          },
    ),
  viewLinked: () => set({ pendingKeepsView: true }),
  refusalDismissed: () => set({ refusal: null }),
  toolChanged: (tool) => set({ tool }),
  dateRangeChanged: (range) =>
    set((state) => {
      const observedStart = range.observedStart ?? state.observedStart;
      const observedEnd = range.observedEnd ?? state.observedEnd;
      return { observedStart, observedEnd, search: searchOf(state.area, observedStart, observedEnd) };
    }),
  tileZoomChosen: (tileZoom) => set({ tileZoom, selectedTileKey: null }),
  largeTileFetchApproved: (approvedTileRequest) => set({ approvedTileRequest }),
  tileClicked: (selectedTileKey) => set({ selectedTileKey }),
  captureShown: (shownCapture) => set({ shownCapture }),
  exportKeyOptionToggled: (exportWithKey) => set({ exportWithKey }),
}));

// The area and the date range are what survives a reload.
areaSearchStore.subscribe((state, previous) => {
  if (
    state.area === previous.area &&
    state.observedStart === previous.observedStart &&
    state.observedEnd === previous.observedEnd
  )
    return;
  if (state.pendingRestore) return;
  storeAreaSearch({
    area: state.area?.geometry ?? null,
    observedStart: state.observedStart,
    observedEnd: state.observedEnd,
  });
});

export const useAreaSearch = <T>(selector: (state: AreaSearchState) => T): T => useStore(areaSearchStore, selector);
