import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { compareStore, useCompare, type CompareMode } from '../../state/compare-store.ts';
import { CompareSideCard } from './CompareSideCard.tsx';
import { cursorTileHint } from './cursor-capture.ts';
import { SwipeDivider } from './SwipeDivider.tsx';
import { useCursorTile } from './use-cursor-tile.ts';

const MODES: { mode: CompareMode; label: string }[] = [
  { mode: 'swipe', label: 'Swipe' },
  { mode: 'fade', label: 'Fade' },
];

/** The comparison's controls over the map: both sides labelled, mode, fade, swap, close; and the swipe divider. */
export function ComparePanel({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const active = useCompare((s) => s.active);
  const a = useCompare((s) => s.a);
  const b = useCompare((s) => s.b);
  const mode = useCompare((s) => s.mode);
  const fade = useCompare((s) => s.fade);
  const cursor = useCursorTile(surveyMap);
  if (!active || !a || !b) return null;
  const actions = compareStore.getState();
  const hint = cursorTileHint(cursor);

  return (
    <>
      {mode === 'swipe' && <SwipeDivider />}
      <section className="compare-panel" aria-label="Compare surveys">
        <header className="compare-panel__header">
          <h2 className="compare-panel__title">Compare</h2>
          <button type="button" className="button button--small" onClick={() => actions.sidesSwapped()}>
            Swap sides
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Close compare"
            onClick={() => actions.compareClosed()}
          >
            ×
          </button>
        </header>
        <CompareSideCard connection={connection} side="a" imagery={a} cursor={cursor} />
        <CompareSideCard connection={connection} side="b" imagery={b} cursor={cursor} />
        {hint && <p className="compare-panel__hint">{hint}</p>}
        <fieldset className="compare-panel__modes">
          <legend className="visually-hidden">Compare mode</legend>
          {MODES.map(({ mode: value, label }) => (
            <label key={value} className="compare-panel__mode">
              <input
                type="radio"
                name="compare-mode"
                value={value}
                checked={mode === value}
                onChange={() => actions.compareModeChosen(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {mode === 'swipe' ? (
          <p className="compare-panel__note">
            A left of the divider, B right. Drag it, or focus it and use the arrow keys.
          </p>
        ) : (
          <label className="slider">
            <span className="slider__label">Fade A to B</span>
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={fade}
              onChange={(e) => actions.fadeChanged(Number(e.target.value))}
            />
            <span className="slider__value">{Math.round(fade * 100)}% B</span>
          </label>
        )}
      </section>
    </>
  );
}
