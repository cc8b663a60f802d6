import { useEffect, useId, useRef, useState } from 'react';
import { areaSearchStore, dateRangeProblem, useAreaSearch, type AreaOrigin } from './area-search-store.ts';
import { formatCount } from '../../format/coverage-format.ts';
import { DateRangeFieldset } from '../../ui/fields/DateRangeFieldset.tsx';
import { useSurveyMap } from '../../map/map-context.ts';
import { importAreaFile } from './import-area.ts';
import { UnitSystemSelect } from '../../units/UnitSystemSelect.tsx';
import { useAreaFormat } from '../../units/use-area-format.ts';
import { crossingWarning, useLiveSize } from './use-live-size.ts';
import { PasteWktDialog } from './PasteWktDialog.tsx';

const ORIGIN: Record<AreaOrigin, string> = {
  drawn: 'drawn',
  edited: 'edited',
  pasted: 'pasted',
  imported: 'imported',
  restored: 'restored',
  linked: 'from a shared link',
};

const ACCEPTED_FILES = [
  '.geojson,.json,.kml,.kmz,.wkt,.txt',
  'application/geo+json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz',
].join(',');

/** The area: how it came, its size and notes, how to replace, copy and export it, and the date range of the search. */
export function AreaSection() {
  const area = useAreaSearch((s) => s.area);
  const refusal = useAreaSearch((s) => s.refusal);
  const tool = useAreaSearch((s) => s.tool);
  const surveyMap = useSurveyMap();
  const live = useLiveSize(surveyMap);
  const formatArea = useAreaFormat();
  const observedStart = useAreaSearch((s) => s.observedStart);
  const observedEnd = useAreaSearch((s) => s.observedEnd);
  const [pasting, setPasting] = useState(false);
  const [copyStatus, setCopyStatus] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const dateId = useId();
  const dateProblem = dateRangeProblem(observedStart, observedEnd);

  useEffect(() => {
    if (!copyStatus) return;
    const timer = setTimeout(() => setCopyStatus(null), 2500);
    return () => clearTimeout(timer);
  }, [copyStatus]);

  const copyWkt = async () => {
    if (!area) return;
    try {
      await navigator.clipboard.writeText(area.wkt);
      setCopyStatus('WKT copied');
    } catch {
      setCopyStatus('Could not copy: the browser refused access to the clipboard.');
    }
  };
  const exportArea = async (format: 'wkt' | 'geojson') => {
    if (!area) return;
    const downloads = await import('./area-downloads.ts');
    if (format === 'wkt') downloads.saveAreaWkt(area);
    else downloads.saveAreaGeoJson(area);
  };
  const drawing = tool !== 'static' && tool !== 'select' && live !== null;

  return (
    <section className="panel-section" aria-labelledby={`${dateId}-title`}>
      <div className="panel-section__heading">
        <h2 id={`${dateId}-title`} className="panel-section__title">
          Area
        </h2>
        <div className="panel-section__actions">
          <button type="button" className="button button--small" onClick={() => setPasting(true)}>
            Paste WKT
          </button>
          <button type="button" className="button button--small" onClick={() => fileInput.current?.click()}>
            Import file
          </button>
          <input
            ref={fileInput}
            type="file"
            className="visually-hidden"
            aria-label="Area file"
            tabIndex={-1}
            accept={ACCEPTED_FILES}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importAreaFile(file);
            }}
          />
        </div>
      </div>

      {refusal && (
        <div className="notice notice--error" role="alert">
          <span>{refusal} The area was not changed.</span>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss"
            onClick={() => areaSearchStore.getState().refusalDismissed()}
          >
            ×
          </button>
        </div>
      )}

      {live && (tool === 'select' || drawing) && (
        <p className={live.crosses ? 'area-summary__live is-crossing' : 'area-summary__live'} role="status">
          {tool === 'select' ? 'Editing' : 'Drawing'}: <strong>{formatArea(live.km2)}</strong>
          {live.crosses && <span className="area-summary__crossing"> {crossingWarning}</span>}
        </p>
      )}

      {area ? (
        <div className={area.tooLarge ? 'area-summary is-too-large' : 'area-summary'}>
          <div className="area-summary__size">
            <span className="area-summary__km2" data-testid="area-km2">
              {formatArea(area.km2)}
            </span>
            <UnitSystemSelect />
            <span className="area-summary__meta">
              {polygonsText(area.geometry)} · {formatCount(area.vertexCount)} positions · {ORIGIN[area.origin]}
            </span>
          </div>
          {area.notes.length > 0 && (
            <ul className="area-summary__notes" aria-label="Notes on the area">
              {area.notes.map((note) => (
                <li key={note} className={note.includes('limited to') ? 'is-warning' : undefined}>
                  {note}
                </li>
              ))}
            </ul>
          )}
          <div className="button-row">
            <button type="button" className="button button--small" onClick={() => void copyWkt()}>
              Copy WKT
            </button>
            <span className="button-row__label">Export</span>
            <button
              type="button"
              className="button button--small"
              aria-label="Export area as WKT"
              onClick={() => void exportArea('wkt')}
            >
              WKT
            </button>
            <button
              type="button"
              className="button button--small"
              aria-label="Export area as GeoJSON"
              onClick={() => void exportArea('geojson')}
            >
              GeoJSON
            </button>
          </div>
          {copyStatus && (
            <p className="area-summary__copied" role="status">
              {copyStatus}
            </p>
          )}
        </div>
      ) : (
        !drawing && (
          <p className="panel-section__empty">
            Draw an area with the tools at the top left of the map, paste WKT, or import a GeoJSON or KML file (or drop
            one on the map).
          </p>
        )
      )}

      <DateRangeFieldset
        legend={
          <>
            Captured between <span className="muted">(optional)</span>
          </>
        }
        legendClassName="date-range__legend"
        labels={['Observed from', 'Observed to']}
        from={observedStart}
        to={observedEnd}
        onChange={({ from, to }) =>
          areaSearchStore.getState().dateRangeChanged({ observedStart: from, observedEnd: to })
        }
      >
        {(observedStart || observedEnd) && (
          <button
            type="button"
            className="button button--link"
            onClick={() => areaSearchStore.getState().dateRangeChanged({ observedStart: '', observedEnd: '' })}
          >
            Any date
          </button>
        )}
      </DateRangeFieldset>
      {dateProblem && (
        <p className="field__error" role="alert">
          {dateProblem} Nothing is searched until it is fixed.
        </p>
      )}

      {pasting && <PasteWktDialog onClose={() => setPasting(false)} />}
    </section>
  );
}

function polygonsText(geometry: { type: string; coordinates: unknown[] }): string {
  return geometry.type === 'MultiPolygon' ? `${geometry.coordinates.length} polygons` : 'polygon';
}
