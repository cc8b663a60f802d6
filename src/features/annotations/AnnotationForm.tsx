import { type FormEvent, useState } from 'react';
import { Field } from '../../ui/fields/Field.tsx';
import { MAX_NOTE_LENGTH, MAX_TITLE_LENGTH } from './annotation.ts';

/** An annotation's title and note, as typed: for a new one under a measurement, or an edit in the Notes tab. */
export function AnnotationForm({
  label,
  initial = { title: '', note: '' },
  submitLabel,
  busy = false,
  autoFocus = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: { title: string; note: string };
  submitLabel: string;
  busy?: boolean;
  autoFocus?: boolean;
  onSubmit(text: { title: string; note: string }): void;
  onCancel(): void;
}) {
  const [title, setTitle] = useState(initial.title);
  const [note, setNote] = useState(initial.note);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ title: title.trim(), note: note.trim() });
  };
  return (
    <form className="annotation-form" onSubmit={submit} aria-label={label}>
      <Field label="Title">
        {(control) => (
          <input
            {...control}
            className="field__input"
            value={title}
            maxLength={MAX_TITLE_LENGTH}
            onChange={(e) => setTitle(e.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the form opens on the user's click, to be typed into
            autoFocus={autoFocus}
          />
        )}
      </Field>
      <Field label="Note">
        {(control) => (
          <textarea
            {...control}
            className="field__input"
            rows={3}
            value={note}
            maxLength={MAX_NOTE_LENGTH}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
      </Field>
      <div className="annotation-form__actions">
        <button type="button" className="button button--small" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--small button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
