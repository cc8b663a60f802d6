import { useEffect, useRef } from 'react';
import type { Connection } from '../../api/connection.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { uiStore, useUi } from '../../state/ui-store.ts';
import { formatCaptureWindow } from '../../format/survey-format.ts';
import { useSurveyLookup } from './use-survey-lookup.ts';

/** Where footprints overlap, a click asks which survey was meant. */
export function OverlapChooser({ connection }: { connection: Connection }) {
  const choice = useUi((s) => s.overlapChoice);
  const surveyOf = useSurveyLookup(connection, choice?.surveyIds);
  const firstButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!choice) return;
    firstButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') uiStore.getState().overlapChoiceClosed();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choice]);

  if (!choice) return null;
  const close = () => uiStore.getState().overlapChoiceClosed();
  const choose = (id: string) => {
    close();
    selectionStore.getState().surveySelected(id, 'map');
  };

  return (
    <div
      className="overlap-chooser"
      role="dialog"
      aria-label="Overlapping surveys"
      style={{ left: choice.x, top: choice.y }}
    >
      <div className="overlap-chooser__title">
        {choice.surveyIds.length} surveys here
        <button type="button" className="icon-button" aria-label="Close" onClick={close}>
          ×
        </button>
      </div>
      <ul className="overlap-chooser__list">
        {choice.surveyIds.map((id, i) => {
          const survey = surveyOf(id);
          return (
            <li key={id}>
              <button
                type="button"
                ref={i === 0 ? firstButton : undefined}
                className="overlap-chooser__option"
                onClick={() => choose(id)}
                onMouseEnter={() => selectionStore.getState().surveyHovered(id)}
                onMouseLeave={() => selectionStore.getState().surveyHovered(null)}
              >
                <span className="overlap-chooser__id">{id}</span>
                {survey && (
                  <span className="overlap-chooser__date">
                    {formatCaptureWindow(survey.captureStart, survey.captureEnd)}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
