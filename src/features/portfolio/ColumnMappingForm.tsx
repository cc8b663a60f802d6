import { useId, useState } from 'react';
import { Field } from '../../ui/fields/Field.tsx';
import type { TextEncoding } from '../../area/sniff-file.ts';
import type { ColumnMapping, LocationTable } from './location-table.ts';

const DELIMITERS: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };
const ENCODINGS: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16',
  'windows-1252': 'Windows-1252 (not UTF-8)',
};

interface Props {
  fileName: string;
  table: LocationTable;
  encoding: TextEncoding;
  detected: ColumnMapping | null;
  onUse(mapping: ColumnMapping): void;
  onCancel(): void;
}

/** Which columns place each row: latitude and longitude, or a WKT geometry; as detected, and correctable. */
export function ColumnMappingForm({ fileName, table, encoding, detected, onUse, onCancel }: Props) {
  const id = useId();
  const [kind, setKind] = useState<ColumnMapping['kind']>(detected?.kind ?? 'point');
  const [lat, setLat] = useState(detected?.kind === 'point' ? detected.lat : -1);
  const [lon, setLon] = useState(detected?.kind === 'point' ? detected.lon : -1);
  const [wkt, setWkt] = useState(detected?.kind === 'wkt' ? detected.wkt : -1);
  const [label, setLabel] = useState(detected?.label ?? -1);
  const choices = table.columns.map((column, index) => ({ index, name: column || `Column ${index + 1}` }));
  const missing =
    kind === 'wkt'
      ? wkt < 0
        ? 'Choose the column holding the WKT geometry.'
        : null
      : lat < 0 && lon < 0
        ? 'Choose the latitude and longitude columns.'
        : lat < 0 || lon < 0
          ? `Choose the ${lat < 0 ? 'latitude' : 'longitude'} column.`
          : lat === lon
            ? 'Latitude and longitude must be two different columns.'
            : null;
  const complete = missing === null;

  const select = (name: string, value: number, onChange: (value: number) => void, optional = false) => (
    <Field label={name} className="portfolio-mapping__field">
      {(control) => (
        <select
          {...control}
          className="field__input field__input--select"
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          <option value={-1}>{optional ? '(none)' : 'Choose a column'}</option>
          {choices.map(({ index, name: column }) => (
            <option key={index} value={index}>
              {column}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const use = () => {
    const name = label >= 0 ? label : null;
    onUse(kind === 'point' ? { kind, lat, lon, label: name } : { kind, wkt, label: name });
  };

  return (
    <form
      className="portfolio-mapping"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) use();
      }}
    >
      <h3 id={`${id}-title`} className="portfolio__subtitle">
        Columns of {fileName}
      </h3>
      <p className="field__hint">
        {table.rows.length.toLocaleString('en-US')} {table.rows.length === 1 ? 'row' : 'rows'},{' '}
        {DELIMITERS[table.delimiter] ?? `"${table.delimiter}"`}
        -separated{encoding === 'utf-8' ? '' : `, read as ${ENCODINGS[encoding]} text`}.{' '}
        {table.columns.length === 1 && 'Only one column was found: no comma, semicolon, tab or pipe separates them. '}
        {detected ? 'The columns below were recognised by name; correct them if needed.' : 'Choose the columns.'}
      </p>
      <fieldset className="portfolio-mapping__kind">
        <legend className="field__label">Each row is placed by</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'point'} onChange={() => setKind('point')} />{' '}
          Latitude and longitude
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'wkt'} onChange={() => setKind('wkt')} /> A WKT
          geometry
        </label>
      </fieldset>
      <div className="portfolio-mapping__grid">
        {kind === 'point' ? (
          <>
            {select('Latitude', lat, setLat)}
            {select('Longitude', lon, setLon)}
          </>
        ) : (
          select('WKT', wkt, setWkt)
        )}
        {select('Name', label, setLabel, true)}
      </div>
      <div className="button-row">
        <button
          type="submit"
          className="button button--small button--primary"
          disabled={!complete}
          aria-describedby={complete ? undefined : `${id}-missing`}
        >
          Use these columns
        </button>
        <button type="button" className="button button--small" onClick={onCancel}>
          Cancel
        </button>
        {missing && (
          <span id={`${id}-missing`} className="field__hint portfolio-mapping__missing">
            {missing}
          </span>
        )}
      </div>
    </form>
  );
}
