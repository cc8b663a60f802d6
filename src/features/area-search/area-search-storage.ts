import type { AreaGeometry } from '../../../core/geo/geometry.ts';

/**
 * The last area search, kept across reloads: the area and the date range. Never results (they are
 * fetched again) and never a credential.
 */
const KEY = 'survey-viewer:area-search:v1';

export interface StoredAreaSearch {
  area: AreaGeometry | null;
  observedStart: string;
  observedEnd: string;
}

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value));

export function readStoredAreaSearch(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): StoredAreaSearch | null {
  try {
    const stored = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<StoredAreaSearch> | null;
    if (!stored || typeof stored !== 'object') return null;
    const area = stored.area;
    const validArea =
      area && (area.type === 'Polygon' || area.type === 'MultiPolygon') && Array.isArray(area.coordinates)
        ? area
        : null;
    return {
      area: validArea,
      observedStart: isDay(stored.observedStart) ? stored.observedStart : '',
      observedEnd: isDay(stored.observedEnd) ? stored.observedEnd : '',
    };
  } catch {
    return null;
  }
}

export function storeAreaSearch(
  search: StoredAreaSearch,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): void {
  try {
    if (!search.area && !search.observedStart && !search.observedEnd) storage?.removeItem(KEY);
    else storage?.setItem(KEY, JSON.stringify(search));
  } catch {
    // Storage full or unavailable: the area is simply not restored after a reload.
  }
}
