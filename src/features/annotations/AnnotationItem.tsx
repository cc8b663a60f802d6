import { type FormEvent, useId, useState } from 'react';
import { type Annotation, boundsOf, MAX_NOTE_LENGTH, MAX_TITLE_LENGTH } from '../../annotations/annotation.ts';
import { useSurveyMap } from '../../map/map-context.ts';
import { annotationsStore } from '../../state/annotations-store.ts';
import { formatCaptureWindow } from '../surveys/format.ts';

const KIND_LABELS: Record<Annotation['kind'], string> = { point: 'Pin', distance: 'Path', area: 'Area' };

/** One annotation: what it says and what imagery it was made over; shown on the map, edited or deleted here. */
export function AnnotationItem({ annotation }: { annotation: Annotation }) {
  const surveyMap = useSurveyMap();
  const ids = { title: useId(), note: useId(), heading: useId() };
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(annotation.title);
  const [note, setNote] = useState(annotation.note);
  const { imagery } = annotation;

  const save = (event: FormEvent) => {
    event.preventDefault();
    annotationsStore.getState().annotationEdited(annotation.id, { title: title.trim(), note: note.trim() });
    setEditing(false);
  };

  if (editing)
    return (
      <li className="annotation">
        <form className="annotation-form" onSubmit={save} aria-label={`Edit ${annotation.title || 'annotation'}`}>
          <label htmlFor={ids.title} className="field__label">
            Title
          </label>
          <input
            id={ids.title}
            className="field__input"
            value={title}
            maxLength={MAX_TITLE_LENGTH}
            onChange={(e) => setTitle(e.target.value)}
          />
          <label htmlFor={ids.note} className="field__label">
            Note
          </label>
          <textarea
            id={ids.note}
            className="field__input"
            rows={3}
            value={note}
            maxLength={MAX_NOTE_LENGTH}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="annotation-form__actions">
            <button type="button" className="button button--small" onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className="button button--small button--primary">
              Save
            </button>
          </div>
        </form>
      </li>
    );

  return (
    <li className="annotation" aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="annotation__title">
        {annotation.title || 'Untitled'}
      </h3>
      <p className="annotation__meta">
        {KIND_LABELS[annotation.kind]}
        {annotation.measured && ` · ${annotation.measured}`}
      </p>
      {annotation.note && <p className="annotation__note">{annotation.note}</p>}
      <p className="annotation__meta">
        {imagery ? (
          <>
            Over {imagery.surveyId}
            {imagery.captureStart &&
              `, captured ${formatCaptureWindow(imagery.captureStart, imagery.captureEnd ?? imagery.captureStart)}`}
            {imagery.captureId && (
              <>
                {' '}
                <code className="annotation__capture" title="Capture id (mosaic_stac_id)">
                  {imagery.captureId}
                </code>
              </>
            )}
          </>
        ) : (
          'No survey imagery was shown under it'
        )}
      </p>
      <div className="annotation__actions">
        <button
          type="button"
          className="button button--small"
          disabled={!surveyMap}
          onClick={() => surveyMap?.fitBounds(boundsOf(annotation))}
        >
          Show on map
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            setTitle(annotation.title);
            setNote(annotation.note);
            setEditing(true);
          }}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => annotationsStore.getState().annotationDeleted(annotation.id)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
