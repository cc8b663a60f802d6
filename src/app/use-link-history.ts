import { useEffect } from 'react';
import type { SurveyMap } from '../map/survey-map.ts';
import { areaSearchStore, DEFAULT_TILE_ZOOM } from '../state/area-search-store.ts';
import { compareStore } from '../state/compare-store.ts';
import { filterStore } from '../state/filter-store.ts';
import { selectionStore } from '../state/selection-store.ts';
import { uiStore } from '../state/ui-store.ts';
import { encodeArea, linkFromHash, linkToHash, navigationKey, type LinkState } from './link-state.ts';

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : run();

/** What the stores and the map hold now, as a link. */
function currentLink(surveyMap: SurveyMap): LinkState {
  const area = areaSearchStore.getState();
  const compare = compareStore.getState();
  return {
    view: surveyMap.getView(),
    surveyId: selectionStore.getState().selectedId,
    // Before sign-in a linked area is still waiting to be checked: it stays in the link.
    area: area.area?.geometry ?? area.pendingRestore,
    observed: { start: area.observedStart, end: area.observedEnd },
    filters: filterStore.getState().filters,
    compare:
      compare.a && compare.b
        ? { a: compare.a, b: compare.b, mode: compare.mode, swipe: compare.swipe, fade: compare.fade }
        : null,
    tileZoom: area.tileZoom === DEFAULT_TILE_ZOOM ? null : area.tileZoom,
    latestImagery: uiStore.getState().latestImagery,
  };
}

/** Puts a link's state into the stores; the map view is the hook's to apply. */
function applyToStores(link: LinkState): void {
  filterStore.getState().filtersRestored(link.filters);
  if (link.compare) compareStore.getState().compareRestored(link.compare);
  else compareStore.getState().compareClosed();
  if (link.surveyId) selectionStore.getState().surveySelected(link.surveyId, 'link');
  else selectionStore.getState().selectionCleared();
  const area = areaSearchStore.getState();
  const current = area.area?.geometry ?? area.pendingRestore;
  if ((current && encodeArea(current)) !== (link.area && encodeArea(link.area))) area.areaLinked(link.area);
  area.dateRangeChanged({ observedStart: link.observed.start, observedEnd: link.observed.end });
  if ((link.tileZoom ?? DEFAULT_TILE_ZOOM) !== area.tileZoom) area.tileZoomChosen(link.tileZoom ?? DEFAULT_TILE_ZOOM);
  uiStore.getState().latestImageryRestored(link.latestImagery);
  if (link.area) uiStore.getState().sidebarTabChosen('area');
}

let flushLink: () => void = () => undefined;

/** The URL with everything shown now, written at once (e.g. before it is copied). */
export function currentPageUrl(): string {
  flushLink();
  return location.href;
}

/** The page's own link at load, applied to the stores before the first render (a link beats stored state). */
const initialLink = typeof location === 'undefined' ? null : linkFromHash(location.hash);
if (initialLink) applyToStores(initialLink);

/** The camera of the link the page was opened with: the map starts there. */
export const linkedView = () => initialLink?.view ?? null;

/**
 * The one owner of the URL and history: restores a shared link, keeps the fragment in step with
 * what is shown, adds a history entry for each new selection, comparison or area (view moves and
 * slider drags replace the current entry), and walks back through them on Back/Forward.
 */
export function useLinkHistory(surveyMap: SurveyMap | null): void {
  useEffect(() => {
    if (!surveyMap) return;

    let lastKey = navigationKey(currentLink(surveyMap));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;
    const write = ({ evenWhileMoving = false } = {}) => {
      timer = undefined;
      if (disposed) return;
      const link = currentLink(surveyMap);
      const key = navigationKey(link);
      // A view change waits while the camera moves (the map's next idle schedules it again); a new
      // selection, comparison or area is a history entry at once.
      if (key === lastKey && surveyMap.isMoving() && !evenWhileMoving) return;
      const hash = linkToHash(link);
      if (hash === location.hash) return;
      const url = `${location.pathname}${location.search}${hash}`;
      if (key !== lastKey) history.pushState(null, '', url);
      else history.replaceState(null, '', url);
      lastKey = key;
    };
    // Coalesces a burst of changes (a drag, a restore touching several stores) into one entry, written when the page is
    // idle.
    const schedule = () => {
      if (timer === undefined) timer = setTimeout(() => whenIdle(() => write()), 200);
    };
    // A new selection or comparison is its own entry, written on the next task (stores changed together
    // still make one), however busy the page is: two selections a second apart are two steps back.
    const scheduleEntry = () => {
      clearTimeout(timer);
      timer = setTimeout(() => write(), 0);
    };
    flushLink = () => {
      clearTimeout(timer);
      write({ evenWhileMoving: true });
    };
    const onPopState = () => {
      const link = linkFromHash(location.hash);
      if (!link) return;
      clearTimeout(timer);
      timer = undefined;
      applyToStores(link);
      if (link.view) surveyMap.setView(link.view);
      lastKey = navigationKey(link);
    };

    const offs = [
      selectionStore.subscribe((s, p) => s.selectedId !== p.selectedId && scheduleEntry()),
      compareStore.subscribe((s, p) =>
        s.a !== p.a || s.b !== p.b || s.active !== p.active ? scheduleEntry() : schedule(),
      ),
      filterStore.subscribe(schedule),
      areaSearchStore.subscribe((s, p) => {
        const changed =
          s.area !== p.area ||
          s.pendingRestore !== p.pendingRestore ||
          s.observedStart !== p.observedStart ||
          s.observedEnd !== p.observedEnd ||
          s.tileZoom !== p.tileZoom;
        if (changed) schedule();
      }),
      uiStore.subscribe((s, p) => s.latestImagery !== p.latestImagery && schedule()),
      surveyMap.onMapIdle(schedule),
    ];
    window.addEventListener('popstate', onPopState);
    schedule();
    return () => {
      disposed = true;
      flushLink = () => undefined;
      clearTimeout(timer);
      for (const off of offs) off();
      window.removeEventListener('popstate', onPopState);
    };
  }, [surveyMap]);
}
