import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import { geometryOf } from './annotation.ts';
import type { Measurement } from '../measure/index.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { annotationsStore } from './annotations-store.ts';
import { uiStore } from '../../state/ui-store.ts';
import { AnnotationForm } from './AnnotationForm.tsx';
import { measureOf } from '../measure/index.ts';
import { imageryUnder } from './imagery-under.ts';

/**
 * "Save as annotation" under a finished measurement: a title and a note, then the measurement is kept as an annotation
 * with the survey and capture shown under its first point.
 */
export function SaveAnnotation({
  connection,
  surveyMap,
  measurement,
  measured,
}: {
  connection: Connection;
  surveyMap: SurveyMap;
  measurement: Measurement;
  /** The measurement as the panel writes it. */
  measured: string;
}) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async ({ title, note }: { title: string; note: string }) => {
    setBusy(true);
    const place = measurement.points[0];
    let lookedUp = true;
    const imagery = await imageryUnder(client, connection, surveyMap, place).catch(() => {
      lookedUp = false;
      return null;
    });
    const now = new Date().toISOString();
    annotationsStore.getState().annotationAdded({
      id: crypto.randomUUID(),
      kind: measurement.kind,
      geometry: geometryOf(measurement.kind, measurement.points),
      title,
      note,
      imagery,
      measured,
      created: now,
      updated: now,
    });
    uiStore
      .getState()
      .noticeShown(
        lookedUp
          ? 'Annotation saved: see Notes.'
          : 'Annotation saved (the capture under it could not be looked up): see Notes.',
      );
    measureOf(surveyMap).clear();
  };

  if (!open)
    return (
      <button type="button" className="button button--small" onClick={() => setOpen(true)}>
        Save as annotation
      </button>
    );
  return (
    <AnnotationForm
      label="New annotation"
      submitLabel={busy ? 'Saving…' : 'Save annotation'}
      busy={busy}
      autoFocus
      onSubmit={(text) => void save(text)}
      onCancel={() => setOpen(false)}
    />
  );
}
