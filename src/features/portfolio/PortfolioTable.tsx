import { useEffect, useMemo, useRef, useState } from 'react';
import { useSurveyMap } from '../../map/map-context.ts';
import {
  AGE_BUCKETS,
  NO_IMAGERY_COLOUR,
  type PortfolioRow,
  type RowOrder,
  type SortKey,
  sortRows,
} from './portfolio-rows.ts';
import { usePortfolio } from './portfolio-store.ts';
import { openLocation } from './open-location.ts';
import { useRowVirtualizer } from '../../ui/listbox/use-row-virtualizer.ts';
import type { CaptureRules } from './location-result.ts';
import { formatCaptureDays } from '../../format/date-format.ts';
import type { LocationRefusal } from './portfolio.ts';
import { failureLine, failureStatus } from './change-failures.ts';
import { changeOfRow, changeStatusOf, filterByChange, type LocationChange } from './location-change.ts';

const ROW_HEIGHT = 40;
/** The sticky header row, above the first body row inside the scroller. */
const HEADER_HEIGHT = 32;
const COLUMNS: { key: SortKey; label: string; title: string }[] = [
  { key: 'location', label: 'Location', title: 'Location (file order)' },
  { key: 'surveys', label: 'Surveys', title: 'Surveys covering the location' },
  { key: 'latest', label: 'Latest', title: 'Latest capture' },
  { key: 'before', label: 'Before → after', title: 'Latest capture before the event, first after it' },
  { key: 'change', label: 'Change', title: 'Change score between the capture before the event and the one after' },
  { key: 'covered', label: '%', title: 'Share of the location covered' },
];

const day = (iso: string | undefined) => (iso ? formatCaptureDays(iso) : '—');
const pairDays = ({ before, after }: PortfolioRow['captures']) =>
  `${day(before?.captureEnd)} with ${day(after?.captureStart)}`;

/** The capture before the event over the one after it (each a day, or a dash). */
function Pair({ captures }: { captures: PortfolioRow['captures'] }) {
  return (
    <>
      <span className="portfolio-table__pair">{day(captures.before?.captureEnd)}</span>
      <span className="portfolio-table__pair">→ {day(captures.after?.captureStart)}</span>
    </>
  );
}

/** The latest capture's day; where every survey of the location is over the cloud limit, says so. */
function LatestCell({
  captures,
  checked,
  maxCloudCover,
}: {
  captures: PortfolioRow['captures'];
  checked: boolean;
  maxCloudCover: number | null;
}) {
  if (!checked) return <td />;
  const { latest, cloudy } = captures;
  if (!latest && cloudy > 0)
    return (
      <td
        className="portfolio-table__cloudy"
        title={`${cloudy} ${cloudy === 1 ? 'survey' : 'surveys'}, none within ${maxCloudCover} % cloud`}
      >
        cloudy
      </td>
    );
  return <td title={latest?.id}>{day(latest?.captureStart)}</td>;
}

/** How many surveys cover the location; dots while not checked; "refused" with the service's answer. */
function SurveysCell({ result, refusal }: { result: PortfolioRow['result']; refusal: LocationRefusal | undefined }) {
  if (result) return <td>{result.surveyIds.length}</td>;
  if (!refusal) return <td>…</td>;
  const id = refusal.correlationId ? ` (correlation id ${refusal.correlationId})` : '';
  return (
    <td className="portfolio-table__refused" title={`${refusal.status || 'No answer'}: ${refusal.message}${id}`}>
      refused
    </td>
  );
}

const percent = (share: number) => `${(share * 100).toFixed(share > 0 && share < 0.01 ? 1 : 0)} %`;

/** A location's change: its verdict and score, its parts in the title; a dash without a pair; the service's answer. */
function ChangeCell({ row, changes }: { row: PortfolioRow; changes: ReadonlyMap<number, LocationChange> | undefined }) {
  const status = changeStatusOf(row, changes);
  const change = changeOfRow(row, changes);
  if (status === 'not scored') return <td />;
  if (!change) return <td title="No capture on one side of the event">—</td>;
  if (change.failure)
    return (
      <td
        className="portfolio-table__change portfolio-table__change--failed"
        title={`Not scored: ${failureLine(change.failure)}`}
      >
        <span className="portfolio-table__pair">failed</span>{' '}
        <span className="portfolio-table__pair">{failureStatus(change.failure)}</span>
      </td>
    );
  const title =
    `Score ${change.score.toFixed(2)}: ${percent(change.changedShare)} of ${change.tiles} tiles' cells changed, ` +
    `${percent(change.obscuredShare)} obscured${change.differentSeasons ? ', captured in different seasons' : ''}`;
  return (
    <td className={`portfolio-table__change portfolio-table__change--${change.verdict}`} title={title}>
      <span className="portfolio-table__pair">{change.verdict}</span>{' '}
      <span className="portfolio-table__pair">{change.score.toFixed(2)}</span>
    </td>
  );
}

