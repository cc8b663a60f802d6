import { type ReactNode, useEffect } from 'react';
import { type MeasureKind, measure, measurementFeatures } from '../../draw/measurement.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { useUnits } from '../../state/units-store.ts';
import { formatArea } from '../units/area-format.ts';
import { formatLength } from '../units/length-format.ts';
import { UnitSystemSelect } from '../units/UnitSystemSelect.tsx';
import { AreaIcon, DistanceIcon } from './icons.tsx';
import { useMeasureState } from './use-measure-state.ts';

const TOOLS: { kind: MeasureKind; label: string; icon: ReactNode }[] = [
  { kind: 'distance', label: 'Measure distance', icon: <DistanceIcon /> },
  { kind: 'area', label: 'Measure area', icon: <AreaIcon /> },
];

const HINT = 'Click to add points; double-click or Finish to end. Keyboard: pan with the arrows, then Add point.';

/** The measuring tools over the map, and the measurement's sizes (geodesic) in the user's units. */
export function MeasureTools({ surveyMap }: { surveyMap: SurveyMap }) {
  const { tool, measurement } = useMeasureState(surveyMap);
  const system = useUnits((s) => s.system);

  useEffect(() => {
    const write = { length: (km: number) => formatLength(km, system), area: (km2: number) => formatArea(km2, system) };
    surveyMap.setMeasureRenderer((measurement) => measurementFeatures(measurement, write));
  }, [surveyMap, system]);

  useEffect(() => {
    if (!tool) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') surveyMap.startMeasure(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [surveyMap, tool]);

  const sizes = measurement ? measure(measurement) : null;
  const length = (km: number) => formatLength(km, system);
  return (
    <>
      <div
        className="area-toolbar measure-toolbar"
        role="toolbar"
        aria-label="Measure tools"
        aria-orientation="vertical"
      >
        {TOOLS.map(({ kind, label, icon }) => (
          <button
            key={kind}
            type="button"
            className="tool-button"
            aria-label={label}
            title={label}
            aria-pressed={tool === kind}
            onClick={() => surveyMap.startMeasure(tool === kind ? null : kind)}
          >
            {icon}
          </button>
        ))}
      </div>
      {measurement && sizes && (
        <section className="measure-panel" aria-label="Measurement">
          <h2 className="measure-panel__title">{measurement.kind === 'area' ? 'Area' : 'Distance'}</h2>
          {tool && <p className="measure-panel__hint">{HINT}</p>}
          <dl className="measure-panel__sizes">
            {sizes.areaKm2 !== null && (
              <>
                <dt>Area</dt>
                <dd data-testid="measure-area">{formatArea(sizes.areaKm2, system)}</dd>
              </>
            )}
            <dt>{measurement.kind === 'area' ? 'Perimeter' : 'Total'}</dt>
            <dd data-testid="measure-total">{length(sizes.totalKm)}</dd>
            <dt>Points</dt>
            <dd>{measurement.points.length}</dd>
          </dl>
          {sizes.segmentsKm.length > 0 && (
            <ol className="measure-panel__segments" aria-label="Segments">
              {sizes.segmentsKm.map((km, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a segment is its place in the path
                <li key={i}>{length(km)}</li>
              ))}
            </ol>
          )}
          <div className="measure-panel__actions">
            {tool && (
              <>
                <button type="button" className="button button--small" onClick={surveyMap.addMeasurePointAtCentre}>
                  Add point at centre
                </button>
                <button
                  type="button"
                  className="button button--small"
                  disabled={measurement.points.length === 0}
                  onClick={surveyMap.undoMeasurePoint}
                >
                  Undo point
                </button>
                <button type="button" className="button button--small" onClick={() => surveyMap.startMeasure(null)}>
                  Finish
                </button>
              </>
            )}
            <button type="button" className="button button--small" onClick={surveyMap.clearMeasure}>
              {tool ? 'Clear' : 'Close'}
            </button>
          </div>
          <UnitSystemSelect />
        </section>
      )}
    </>
  );
}
