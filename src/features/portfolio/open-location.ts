import type { SurveyMap } from '../../map/survey-map.ts';
import { pairComparison, zoomForLocation } from './portfolio-export.ts';
import type { PortfolioRow } from './portfolio-rows.ts';
import { compareStore } from '../../state/compare-store.ts';
import { portfolioStore } from './portfolio-store.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { sideBySideStore } from '../../state/side-by-side-store.ts';

/** What a location opens: its latest survey, its before → after pair swiped, or those and the latest side by side. */
export type LocationView = 'latest' | 'compare' | 'side-by-side';

/** The location's captures side by side: before, after and (when later still) the latest, oldest first. */
const sideBySideCaptures = ({ before, after, latest }: PortfolioRow['captures']): string[] => [
  ...new Set([before?.id, after?.id, latest?.id].filter((id): id is string => Boolean(id))),
];

/**
 * Goes to a location: the map zooms to it and previews its latest survey, or swipes its capture before the event
 * against the first after it, or shows those and the latest side by side.
 */
export function openLocation(surveyMap: SurveyMap | null, row: PortfolioRow, view: LocationView = 'latest'): void {
  portfolioStore.getState().locationChosen(row.location.id);
  surveyMap?.camera.zoomTo(row.location.position, zoomForLocation(row));
  const panes = view === 'side-by-side' ? sideBySideCaptures(row.captures) : [];
  if (panes.length > 1) {
    selectionStore.getState().selectionCleared();
    sideBySideStore.getState().sideBySideOpened(panes);
    return;
  }
  if (sideBySideStore.getState().panes.length > 0) sideBySideStore.getState().sideBySideClosed();
  const pair = view === 'compare' ? pairComparison(row.captures) : null;
  if (pair) {
    // Another location's survey would stay selected (its panel open) while this one's pair is compared.
    selectionStore.getState().selectionCleared();
    compareStore.getState().compareRestored(pair);
    return;
  }
  if (compareStore.getState().active) compareStore.getState().compareClosed();
  // 'link': the map stays at the location rather than moving to the survey's imagery.
  const { latest } = row.captures;
  if (latest) selectionStore.getState().surveySelected(latest.id, 'link');
}
