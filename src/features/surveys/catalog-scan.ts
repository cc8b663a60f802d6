/** Paging through the catalog on behalf of filters: when to read another page, and how to say how far it got. */

export interface ScanProgress {
  /** Surveys read so far. */
  searched: number;
  /** The catalog's size, where the service says. */
  total: number | null;
  matches: number;
  /** The catalog has pages not read yet. */
  hasNext: boolean;
  /** The user stopped the search. */
  stopped: boolean;
  /** The order needs every survey (any sort but newest first). */
  wholeCatalog: boolean;
  /** The search text may name a place, and the place names are still loading: no match is final yet. */
  placesPending: boolean;
}

export interface ScanDemand extends ScanProgress {
  /** Rows the list wants filled: those on screen and a margin below them. */
  rowsWanted: number;
  fetching: boolean;
  failed: boolean;
}

/** Whether to read the next page now: until the list is full, or for a whole-catalog order until the end. */
export function scanWanted(s: ScanDemand): boolean {
  if (!s.hasNext || s.stopped || s.fetching || s.failed) return false;
  return s.wholeCatalog || s.matches < s.rowsWanted;
}

export type ScanPhase = 'searching' | 'paused' | 'stopped' | 'done';

const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The scan's phase, given whether a page is being read or wanted right now. */
export function scanPhase(s: ScanProgress, busy: boolean): ScanPhase {
  if (s.placesPending && !s.stopped) return 'searching';
  if (!s.hasNext) return 'done';
  if (s.stopped) return 'stopped';
  return busy || s.wholeCatalog ? 'searching' : 'paused';
}

/**
 * "Searched 250 of 900 surveys · 12 matches", or once the catalog is read "12 matches · 900 surveys in the catalog".
 */
export function describeScan(s: ScanProgress, phase: ScanPhase): string {
  const matches = count(s.matches, 'match', 'matches');
  if (phase === 'done') return `${matches} · ${count(s.searched, 'survey', 'surveys')} in the catalog`;
  const searched =
    s.total !== null
      ? `${s.searched.toLocaleString()} of ${count(s.total, 'survey', 'surveys')}`
      : count(s.searched, 'survey', 'surveys');
  if (phase === 'stopped') return `Search stopped after ${searched} · ${matches}`;
  if (phase === 'paused') return `Searched ${searched} · ${matches} so far`;
  return `Searched ${searched} · ${matches}`;
}
