import { type CSSProperties, useId, useState } from 'react';
import { type Annotation, boundsOf, describeAnnotation } from './annotation.ts';
import { useSurveyMap } from '../../map/map-context.ts';
import { annotationsStore } from './annotations-store.ts';
import { formatCaptureWindow } from '../../format/survey-format.ts';
import { AnnotationForm } from './AnnotationForm.tsx';

/** Where a row of the virtualized Notes list sits, and its measuring ref. */
export interface AnnotationRow {
  ref: (element: HTMLLIElement | null) => void;
  'data-index': number;
  'aria-setsize': number;
  'aria-posinset': number;
  style: CSSProperties;
}

/** One annotation: what it says and what imagery it was made over; shown on the map, edited or deleted here. */
export function AnnotationItem({ annotation, row }: { annotation: Annotation; row: AnnotationRow }) {
  const surveyMap = useSurveyMap();
  const heading = useId();
  const [editing, setEditing] = useState(false);
  const { imagery } = annotation;

  if (editing)
    return (
      <li className="annotation" {...row}>
        <AnnotationForm
          label={`Edit ${annotation.title || 'annotation'}`}
          initial={annotation}
          submitLabel="Save"
          onSubmit={(text) => {
            annotationsStore.getState().annotationEdited(annotation.id, text);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );

  return (
    <li className="annotation" aria-labelledby={heading} {...row}>
      <h3 id={heading} className="annotation__title">
        {annotation.title || 'Untitled'}
      </h3>
      <p className="annotation__meta">{describeAnnotation(annotation)}</p>
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
          onClick={() => surveyMap?.camera.fitBounds(boundsOf(annotation))}
        >
          Show on map
        </button>
        <button type="button" className="button button--small" onClick={() => setEditing(true)}>
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
