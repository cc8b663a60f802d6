import { useEffect, useState } from 'react';
import { Field } from '../../ui/fields/Field.tsx';
import { MAX_BUFFER_M, MIN_BUFFER_M } from './location.ts';
import type { Portfolio } from './portfolio.ts';
import { changeCloudLimit, changeEventDate, changeRadius } from './portfolio-runner.ts';

/** The buffer around each point (a change clears the answers), the optional event date and cloud limit. */
export function PortfolioSettings({ portfolio, hasResults }: { portfolio: Portfolio; hasResults: boolean }) {
  const hasPoints = portfolio.locations.some((l) => l.area === null);
  return (
    <div className="portfolio-settings">
      {hasPoints && (
        <NumberSetting
          label="Buffer around points (m)"
          value={portfolio.radiusM}
          range={[MIN_BUFFER_M, MAX_BUFFER_M]}
          step={1}
          hint={hasResults ? 'Changing it clears the answers.' : 'Each point is checked as a circle of this radius.'}
          invalidHint={`${MIN_BUFFER_M}–${MAX_BUFFER_M.toLocaleString('en-US')} m.`}
          onCommit={(radius) => {
            if (radius !== null) void changeRadius(radius);
          }}
        />
      )}
      <Field label="Event date (optional)" hint="For each location: the latest capture before it and the first after.">
        {(control) => (
          <input
            {...control}
            className="field__input field__input--date"
            type="date"
            value={portfolio.eventDate ?? ''}
            onChange={(event) => void changeEventDate(event.target.value || null)}
          />
        )}
      </Field>
      <NumberSetting
        label="Max cloud cover (%, optional)"
        value={portfolio.maxCloudCover}
        range={[0, 100]}
        placeholder="Any"
        hint="Cloudier surveys, and those without a cloud figure, are never the latest, before or after."
        invalidHint="0–100 %, or empty for any."
        onCommit={(limit) => void changeCloudLimit(limit)}
      />
    </div>
  );
}

/**
 * A number typed freely and taken on Enter or leaving the field, when it is in range and changed; with a placeholder
 * the field may be left empty (null).
 */
function NumberSetting({
  label,
  value,
  range: [min, max],
  step = 'any',
  placeholder,
  hint,
  invalidHint,
  onCommit,
}: {
  label: string;
  value: number | null;
  range: [number, number];
  step?: number | 'any';
  placeholder?: string;
  hint: string;
  invalidHint: string;
  onCommit(value: number | null): void;
}) {
  const kept = value === null ? '' : String(value);
  const [text, setText] = useState(kept);
  useEffect(() => setText(kept), [kept]);
  const typed = text.trim() === '' && placeholder !== undefined ? null : Number(text);
  const valid = typed === null || (Number.isFinite(typed) && typed >= min && typed <= max);
  const commit = () => {
    if (valid && typed !== value) onCommit(typed);
  };
  return (
    <Field label={label} hint={valid ? hint : invalidHint}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          type="number"
          min={min}
          max={max}
          step={step}
          value={text}
          placeholder={placeholder}
          aria-invalid={!valid}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
        />
      )}
    </Field>
  );
}
