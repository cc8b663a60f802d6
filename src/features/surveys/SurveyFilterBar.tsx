import { memo, useId, useState, type Ref } from 'react';
import { DateRangeFieldset } from '../../ui/fields/DateRangeFieldset.tsx';
import { filterStore, type SurveyFilters, type SurveySort } from '../../state/filter-store.ts';
import { dateRangeProblem, parseMaxCloud, SORT_LABELS } from './survey-filters.ts';

const change = (patch: Partial<SurveyFilters>) => filterStore.getState().filtersChanged(patch);

/**
 * Id search and sort for the catalog list; the capture date range and maximum cloud cover behind a Filters disclosure
 * (open while one of them is set, until the user closes it), so that the list is a few Tab stops away.
 */
// Memoised: the list around it renders on every scroll step, its filters seldom change.
export const SurveyFilterBar = memo(function SurveyFilterBar({
  filters,
  searchRef,
}: {
  filters: SurveyFilters;
  searchRef?: Ref<HTMLInputElement>;
}) {
  const dateProblem = dateRangeProblem(filters);
  const moreId = useId();
  const active = Number(Boolean(filters.captureFrom || filters.captureTo)) + Number(filters.maxCloud !== null);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? active > 0;
  return (
    <form className="filter-bar" role="search" aria-label="Filter surveys" onSubmit={(event) => event.preventDefault()}>
      <div className="filter-bar__row">
        <input
          ref={searchRef}
          type="search"
          className="field__input filter-bar__search"
          aria-label="Search survey ids or places"
          aria-keyshortcuts="/"
          data-shortcut="survey-search"
          placeholder="Search ids or places, e.g. 2024Q3 or Denver"
          value={filters.idQuery}
          onChange={(e) => change({ idQuery: e.target.value })}
        />
        <select
          className="field__input field__input--select filter-bar__sort"
          aria-label="Sort surveys"
          value={filters.sort}
          onChange={(e) => change({ sort: e.target.value as SurveySort })}
        >
          {(Object.keys(SORT_LABELS) as SurveySort[]).map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--small filter-bar__toggle"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => setChosen(!open)}
        >
          Filters{active > 0 && <span className="filter-bar__count">{` (${active})`}</span>}
        </button>
      </div>
      <div id={moreId} className="filter-bar__more" hidden={!open}>
        <DateRangeFieldset
          className="filter-bar__dates"
          legend="Captured"
          legendClassName="filter-bar__label"
          labels={['Captured from', 'Captured to']}
          from={filters.captureFrom}
          to={filters.captureTo}
          invalid={dateProblem !== null}
          onChange={({ from, to }) =>
            change({ ...(from !== undefined && { captureFrom: from }), ...(to !== undefined && { captureTo: to }) })
          }
        >
          <span className="filter-bar__unit">UTC</span>
        </DateRangeFieldset>
        <MaxCloudField maxCloud={filters.maxCloud} />
      </div>
      {dateProblem && (
        <p className="field__error" role="alert">
          {dateProblem}
        </p>
      )}
    </form>
  );
});

/** Typed text is kept while it is not a valid percentage, so nothing the user entered is lost. */
function MaxCloudField({ maxCloud }: { maxCloud: number | null }) {
  const [typed, setTyped] = useState<{ text: string; problem: string; over: number | null } | null>(null);
  // A change from elsewhere (a chip, a shared link) replaces what was typed.
  const draft = typed && typed.over === maxCloud ? typed : null;
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const onChange = (text: string) => {
    const parsed = parseMaxCloud(text);
    if (parsed.ok) {
      setTyped(null);
      change({ maxCloud: parsed.maxCloud });
    } else {
      setTyped({ text, problem: parsed.problem, over: maxCloud });
    }
  };
  const describedBy = [maxCloud !== null && hintId, draft && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="filter-bar__cloud">
      <div className="filter-bar__row">
        <label className="filter-bar__label" htmlFor={inputId}>
          Max cloud
        </label>
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          className="field__input filter-bar__number"
          placeholder="any"
          aria-invalid={draft ? true : undefined}
          aria-describedby={describedBy}
          value={draft?.text ?? (maxCloud === null ? '' : String(maxCloud))}
          onChange={(e) => onChange(e.target.value)}
        />
        <span className="filter-bar__unit">%</span>
        {maxCloud !== null && (
          <span id={hintId} className="field__hint">
            Surveys of unknown cloud cover are left out.
          </span>
        )}
      </div>
      {draft && (
        <p id={errorId} className="field__error" role="alert">
          {draft.problem}
        </p>
      )}
    </div>
  );
}
