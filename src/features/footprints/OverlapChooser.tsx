import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { useAreaSearch } from '../../state/area-search-store.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { uiStore, useUi } from '../../state/ui-store.ts';
import { coverageSearchQueryOptions } from '../coverage/coverage-queries.ts';
import { formatCaptureWindow } from '../surveys/format.ts';
import { useSurveyList } from '../surveys/use-survey-list.ts';

/** Where footprints overlap, a click asks which survey was meant. */
export function OverlapChooser({ connection }: { connection: Connection }) {
  const choice = useUi((s) => s.overlapChoice);
  const { surveys } = useSurveyList(connection);
  // Area search results may hold surveys the list has not paged in yet.
  const search = useAreaSearch((s) => s.search);
  const coverage = useQuery(coverageSearchQueryOptions(connection, search));
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
          const survey = surveys.find((s) => s.id === id) ?? coverage.data?.find((s) => s.id === id);
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
