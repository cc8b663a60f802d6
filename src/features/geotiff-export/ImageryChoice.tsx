import { useId, useState } from 'react';
import type { CoverageResult } from '../coverage/index.ts';
import { formatCount } from '../../format/coverage-format.ts';
import { parseMaxCloud } from '../surveys/index.ts';
import { type BestRule, geotiffExportStore, useGeoTiffExport } from './geotiff-export-store.ts';

const RULES: { value: BestRule; label: string }[] = [
  {
    value: 'newest',
    label: "Newest: at each tile, the newest survey with imagery there (as the map's latest imagery)",
  },
  {
    value: 'least-cloud',
    label: 'Least cloud: at each tile, the survey with the least cloud cover there (the newest of equals)',
  },
];

const store = () => geotiffExportStore.getState();

/** The selected result, or the best available by an explicit rule, with an optional cloud limit. */
export function ImageryChoice({
  selected,
  results,
  inDateRange,
  disabled,
}: {
  selected: CoverageResult | null;
  results: number;
  inDateRange: boolean;
  disabled: boolean;
}) {
  const source = useGeoTiffExport((s) => s.source);
  const rule = useGeoTiffExport((s) => s.rule);
  return (
    <fieldset className="geotiff-dialog__choice" disabled={disabled}>
      <legend className="field__label">Imagery</legend>
      <label className="checkbox">
        <input
          type="radio"
          name="geotiff-source"
          checked={source === 'selected'}
          disabled={!selected}
          onChange={() => store().sourceChosen('selected')}
        />
        {selected ? `Selected result: ${selected.id}` : 'Selected result (select one in the list)'}
      </label>
      <label className="checkbox">
        <input
          type="radio"
          name="geotiff-source"
          checked={source === 'best'}
          onChange={() => store().sourceChosen('best')}
        />
        Best available from the {formatCount(results)} {results === 1 ? 'result' : 'results'}
        {inDateRange ? ' in the date range' : ''}, by a rule:
      </label>
      <fieldset className="geotiff-dialog__rule" disabled={source !== 'best'}>
        <legend className="visually-hidden">Rule for the best available</legend>
        {RULES.map(({ value, label }) => (
          <label key={value} className="checkbox">
            <input
              type="radio"
              name="geotiff-rule"
              checked={rule === value}
              onChange={() => store().ruleChosen(value)}
            />
            {label}
          </label>
        ))}
        <CloudLimit />
      </fieldset>
    </fieldset>
  );
}

/** A percentage typed freely: taken while valid, kept with a message while not (nothing typed is lost). */
function CloudLimit() {
  const limit = useGeoTiffExport((s) => s.maxCloudCover);
  // Only this field changes the limit, so what it shows starts from the store and is then its own.
  const [text, setText] = useState(limit === null ? '' : String(limit));
  const inputId = useId();
  const hintId = useId();
  const parsed = parseMaxCloud(text);
  return (
    <div className="geotiff-dialog__limit">
      <label className="inline-field" htmlFor={inputId}>
        Max cloud cover
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          className="field__input geotiff-dialog__percent"
          placeholder="none"
          value={text}
          aria-invalid={parsed.ok ? undefined : true}
          aria-describedby={hintId}
          onChange={(e) => {
            setText(e.target.value);
            const next = parseMaxCloud(e.target.value);
            if (next.ok) store().cloudLimitChanged(next.maxCloud);
          }}
        />
        %
      </label>
      <p id={hintId} className={parsed.ok ? 'field__hint' : 'field__error'}>
        {parsed.ok
          ? 'Optional. Surveys over it, or that publish no cloud cover, are not used; tiles only they cover stay empty.'
          : parsed.problem}
      </p>
    </div>
  );
}
