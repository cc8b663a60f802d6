import { useCallback, useEffect, useRef, useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import { filterStore } from '../../state/filter-store.ts';
import { selectionStore, useSelection } from '../../state/selection-store.ts';
import { uiStore } from '../../state/ui-store.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { useListboxKeys } from '../../ui/listbox/use-listbox-keys.ts';
import { FilterChips } from './FilterChips.tsx';
import { ScanStatus } from './ScanStatus.tsx';
import { SurveyFilterBar } from './SurveyFilterBar.tsx';
import { SurveyOption, surveyOptionId } from './SurveyOption.tsx';
import { rowSlots } from './row-slots.ts';
import { useCatalogPaging } from './use-catalog-paging.ts';
import { useSurveyList } from './use-survey-list.ts';
import { formatCount } from '../../format/coverage-format.ts';
import { useRowVirtualizer } from '../../ui/listbox/use-row-virtualizer.ts';

const ROW_HEIGHT = 78;
/** Keep this many rows loaded beyond the last one on screen. */
const PREFETCH_ROWS = 8;

/** The filter bar and the virtualized survey listbox: the catalog paged in on scroll, or the filters' matches. */
export function SurveyList({ connection }: { connection: Connection }) {
  const view = useSurveyList(connection);
  const { query, surveys, total, filters, filtered } = view;
  const { hasNextPage, isFetchNextPageError, fetchNextPage } = query;
  const selectedId = useSelection((s) => s.selectedId);
  const hoveredId = useSelection((s) => s.hoveredId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const [rowsWanted, setRowsWanted] = useState(PREFETCH_ROWS);
  const { progress, phase, stop, resume } = useCatalogPaging(connection, view, rowsWanted);
  const rowCount = surveys.length + ((hasNextPage && !progress.stopped) || isFetchNextPageError ? 1 : 0);
  const virtualizer = useRowVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (index >= surveys.length && isFetchNextPageError ? 190 : ROW_HEIGHT),
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  // Adjusted during the render that scrolled (React renders again at once, before committing), not in an effect:
  // an effect would commit first and then render and commit again before the next page was asked for.
  const wantedNow = (items.at(-1)?.index ?? -1) + 1 + PREFETCH_ROWS;
  if (wantedNow !== rowsWanted) setRowsWanted(wantedNow);

  // Read (and updated) during render: a render React throws away leaves slots that are still a valid assignment.
  const slotsBefore = useRef<ReadonlyMap<number, number>>(new Map());
  const slots = rowSlots(
    slotsBefore.current,
    items.flatMap((item) => (item.index < surveys.length ? [item.index] : [])),
  );
  slotsBefore.current = slots;

  const idsInView = items.filter((item) => item.index < surveys.length).map((item) => surveys[item.index].id);
  const idsKey = idsInView.join('\n');
  useEffect(() => {
    uiStore.getState().listScrolled(idsKey ? idsKey.split('\n') : []);
  }, [idsKey]);

  const selectedIndex = selectedId ? surveys.findIndex((s) => s.id === selectedId) : -1;
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  // A footprint hovered on the map brings its row into sight (when loaded), leaving the focus where it is.
  const surveysNow = useRef(surveys);
  surveysNow.current = surveys;
  useEffect(
    () =>
      selectionStore.subscribe(({ hoveredId, hoveredFrom }, before) => {
        if (hoveredFrom !== 'map' || hoveredId === null || hoveredId === before.hoveredId) return;
        const index = surveysNow.current.findIndex((s) => s.id === hoveredId);
        if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
      }),
    [virtualizer],
  );

  const hover = useCallback((id: string | null) => selectionStore.getState().surveyHovered(id), []);
  const select = useCallback((id: string) => selectionStore.getState().surveySelected(id), []);

  const { activeIndex, setActiveIndex, onKeyDown, onFocus } = useListboxKeys({
    count: surveys.length,
    selectedIndex,
    // The first row wholly on screen.
    firstIndex: () => Math.ceil((scrollRef.current?.scrollTop ?? 0) / ROW_HEIGHT),
    pageSize: () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1),
    onActivate: (index) => {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      hover(surveys[index]?.id ?? null);
    },
    onChoose: (index) => select(surveys[index].id),
  });
  // A new filter makes a new list: no option stays active.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of filters, which it does not read
  useEffect(() => setActiveIndex(-1), [filters, setActiveIndex]);

  const focusSearch = useCallback(() => searchRef.current?.focus(), []);
  const header = (
    <>
      <SurveyFilterBar filters={filters} searchRef={searchRef} />
      <FilterChips filters={filters} onAllRemoved={focusSearch} />
    </>
  );

  if (query.isPending && !progress.stopped) {
    return (
      <>
        {header}
        {filtered && (
          <p className="survey-list__count spinner-text" role="status">
            Searching the catalog…
          </p>
        )}
        <div className="survey-list survey-list--placeholder" role="listbox" aria-label="Surveys" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: six fixed placeholder rows
            <div key={i} className="survey-skeleton" aria-hidden="true" />
          ))}
        </div>
      </>
    );
  }
  if (query.isError && !query.data) {
    return (
      <>
        {header}
        <div className="survey-list__state">
          <ErrorNotice
            title={filtered ? 'Could not search the catalog' : 'Could not load surveys'}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        </div>
      </>
    );
  }

  const clearFilters = () => {
    filterStore.getState().filtersCleared();
    searchRef.current?.focus();
  };
  const empty = filtered ? (
    phase === 'searching' || phase === 'paused' ? (
      <div className="survey-list__state survey-list__empty">Looking for matches…</div>
    ) : (
      <div className="survey-list__state survey-list__empty">
        <p className="survey-list__empty-text">
          {phase === 'done'
            ? 'No surveys in the catalog match these filters.'
            : 'No matches in the surveys searched so far.'}
        </p>
        <button type="button" className="button button--small" onClick={clearFilters}>
          Clear filters
        </button>
      </div>
    )
  ) : (
    <div className="survey-list__state survey-list__empty">No surveys are published on this service yet.</div>
  );

  return (
    <>
      {header}
      {filtered ? (
        <ScanStatus progress={progress} phase={phase} sort={filters.sort} onStop={stop} onContinue={resume} />
      ) : (
        <div className="survey-list__count" aria-live="polite">
          {total !== null
            ? `${formatCount(total)} ${total === 1 ? 'survey' : 'surveys'}`
            : `${formatCount(surveys.length)}+ surveys`}
          {total !== null && surveys.length < total && (
            <span className="survey-list__loaded"> · {formatCount(surveys.length)} loaded</span>
          )}
        </div>
      )}
      {surveys.length === 0 ? (
        empty
      ) : (
        <div
          ref={scrollRef}
          className="survey-list"
          role="listbox"
          aria-label="Surveys"
          tabIndex={0}
          aria-activedescendant={activeIndex >= 0 ? surveyOptionId(activeIndex) : undefined}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onBlur={() => setActiveIndex(-1)}
        >
          <div role="presentation" className="survey-list__canvas" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) =>
              item.index < surveys.length ? (
                <SurveyOption
                  // Keyed by slot, not by survey: a row scrolled out is reused for the row scrolled in, updated rather
                  // than rebuilt.
                  key={slots.get(item.index)}
                  survey={surveys[item.index]}
                  index={item.index}
                  setSize={filtered ? (phase === 'done' ? surveys.length : -1) : (total ?? -1)}
                  top={item.start}
                  height={item.size}
                  selected={surveys[item.index].id === selectedId}
                  highlighted={surveys[item.index].id === hoveredId}
                  active={item.index === activeIndex}
                  onHover={hover}
                  onSelect={select}
                />
              ) : (
                <div
                  key="more"
                  role="presentation"
                  className="survey-list__more"
                  style={{ transform: `translateY(${item.start}px)`, height: item.size }}
                >
                  {isFetchNextPageError ? (
                    <ErrorNotice
                      title={filtered ? 'Could not search further' : 'Could not load more surveys'}
                      error={query.error}
                      onRetry={() => void fetchNextPage()}
                      compact
                    />
                  ) : (
                    <span className="spinner-text">
                      {filtered ? 'Searching the catalog…' : 'Loading more surveys…'}
                    </span>
                  )}
                </div>
              ),
            )}
          </div>
        </div>
      )}
    </>
  );
}
