import type { KeyboardEvent, ReactNode } from 'react';
import { tabNeighbour } from './tab-neighbour.ts';
import './field.css';

interface DateRangeFieldsetProps {
  legend: ReactNode;
  legendClassName: string;
  className?: string;
  /** Accessible names of the two fields. */
  labels: [from: string, to: string];
  /** YYYY-MM-DD, or '' for an open end. */
  from: string;
  to: string;
  invalid?: boolean;
  onChange(change: { from?: string; to?: string }): void;
  /** Shown after the fields, e.g. a unit or a reset button. */
  children?: ReactNode;
}

/**
 * Chromium stops Tab at each part of a date field (month, day, year): one stop a field is enough, as ← → move
 * between the parts and typing a part moves on to the next by itself.
 */
function tabPastDateParts(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const next = tabNeighbour(event.currentTarget, event.shiftKey ? -1 : 1);
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** Two date fields, each keeping the other's date as its bound, each one Tab stop. */
export function DateRangeFieldset({
  legend,
  legendClassName,
  className,
  labels,
  from,
  to,
  invalid,
  onChange,
  children,
}: DateRangeFieldsetProps) {
  return (
    <fieldset className={className ? `date-range ${className}` : 'date-range'}>
      <legend className={legendClassName}>{legend}</legend>
      <input
        type="date"
        className="field__input field__input--date"
        aria-label={labels[0]}
        aria-invalid={invalid || undefined}
        value={from}
        max={to || undefined}
        onChange={(e) => onChange({ from: e.target.value })}
        onKeyDown={tabPastDateParts}
      />
      <span aria-hidden="true">–</span>
      <input
        type="date"
        className="field__input field__input--date"
        aria-label={labels[1]}
        aria-invalid={invalid || undefined}
        value={to}
        min={from || undefined}
        onChange={(e) => onChange({ to: e.target.value })}
        onKeyDown={tabPastDateParts}
      />
      {children}
    </fieldset>
  );
}
