import { useEffect } from 'react';
import type { SurveyMap } from '../map/survey-map.ts';
import { annotationsFromLinkParam, annotationsLinkParam, annotationsStore } from '../features/annotations/index.ts';
import { type AreaOrigin, areaSearchStore, DEFAULT_TILE_ZOOM } from '../features/area-search/index.ts';
import { findChangesStore, type FindChangesState } from '../features/find-changes/index.ts';
import { compareStore } from '../state/compare-store.ts';
import { filterStore } from '../state/filter-store.ts';
import { selectionStore } from '../state/selection-store.ts';
import { sideBySideStore } from '../state/side-by-side-store.ts';
import { uiStore } from '../state/ui-store.ts';
import { setLinkFlusher } from '../links/current-page-url.ts';
import { encodeArea, linkFromHash, linkToHash, navigationKey, type LinkState } from '../links/link-state.ts';

/** The URL is written at most this long after the map comes to rest (a reload right after a zoom keeps it). */
const VIEW_WRITE_MS = 150;
const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 500 }) : run();

/** What this app keeps in each of its history entries, beside the URL: how the entry's area came. */
interface EntryState {
  surveyViewer: 1;
  areaOrigin: AreaOrigin | null;
}
const entryState = (): EntryState => ({ surveyViewer: 1, areaOrigin: areaSearchStore.getState().area?.origin ?? null });
/** The entry Back or Forward went to, when this app wrote it (a link typed or opened in the tab is not). */
const ownEntry = (state: unknown): EntryState | null =>
  state && typeof state === 'object' && (state as EntryState).surveyViewer === 1 ? (state as EntryState) : null;

/** What the stores and the map hold now, as a link. */
function currentLink(surveyMap: SurveyMap): LinkState {
  const area = areaSearchStore.getState();
  const compare = compareStore.getState();
  return {
    view: surveyMap.camera.getView(),
    surveyId: selectionStore.getState().selectedId,
    // Before sign-in a linked area is still waiting to be checked: it stays in the link.
    area: area.area?.geometry ?? area.pendingRestore,
    observed: { start: area.observedStart, end: area.observedEnd },
    filters: filterStore.getState().filters,
    compare:
      compare.a && compare.b
        ? { a: compare.a, b: compare.b, mode: compare.mode, swipe: compare.swipe, fade: compare.fade }
        : null,
    sideBySide: sideBySideStore.getState().panes,
    tileZoom: area.tileZoom === DEFAULT_TILE_ZOOM ? null : area.tileZoom,
    latestImagery: uiStore.getState().latestImagery,
    notes: annotationsLinkParam(annotationsStore.getState().annotations),
    changes: changesOf(findChangesStore.getState()),
  };
}

/** The comparison Find changes shows (or, from a link, is about to). */
function changesOf({ run, linked }: FindChangesState): LinkState['changes'] {
  const sides = run ?? linked;
  return sides && { before: sides.before, after: sides.after };
}

/**
 * A link's annotations are offered to the user, who is asked before any is added (the Notes feature asks, once what
 * this browser kept is read: only the ones not already here count).
 */
function applyLinkedNotes(notes: string): void {
  const linked = annotationsFromLinkParam(notes);
  const store = annotationsStore.getState();
  if (linked?.kind === 'omitted') {
    store.linkOmittedAnnotations(linked.count);
    uiStore.getState().noticeShown(`The link had ${linked.count} annotations, too many to carry in a link.`);
    return;
  }
  if (linked) store.linkNotesOffered(linked.annotations);
}

interface ApplyOptions {
  /**
   * A history entry of this app's own: an area it lacks was not there then, and goes. A link opened in the tab only
   * adds what it names: the user's current area stays when it has none.
   */
  entry: EntryState | null;
  /** The page reloaded on an entry of this app's own: its notes are the user's, already kept. */
  reloaded?: boolean;
}

/** Puts a link's state into the stores; the map view is the hook's to apply. */
function applyToStores(link: LinkState, { entry, reloaded = false }: ApplyOptions): void {
  filterStore.getState().filtersRestored(link.filters);
  if (link.compare) compareStore.getState().compareRestored(link.compare);
  else compareStore.getState().compareClosed();
  sideBySideStore.getState().sideBySideRestored(link.sideBySide);
  if (link.surveyId) selectionStore.getState().surveySelected(link.surveyId, 'link');
  else selectionStore.getState().selectionCleared();
  const area = areaSearchStore.getState();
  const current = area.area?.geometry ?? area.pendingRestore;
  const keepArea = !link.area && !entry;
  if (!keepArea && (current && encodeArea(current)) !== (link.area && encodeArea(link.area)))
    area.areaLinked(link.area, entry?.areaOrigin ?? (entry ? 'restored' : 'linked'));
  if (link.view && keepArea) area.viewLinked();
  area.dateRangeChanged({ observedStart: link.observed.start, observedEnd: link.observed.end });
  if ((link.tileZoom ?? DEFAULT_TILE_ZOOM) !== area.tileZoom) area.tileZoomChosen(link.tileZoom ?? DEFAULT_TILE_ZOOM);
  uiStore.getState().latestImageryRestored(link.latestImagery);
  findChangesStore.getState().changesLinked(link.area ? link.changes : null);
  if (link.area) uiStore.getState().sidebarTabChosen('area');
  // Only a link opened in the tab brings annotations: going Back (or reloading) must not undo the user's edits.
  if (link.notes && !entry && !reloaded) applyLinkedNotes(link.notes);
}

