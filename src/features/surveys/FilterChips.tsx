import { memo, useLayoutEffect, useRef } from 'react';
import { filterStore, type SurveyFilters } from '../../state/filter-store.ts';
import { filterChips } from './survey-filters.ts';

/** The active filters as removable chips, and "Clear all". Focus stays on a chip after one is removed. */
// Memoised, as the filter bar is: the list around it renders on every scroll step.
export const FilterChips = memo(function FilterChips({
  filters,
  onAllRemoved,
}: {
  filters: SurveyFilters;
  onAllRemoved(): void;
}) {
  const chips = filterChips(filters);
  const group = useRef<HTMLDivElement>(null);
  const focusAfterRemoval = useRef<number | null>(null);

  useLayoutEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = group.current?.querySelectorAll<HTMLButtonElement>('.filter-chip');
    if (buttons?.length) buttons[Math.min(index, buttons.length - 1)].focus();
    else onAllRemoved();
  });

  if (chips.length === 0) return null;
  return (
    <div ref={group} className="filter-chips" role="group" aria-label="Active filters">
      {chips.map((chip, index) => (
        <button
          key={chip.id}
          type="button"
          className="filter-chip"
          aria-label={`Remove filter: ${chip.label}`}
          onClick={() => {
            focusAfterRemoval.current = index;
            filterStore.getState().filtersChanged(chip.removal);
          }}
        >
          {chip.label}
          <span className="filter-chip__remove" aria-hidden="true">
            ×
          </span>
        </button>
      ))}
      <button
        type="button"
        className="button button--link"
        onClick={() => {
          filterStore.getState().filtersCleared();
          onAllRemoved();
        }}
      >
        Clear all
      </button>
    </div>
  );
});
