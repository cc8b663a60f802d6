import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Field, type FieldControl } from '../../ui/fields/Field.tsx';
import { MAX_NAME_LENGTH } from './saved-areas-store.ts';

interface AreaNameFormProps {
  className: string;
  initialName: string;
  /** A visible label, or only an accessible name when the row already says what is named. */
  label: { visible: string } | { hidden: string };
  submitLabel: string;
  onSubmit(name: string): void;
  onCancel(): void;
}

/** A name for a saved area, typed in place: Enter submits, Escape or Cancel leaves it as it was. */
export function AreaNameForm({ className, initialName, label, submitLabel, onSubmit, onCancel }: AreaNameFormProps) {
  const [name, setName] = useState(initialName);
  const input = (control: FieldControl | { 'aria-label': string }) => (
    <input
      {...control}
      className="field__input saved-area__input"
      value={name}
      maxLength={MAX_NAME_LENGTH}
      // The form opens on the user's Save or Rename: the name is what they type next.
      // biome-ignore lint/a11y/noAutofocus: see above
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setName(e.target.value)}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  return (
    <form className={className} onSubmit={submit} onKeyDown={onKeyDown}>
      {'visible' in label ? (
        <Field label={label.visible} className="saved-areas__field">
          {(control) => input({ ...control })}
        </Field>
      ) : (
        input({ 'aria-label': label.hidden })
      )}
      <button type="submit" className="button button--small button--primary">
        {submitLabel}
      </button>
      <button type="button" className="button button--small" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
