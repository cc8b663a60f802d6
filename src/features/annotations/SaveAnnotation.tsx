import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import { geometryOf, MAX_NOTE_LENGTH, MAX_TITLE_LENGTH } from '../../annotations/annotation.ts';
import type { Measurement } from '../../draw/measurement.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { annotationsStore } from '../../state/annotations-store.ts';
import { uiStore } from '../../state/ui-store.ts';
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
  const ids = { title: useId(), note: useId() };
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
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
      title: title.trim(),
      note: note.trim(),
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
    surveyMap.clearMeasure();
  };

  if (!open)
    return (
      <button type="button" className="button button--small" onClick={() => setOpen(true)}>
        Save as annotation
      </button>
    );
  return (
    <form className="annotation-form" onSubmit={save} aria-label="New annotation">
      <label htmlFor={ids.title} className="field__label">
        Title
      </label>
      <input
        id={ids.title}
        className="field__input"
        value={title}
        maxLength={MAX_TITLE_LENGTH}
        onChange={(e) => setTitle(e.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the form opens on the user's click, to be typed into
        autoFocus
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
        <button type="button" className="button button--small" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--small button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save annotation'}
        </button>
      </div>
    </form>
  );
}
