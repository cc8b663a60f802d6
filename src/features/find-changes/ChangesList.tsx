import { useEffect, useRef } from 'react';
import { formatCaptureDays } from '../../format/date-format.ts';
import { CHANGED_SCORE } from '../change/index.ts';
import { type ChangeSpot, formatPlace } from './change-spots.ts';
import { findChangesStore, useFindChanges } from './find-changes-store.ts';

const percent = (share: number) => `${Math.round(share * 100)}%`;

function SpotText({ spot }: { spot: ChangeSpot }) {
  const { explanation: e } = spot;
  return (
    <>
      <span className="changes__place">{formatPlace(spot.place)}</span>
      <span className="changes__score">
        Score {e.score.toFixed(2)}
        {e.score >= CHANGED_SCORE ? ' (changed)' : ''} · {percent(e.changedShare)} of cells changed
        {e.obscuredShare > 0 ? `, ${percent(e.obscuredShare)} not compared` : ''}
      </span>
      <span className="changes__dates">
        {formatCaptureDays(e.before.date)} → {formatCaptureDays(e.after.date)}
        {e.differentSeasons ? ` (${e.seasons[0]} → ${e.seasons[1]})` : ''}
      </span>
    </>
  );
}

/** The ranked list of the most-changed spots: a click (or N) opens the swipe there. */
export function ChangesList({ spots }: { spots: readonly ChangeSpot[] }) {
  const chosen = useFindChanges((s) => s.spot);
  const current = chosen === null || spots.length === 0 ? null : chosen % spots.length;
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  useEffect(() => {
    if (current !== null) items.current[current]?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  if (spots.length === 0) return <p className="panel-section__empty">No cell changed between the two captures.</p>;
  return (
    <ol className="changes" aria-label="Changes">
      {spots.map((spot, k) => (
        <li key={spot.index}>
          <button
            type="button"
            ref={(el) => {
              items.current[k] = el;
            }}
            className="changes__spot"
            aria-current={k === current ? 'true' : undefined}
            data-tile={`${spot.pair.z}/${spot.pair.x}/${spot.pair.y}`}
            onClick={() => findChangesStore.getState().spotChosen(k)}
          >
            <span className="changes__rank" aria-hidden="true">
              {k + 1}
            </span>
            <SpotText spot={spot} />
          </button>
        </li>
      ))}
    </ol>
  );
}
