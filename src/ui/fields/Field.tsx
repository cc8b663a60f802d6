import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import './field.css';

/** What a field's control takes: its id (the label's `for`), and the ids of what describes it. */
export interface FieldControl {
  id: string;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: ReactNode;
  /** Said under the control (and read with it). */
  hint?: ReactNode;
  /** Said under the control as an alert (and read with it); the control says it is invalid itself. */
  error?: ReactNode;
  /** Other descriptions of the control, elsewhere on the page. */
  describedBy?: string;
  /** The label beside the control, around it, rather than above it. */
  inline?: boolean;
  className?: string;
  /** The control (an input, a textarea, a select), given its id. */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled control: the label, the control, and what is said about it. */
export function Field({ label, hint, error, describedBy, inline = false, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const ids = [describedBy, hintId, errorId].filter(Boolean).join(' ');
  const control = children({ id, 'aria-describedby': ids || undefined });
  if (inline)
    return (
      <label className={className ? `inline-field ${className}` : 'inline-field'} htmlFor={id}>
        {label}
        {control}
      </label>
    );
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type InputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; hint?: ReactNode };

/** A Field whose control is a text input. */
export function InputField({ label, hint, className = 'field__input', ...input }: InputFieldProps) {
  return (
    <Field label={label} hint={hint}>
      {(control) => <input className={className} {...control} {...input} />}
    </Field>
  );
}
