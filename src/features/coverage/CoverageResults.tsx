import { useEffect, useRef } from 'react';
import type { Connection } from '../../api/connection.ts';
import { selectionStore, useSelection } from '../../state/selection-store.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { optionRowClass } from '../../ui/listbox/option-row.ts';
import { useListboxKeys } from '../../ui/listbox/use-listbox-keys.ts';
import { formatCaptureWindow, formatCaptureWindowUtc, formatCloudCover } from '../../format/survey-format.ts';
import { useAreaFormat } from '../../units/use-area-format.ts';
import { coverageSentence } from './coverage-sentence.ts';
import { formatCount, formatPercent } from '../../format/coverage-format.ts';
import { useCoverage } from './use-coverage.ts';
import { useRowVirtualizer } from '../../ui/listbox/use-row-virtualizer.ts';

const optionId = (index: number) => `coverage-option-${index}`;
/** A result row's usual height; rows are measured once drawn. */
const ROW_HEIGHT = 72;

const hover = (id: string | null) => selectionStore.getState().surveyHovered(id);
const select = (id: string) => selectionStore.getState().surveySelected(id, 'area');

/** The surveys covering the area, best coverage first, as a listbox in step with the map (hover and selection). */
export function CoverageResults({ connection }: { connection: Connection }) {
  const { area, search, query, ranking, summary } = useCoverage(connection);
  const selectedId = useSelection((s) => s.selectedId);
  const hoveredId = useSelection((s) => s.hoveredId);
  const listRef = useRef<HTMLDivElement>(null);
  const formatArea = useAreaFormat();
  const results = summary?.results ?? [];

  // Only the rows in sight (and a few around) are in the DOM: a search can find thousands.
  const virtualizer = useRowVirtualizer({
    count: results.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => results[index].id,
  });
  const selectedIndex = selectedId ? results.findIndex((r) => r.id === selectedId) : -1;
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const { activeIndex, setActiveIndex, onKeyDown, onFocus } = useListboxKeys({
    count: results.length,
    selectedIndex,
    onActivate: (index) => {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      hover(results[index]?.id ?? null);
    },
    onChoose: (index) => select(results[index].id),
  });

  if (!area || !search) return null;

  const gapLeft = (summary?.uncovered.km2 ?? 0) > 0;
  const exportFootprints = async () => (await import('./downloads.ts')).saveFootprints(results);

  return (
    <section className="panel-section" aria-labelledby="coverage-title">
      <div className="panel-section__heading">
        <h2 id="coverage-title" className="panel-section__title">
          Coverage
        </h2>
        {results.length > 0 && (
          <div className="panel-section__actions">
            <button
              type="button"
              className="button button--small"
              aria-label="Export footprints as GeoJSON"
              onClick={() => void exportFootprints()}
            >
              Footprints GeoJSON
            </button>
          </div>
        )}
      </div>

      {query.isPending && query.fetchStatus === 'paused' && (
        <p className="panel-section__empty" role="status">
          The browser is offline: the search runs as soon as the connection is back.
        </p>
      )}
      {query.isPending && query.fetchStatus !== 'paused' && (
        <p className="panel-section__empty" role="status">
          <span className="spinner-text">Searching for surveys over the area…</span>
        </p>
      )}
      {query.isError && (
        <ErrorNotice title="Coverage search failed" error={query.error} onRetry={() => void query.refetch()} compact />
      )}
      {query.isSuccess && ranking.isPending && (
        <p className="panel-section__empty" role="status">
          <span className="spinner-text">
            Working out how much of the area each of {formatCount(query.data.length)}{' '}
            {query.data.length === 1 ? 'survey' : 'surveys'} covers…
          </span>
        </p>
      )}
      {ranking.isError && (
        <ErrorNotice
          title="Could not rank the results"
          error={ranking.error}
          onRetry={() => void ranking.refetch()}
          compact
        />
      )}
      {summary && (
        <>
          <div className="coverage-summary" role="status">
            <span
              className={gapLeft || results.length === 0 ? undefined : 'coverage-summary__covered'}
              data-testid="coverage-sentence"
            >
              {coverageSentence(
                results.map((r) => r.percentCovered),
                gapLeft,
                Boolean(search.observedStart || search.observedEnd),
              )}
            </span>
            {gapLeft && (
              <span className="coverage-summary__uncovered" data-testid="uncovered">
                <span className="legend-swatch legend-swatch--uncovered" aria-hidden="true" />
                Not covered: {formatArea(summary.uncovered.km2)} (
                {formatPercent((summary.uncovered.km2 / area.km2) * 100)})
              </span>
            )}
          </div>
          {results.length > 0 && (
            <div
              ref={listRef}
              className="coverage-list"
              role="listbox"
              aria-label="Coverage results"
              tabIndex={0}
              aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
              onKeyDown={onKeyDown}
              onFocus={onFocus}
              onBlur={() => setActiveIndex(-1)}
              onMouseLeave={() => hover(null)}
            >
              <div role="presentation" className="coverage-list__canvas" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map(({ index, start }) => {
                  const result = results[index];
                  const classes = optionRowClass('coverage-option', {
                    selected: result.id === selectedId,
                    highlighted: result.id === hoveredId,
                    active: index === activeIndex,
                  });
                  return (
                    // The listbox holds focus and names the active option (aria-activedescendant); its keys choose.
                    // biome-ignore lint/a11y/useFocusableInteractive: see above
                    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                    <div
                      key={result.id}
                      ref={virtualizer.measureElement}
                      data-index={index}
                      id={optionId(index)}
                      role="option"
                      aria-selected={result.id === selectedId}
                      aria-setsize={results.length}
                      aria-posinset={index + 1}
                      data-survey-id={result.id}
                      className={classes}
                      style={{ transform: `translateY(${start}px)` }}
                      onMouseEnter={() => hover(result.id)}
                      onClick={() => select(result.id)}
                    >
                      <div className="coverage-option__top">
                        <span className="coverage-option__id option-row__id">{result.id}</span>
                        <span
                          className="coverage-option__percent"
                          title={`${result.percentCovered.toFixed(1)}% of the area`}
                        >
                          {formatPercent(result.percentCovered)}
                        </span>
                      </div>
                      <div className="coverage-bar" aria-hidden="true">
                        <div
                          className="coverage-bar__fill"
                          style={{ width: `${Math.min(100, result.percentCovered)}%` }}
                        />
                      </div>
                      <div className="coverage-option__meta">
                        <span title={formatCaptureWindowUtc(result.captureStart, result.captureEnd)}>
                          {formatCaptureWindow(result.captureStart, result.captureEnd)}
                        </span>
                        <span>{formatCloudCover(result.cloudCover)}</span>
                      </div>
                    </div>
                  );
                })}
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