/** Every location's answer as a sortable table; only the rows in sight are in the page (there may be 50,000). */
export function PortfolioTable({
  rows,
  rules,
  changes,
}: {
  rows: PortfolioRow[];
  rules: CaptureRules;
  changes: ReadonlyMap<number, LocationChange> | undefined;
}) {
  const { eventDate, maxCloudCover } = rules;
  const surveyMap = useSurveyMap();
  const chosenId = usePortfolio((s) => s.chosenId);
  const refused = usePortfolio((s) => s.run.refused);
  const filter = usePortfolio((s) => (eventDate ? s.changeFilter : 'all'));
  const refusals = useMemo(() => new Map(refused?.map((r) => [r.id, r])), [refused]);
  const [order, setOrder] = useState<RowOrder>({ key: 'location', descending: false });
  const sorted = useMemo(
    () => sortRows(filterByChange(rows, filter, changes), order, (row) => changeOfRow(row, changes)?.score ?? null),
    [rows, order, filter, changes],
  );
  // Without an event date there is no before → after, and until scored no change: their room goes to the names.
  // Scored, the change takes the latest capture's room (the map's colours still say its age; the exports keep it).
  const scored = Boolean(eventDate && changes);
  const columns = COLUMNS.filter(
    (c) => (c.key !== 'before' || eventDate) && (c.key !== 'change' || scored) && (c.key !== 'latest' || !scored),
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useRowVirtualizer({
    count: sorted.length,
    getScrollElement: () => scroller.current,
    scrollMargin: 0,
    scrollPaddingStart: HEADER_HEIGHT,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => sorted[index].location.id,
  });

  // A newly chosen location's row (chosen on the map, say) comes into sight at the top of the table, and the table into
  // the panel's sight (a survey's details, opened with it, take the sidebar's lower half). Sorting shows the top.
  const chosenIndex = chosenId === null ? -1 : sorted.findIndex((row) => row.location.id === chosenId);
  const shownChoice = useRef(chosenId);
  useEffect(() => {
    if (shownChoice.current === chosenId) return;
    shownChoice.current = chosenId;
    if (chosenIndex < 0) return;
    const top = (virtualizer.scrollOffset ?? 0) + HEADER_HEIGHT;
    const bottom = (virtualizer.scrollOffset ?? 0) + (virtualizer.scrollRect?.height ?? 0);
    const row = virtualizer.measurementsCache[chosenIndex];
    if (!row || row.start < top || row.end > bottom) virtualizer.scrollToIndex(chosenIndex, { align: 'start' });
    scroller.current?.scrollIntoView({ block: 'nearest' });
  }, [chosenId, chosenIndex, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const sortBy = (key: SortKey) => {
    setOrder((current) => ({ key, descending: current.key === key ? !current.descending : key !== 'location' }));
    virtualizer.scrollToOffset(0);
  };

  return (
    <>
      <ul className="portfolio-legend" aria-label="Map colours: age of the latest imagery">
        {AGE_BUCKETS.map((bucket) => (
          <li key={bucket.label}>
            <span className="portfolio-legend__ring" style={{ borderColor: bucket.colour }} aria-hidden="true" />
            {bucket.label}
          </li>
        ))}
        <li>
          <span className="portfolio-legend__ring" style={{ borderColor: NO_IMAGERY_COLOUR }} aria-hidden="true" />
          {maxCloudCover === null ? 'no imagery' : `no imagery under ${maxCloudCover} % cloud`}
        </li>
      </ul>
      <div ref={scroller} className="portfolio-table">
        <table aria-label="Coverage of each location" aria-rowcount={sorted.length + 1}>
          <thead>
            <tr>
              {columns.map(({ key, label, title }) => (
                <th
                  key={key}
                  className={`portfolio-table__col--${key}`}
                  scope="col"
                  aria-sort={order.key === key ? (order.descending ? 'descending' : 'ascending') : 'none'}
                >
                  <button type="button" className="portfolio-table__sort" title={title} onClick={() => sortBy(key)}>
                    {label}
                    {order.key === key && <span aria-hidden="true">{order.descending ? ' ▾' : ' ▴'}</span>}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.length > 0 && items[0].start > 0 && (
              <tr className="portfolio-table__spacer" style={{ height: items[0].start }} />
            )}
            {items.map(({ index, key }) => {
              const row = sorted[index];
              const { location, result, captures } = row;
              const pair = captures.before && captures.after;
              const chosen = chosenId === location.id;
              return (
                <tr
                  key={key}
                  // Long names wrap: each row is measured as drawn.
                  ref={virtualizer.measureElement}
                  data-index={index}
                  aria-rowindex={index + 2}
                  aria-current={chosen ? true : undefined}
                  className={chosen ? 'is-chosen' : undefined}
                >
                  <td className="portfolio-table__name">
                    <button
                      type="button"
                      className="portfolio-table__location"
                      title={`${location.label} (line ${location.line})`}
                      onClick={() => openLocation(surveyMap, row)}
                    >
                      {location.label}
                    </button>
                  </td>
                  <SurveysCell result={result} refusal={refusals.get(location.id)} />
                  {!scored && (
                    <LatestCell captures={captures} checked={result !== null} maxCloudCover={maxCloudCover} />
                  )}
                  {eventDate && (
                    <td>
                      {!result ? (
                        ''
                      ) : pair ? (
                        <>
                          <button
                            type="button"
                            className="portfolio-table__compare"
                            title={`Compare ${captures.before?.id} with ${captures.after?.id}`}
                            aria-label={`Compare ${pairDays(captures)}`}
                            onClick={() => openLocation(surveyMap, row, 'compare')}
                          >
                            <Pair captures={captures} />
                          </button>
                          <button
                            type="button"
                            className="portfolio-table__side-by-side"
                            title="Before, after and latest side by side"
                            aria-label={`Side by side ${pairDays(captures)}`}
                            onClick={() => openLocation(surveyMap, row, 'side-by-side')}
                          >
                            <span aria-hidden="true">⊞</span>
                          </button>
                        </>
                      ) : (
                        <Pair captures={captures} />
                      )}
                    </td>
                  )}
                  {scored && <ChangeCell row={row} changes={changes} />}
                  <td>{result ? Math.round(result.percentCovered) : ''}</td>
                </tr>
              );
            })}
            {items.length > 0 && (
              <tr
                className="portfolio-table__spacer"
                style={{ height: virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) }}
              />
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