/** The page's own link at load, applied to the stores before the first render (a link beats stored state). */
const initialLink = typeof location === 'undefined' ? null : linkFromHash(location.hash);
if (initialLink) applyToStores(initialLink, { entry: null, reloaded: ownEntry(history.state) !== null });

/** The camera of the link the page was opened with: the map starts there. */
export const linkedView = () => initialLink?.view ?? null;

/**
 * The one owner of the URL and history: restores a shared link, keeps the fragment in step with
 * what is shown, adds a history entry for each new selection, comparison, side-by-side set or area (view moves and
 * slider drags replace the current entry), and walks back through them on Back/Forward.
 */
export function useLinkHistory(surveyMap: SurveyMap | null): void {
  useEffect(() => {
    if (!surveyMap) return;

    let lastKey = navigationKey(currentLink(surveyMap));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;
    let entryPending = false;
    const write = ({ evenWhileMoving = false } = {}) => {
      timer = undefined;
      if (disposed) return;
      // While the camera moves only a new selection, comparison or area is written (each its own step back); anything
      // else waits for the camera to stop (its moveend schedules the write) rather than spend ~10 ms of a frame.
      if (surveyMap.camera.isMoving() && !evenWhileMoving && !entryPending) return;
      entryPending = false;
      const link = currentLink(surveyMap);
      const key = navigationKey(link);
      // A view change waits for the camera to stop (its moveend schedules the write); a new selection, comparison or
      // area is a history entry at once.
      if (key === lastKey && surveyMap.camera.isMoving() && !evenWhileMoving) return;
      const hash = linkToHash(link);
      if (hash === location.hash && ownEntry(history.state)) return;
      const url = `${location.pathname}${location.search}${hash}`;
      if (key !== lastKey) history.pushState(entryState(), '', url);
      else history.replaceState(entryState(), '', url);
      lastKey = key;
    };
    // Coalesces a burst of changes (a drag, a restore touching several stores) into one entry, written when the page is
    // idle.
    const schedule = () => {
      if (timer === undefined) timer = setTimeout(() => whenIdle(() => write()), VIEW_WRITE_MS);
    };
    // A new selection, comparison or area is its own entry, written on the next task (stores changed together
    // still make one), however busy the page is: two areas pasted a second apart are two steps back.
    const scheduleEntry = () => {
      clearTimeout(timer);
      timer = setTimeout(() => write(), 0);
    };
    setLinkFlusher(() => {
      clearTimeout(timer);
      write({ evenWhileMoving: true });
    });
    const onPopState = () => {
      const link = linkFromHash(location.hash);
      if (!link) return;
      clearTimeout(timer);
      timer = undefined;
      applyToStores(link, { entry: ownEntry(history.state) });
      if (link.view) surveyMap.camera.setView(link.view);
      // What is shown now (a link without an area kept the user's), and the entry marked as this app's.
      lastKey = navigationKey(currentLink(surveyMap));
      schedule();
    };

    const entryChanged = () => {
      entryPending = true;
      scheduleEntry();
    };
    const offs = [
      selectionStore.subscribe((s, p) => s.selectedId !== p.selectedId && entryChanged()),
      compareStore.subscribe((s, p) =>
        s.a !== p.a || s.b !== p.b || s.active !== p.active ? entryChanged() : schedule(),
      ),
      sideBySideStore.subscribe((s, p) => s.panes !== p.panes && entryChanged()),
      filterStore.subscribe(schedule),
      areaSearchStore.subscribe((s, p) => {
        if (s.area !== p.area || s.pendingRestore !== p.pendingRestore) entryChanged();
        else if (s.observedStart !== p.observedStart || s.observedEnd !== p.observedEnd || s.tileZoom !== p.tileZoom)
          schedule();
      }),
      uiStore.subscribe((s, p) => s.latestImagery !== p.latestImagery && schedule()),
      annotationsStore.subscribe((s, p) => s.annotations !== p.annotations && schedule()),
      findChangesStore.subscribe((s, p) => (s.run !== p.run || s.linked !== p.linked) && schedule()),
      surveyMap.camera.onViewChange(schedule, { settled: true }),
      surveyMap.camera.onMapIdle(schedule),
    ];
    window.addEventListener('popstate', onPopState);
    schedule();
    return () => {
      disposed = true;
      setLinkFlusher(() => undefined);
      clearTimeout(timer);
      for (const off of offs) off();
      window.removeEventListener('popstate', onPopState);
    };
  }, [surveyMap]);
}
