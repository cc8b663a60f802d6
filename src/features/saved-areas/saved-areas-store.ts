import { createStore, useStore } from 'zustand';
import type { AreaGeometry } from '../../../core/geo/geometry.ts';

/** Survey id → its `last_updated` (null where the service does not publish it), as last seen over an area. */
export type SurveySnapshot = Record<string, string | null>;

/** An area the user named and kept, with what was over it when they last looked. */
export interface SavedArea {
  id: string;
  name: string;
  geometry: AreaGeometry;
  /** Exactly what the area search sends for it. */
  wkt: string;
  savedAt: string;
  openedAt: string | null;
  /** The surveys over the area when it was saved or last opened; null until first known. */
  snapshot: SurveySnapshot | null;
}

export interface SavedAreasState {
  areas: SavedArea[];
  /**
   * What storage held that is not a saved area (a damaged entry, a duplicate id, text that is not JSON), kept as it was
   * and written back with the areas until the user discards it: nothing the user saved is lost to a bad read.
   */
  unreadable: unknown[];
  /** The area deleted last and where it stood, until it is restored or something else changes. */
  deleted: { area: SavedArea; index: number } | null;
  areaSaved(area: Pick<SavedArea, 'name' | 'geometry' | 'wkt' | 'snapshot'>): void;
  savedAreaRenamed(id: string, name: string): void;
  savedAreaDeleted(id: string): void;
  savedAreaDeleteUndone(): void;
  /** Opening shows the area and takes what is over it now as the new baseline (null: the next check will). */
  savedAreaOpened(id: string, snapshot: SurveySnapshot | null): void;
  /** The first check of an area saved before its surveys were known. */
  savedAreaBaselined(id: string, snapshot: SurveySnapshot): void;
  unreadableAreasDiscarded(): void;
}

/**
 * Versioned: a later shape gets a new key rather than misreading this one. Names and areas only, never a credential.
 */
export const SAVED_AREAS_KEY = 'survey-viewer:saved-areas:v1';
export const MAX_NAME_LENGTH = 80;

type ReadStorage = Pick<Storage, 'getItem'>;
type WriteStorage = Pick<Storage, 'setItem' | 'removeItem'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

function isGeometry(value: unknown): value is AreaGeometry {
  return (
    isRecord(value) &&
    (value.type === 'Polygon' || value.type === 'MultiPolygon') &&
    Array.isArray(value.coordinates) &&
    value.coordinates.length > 0
  );
}

function snapshotFrom(value: unknown): SurveySnapshot | null | undefined {
  if (value === null) return null;
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value);
  return entries.every(([, v]) => v === null || typeof v === 'string')
    ? (Object.fromEntries(entries) as SurveySnapshot)
    : undefined;
}

/** One stored entry as a saved area, or null when it is not one (it is then left out). */
function savedAreaFrom(value: unknown): SavedArea | null {
  if (!isRecord(value)) return null;
  const { id, name, geometry, wkt, savedAt, openedAt } = value;
  const snapshot = snapshotFrom(value.snapshot);
  if (typeof id !== 'string' || !id || typeof name !== 'string' || !name.trim() || !isGeometry(geometry)) return null;
  if (typeof wkt !== 'string' || !/^\s*(MULTI)?POLYGON\b/i.test(wkt) || !isTime(savedAt) || snapshot === undefined)
    return null;
  if (openedAt !== null && !isTime(openedAt)) return null;
  return { id, name: name.trim().slice(0, MAX_NAME_LENGTH), geometry, wkt, savedAt, openedAt, snapshot };
}

export interface StoredAreas {
  areas: SavedArea[];
  unreadable: unknown[];
}

