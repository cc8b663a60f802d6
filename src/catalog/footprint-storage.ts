import type { SurveyFootprint } from '../../core/wire/model.ts';

/** Footprints kept across reloads (they rarely change). Geometry only: never a credential. */
const PREFIX = 'survey-viewer:footprint:v1:';
/** The stored footprints' keys, least recently stored first: the order they are evicted in. */
const INDEX_KEY = 'survey-viewer:footprint-index:v1';
/** Well inside the usual 5 MB quota, leaving room for the rest of the app's storage. */
export const MAX_STORED_FOOTPRINTS = 3_000;
/** Writes wait this long and go together, so that a burst of arrivals costs one index update. */
const WRITE_DELAY_MS = 1_000;

/** One entry per service and survey; the version stamp inside tells whether it is still current. */
const storageKey = (baseUrl: string, surveyId: string) => `${PREFIX}${baseUrl}|${surveyId}`;

interface StoredFootprint {
  version: string;
  footprint: SurveyFootprint;
}

const pending = new Map<string, StoredFootprint>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => flushStoredFootprints());

export function readStoredFootprint(baseUrl: string, surveyId: string, version: string): SurveyFootprint | undefined {
  const key = storageKey(baseUrl, surveyId);
  try {
    const stored = pending.get(key) ?? (JSON.parse(localStorage.getItem(key) ?? 'null') as StoredFootprint | null);
    return stored?.version === version ? stored.footprint : undefined;
  } catch {
    return undefined;
  }
}

/** Queues the footprint for storage; a full storage makes room by dropping the least recently stored. */
export function storeFootprint(baseUrl: string, version: string, footprint: SurveyFootprint): void {
  pending.set(storageKey(baseUrl, footprint.surveyId), { version, footprint });
  flushTimer ??= setTimeout(flushStoredFootprints, WRITE_DELAY_MS);
}

/** Writes what is queued now (also called by the timer). */
export function flushStoredFootprints(): void {
  if (flushTimer !== null) clearTimeout(flushTimer);
  flushTimer = null;
  if (pending.size === 0) return;
  const batch = [...pending];
  pending.clear();
  try {
    const index = readIndex();
    for (const [key, entry] of batch) {
      index.delete(key);
      const value = JSON.stringify(entry);
      if (!writeMakingRoom(key, () => value, index)) continue;
      index.add(key);
    }
    while (index.size > MAX_STORED_FOOTPRINTS) evictOldest(index);
    writeMakingRoom(INDEX_KEY, () => JSON.stringify([...index]), index);
  } catch {
    // Storage unavailable (e.g. disabled): footprints are simply fetched again next time.
  }
}

function readIndex(): Set<string> {
  try {
    const stored = localStorage.getItem(INDEX_KEY);
    const keys = stored === null ? null : (JSON.parse(stored) as unknown);
    if (Array.isArray(keys)) return new Set(keys.filter((key): key is string => typeof key === 'string'));
  } catch {
    // A damaged index is rebuilt below.
  }
  return new Set(Object.keys(localStorage).filter((key) => key.startsWith(PREFIX)));
}

/** Stores the value, dropping the least recently stored footprints while the quota is exceeded. */
function writeMakingRoom(key: string, value: () => string, index: Set<string>): boolean {
  for (;;) {
    try {
      localStorage.setItem(key, value());
      return true;
    } catch {
      if (index.size === 0) return false;
      const drop = Math.max(1, Math.ceil(index.size / 10));
      for (let i = 0; i < drop; i++) evictOldest(index);
    }
  }
}

function evictOldest(index: Set<string>): void {
  const oldest = index.values().next().value;
  if (oldest === undefined) return;
  index.delete(oldest);
  localStorage.removeItem(oldest);
}
