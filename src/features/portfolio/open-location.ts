import type { SurveyMap } from '../../map/survey-map.ts';
import { pairComparison, zoomForLocation } from './portfolio-export.ts';
import type { PortfolioRow } from './portfolio-rows.ts';
import { compareStore } from '../../state/compare-store.ts';
import { portfolioStore } from './portfolio-store.ts';
import { selectionStore } from '../../state/selection-store.ts';

/**
 * Goes to a location: the map zooms to it and previews its latest survey, or (`compare`) swipes its capture before
 * the event against the first after it.
 */
export function openLocation(surveyMap: SurveyMap | null, row: PortfolioRow, compare = false): void {
  portfolioStore.getState().locationChosen(row.location.id);
  surveyMap?.camera.zoomTo(row.location.position, zoomForLocation(row));
  const pair = compare ? pairComparison(row.captures) : null;
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