/** The saved areas in storage, and whatever else it holds under their key, kept aside rather than breaking the page. */
export function readSavedAreas(storage: ReadStorage | undefined): StoredAreas {
  let text: string | null = null;
  try {
    text = storage?.getItem(SAVED_AREAS_KEY) ?? null;
    const stored = JSON.parse(text ?? 'null') as unknown;
    if (stored === null) return { areas: [], unreadable: [] };
    if (!isRecord(stored) || !Array.isArray(stored.areas)) return { areas: [], unreadable: [text] };
    const areas: SavedArea[] = [];
    const unreadable: unknown[] = Array.isArray(stored.unreadable) ? [...stored.unreadable] : [];
    for (const entry of stored.areas) {
      const area = savedAreaFrom(entry);
      if (area && !areas.some((a) => a.id === area.id)) areas.push(area);
      else unreadable.push(entry);
    }
    return { areas, unreadable };
  } catch {
    return { areas: [], unreadable: text === null ? [] : [text] };
  }
}

function writeSavedAreas({ areas, unreadable }: StoredAreas, storage: WriteStorage | undefined): void {
  try {
    if (areas.length === 0 && unreadable.length === 0) storage?.removeItem(SAVED_AREAS_KEY);
    // Field by field, so nothing else that may sit on an object ever reaches storage.
    else
      storage?.setItem(
        SAVED_AREAS_KEY,
        JSON.stringify({
          areas: areas.map(({ id, name, geometry, wkt, savedAt, openedAt, snapshot }) => ({
            id,
            name,
            geometry,
            wkt,
            savedAt,
            openedAt,
            snapshot,
          })),
          ...(unreadable.length > 0 && { unreadable }),
        }),
      );
  } catch {
    // Storage full or unavailable: the areas stay for this session only.
  }
}

/** "Area 1", or the next number no saved area is named with. */
export function nextAreaName(areas: readonly Pick<SavedArea, 'name'>[]): string {
  const taken = new Set(areas.map((a) => a.name.toLowerCase()));
  let n = areas.length + 1;
  while (taken.has(`area ${n}`)) n += 1;
  return `Area ${n}`;
}

const cleanName = (name: string, fallback: string) =>
  name.trim().replace(/\s+/g, ' ').slice(0, MAX_NAME_LENGTH) || fallback;

const newId = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function createSavedAreasStore(storage?: ReadStorage & WriteStorage, now: () => Date = () => new Date()) {
  const store = createStore<SavedAreasState>()((set) => {
    const update = (id: string, change: (area: SavedArea) => Partial<SavedArea>, keepUndo = false) =>
      set((state) => ({
        areas: state.areas.map((a) => (a.id === id ? { ...a, ...change(a) } : a)),
        ...(!keepUndo && { deleted: null }),
      }));
    return {
      ...readSavedAreas(storage),
      deleted: null,
      areaSaved: ({ name, geometry, wkt, snapshot }) =>
        set((state) => ({
          areas: [
            ...state.areas,
            {
              id: newId(),
              name: cleanName(name, nextAreaName(state.areas)),
              geometry,
              wkt,
              savedAt: now().toISOString(),
              openedAt: null,
              snapshot,
            },
          ],
          deleted: null,
        })),
      savedAreaRenamed: (id, name) => update(id, (a) => ({ name: cleanName(name, a.name) })),
      savedAreaDeleted: (id) =>
        set((state) => {
          const index = state.areas.findIndex((a) => a.id === id);
          if (index < 0) return {};
          return { areas: state.areas.filter((a) => a.id !== id), deleted: { area: state.areas[index], index } };
        }),
      savedAreaDeleteUndone: () =>
        set((state) => {
          if (!state.deleted) return {};
          const areas = [...state.areas];
          areas.splice(Math.min(state.deleted.index, areas.length), 0, state.deleted.area);
          return { areas, deleted: null };
        }),
      savedAreaOpened: (id, snapshot) => update(id, () => ({ openedAt: now().toISOString(), snapshot })),
      savedAreaBaselined: (id, snapshot) => update(id, (a) => (a.snapshot === null ? { snapshot } : {}), true),
      unreadableAreasDiscarded: () => set({ unreadable: [] }),
    };
  });
  store.subscribe((state, previous) => {
    if (state.areas !== previous.areas || state.unreadable !== previous.unreadable) writeSavedAreas(state, storage);
  });
  return store;
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked by the browser's settings
  }
}

export const savedAreasStore = createSavedAreasStore(browserStorage());

export const useSavedAreas = <T>(selector: (state: SavedAreasState) => T): T => useStore(savedAreasStore, selector);
