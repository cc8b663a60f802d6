import { type ReactNode, useEffect, useState } from 'react';
import type { Position } from 'geojson';
import {
  coordinatesText,
  type MeasureKind,
  type Measurement,
  measure,
  measurementFeatures,
  minPoints,
} from './measurement.ts';
import type { UnitSystem } from '../../state/units-store.ts';
import { uiStore } from '../../state/ui-store.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { useUnits } from '../../state/units-store.ts';
import { formatArea } from '../../units/area-format.ts';
import { formatLength } from '../../units/length-format.ts';
import { UnitSystemSelect } from '../../units/UnitSystemSelect.tsx';
import { AreaIcon, DistanceIcon, PointIcon } from './icons.tsx';
import { useMeasureState } from './use-measure-state.ts';
import { measureOf } from './measure-layer.ts';
import { MAP_PANEL } from '../../map/map-camera.ts';

const TOOLS: { kind: MeasureKind; label: string; icon: ReactNode }[] = [
  { kind: 'distance', label: 'Measure distance', icon: <DistanceIcon /> },
  { kind: 'area', label: 'Measure area', icon: <AreaIcon /> },
  { kind: 'point', label: 'Measure point', icon: <PointIcon /> },
];

const TITLES: Record<MeasureKind, string> = { distance: 'Distance', area: 'Area', point: 'Point' };

const HINT = 'Click to add points; double-click or Finish to end. Keyboard: pan with the arrows, then Add point.';
const POINT_HINT = 'Click a place for its coordinates. Keyboard: pan with the arrows, then Add point at centre.';

/** Why Finish waits: "Add 2 points to finish: a distance needs 2." */
const finishNeeds = (kind: MeasureKind, missing: number) =>
  `Add ${missing} ${missing === 1 ? 'more point' : 'points'} to finish: ` +
  `${kind === 'area' ? 'an area' : 'a distance'} needs ${minPoints(kind)}.`;

/** A measurement as one line of text: a path's length, an area's size and perimeter, a point's place. */
function measuredText(measurement: Measurement, system: UnitSystem): string {
  if (measurement.kind === 'point') return coordinatesText(measurement.points[0]);
  const { totalKm, areaKm2 } = measure(measurement);
  const length = formatLength(totalKm, system);
  return areaKm2 === null ? length : `${formatArea(areaKm2, system)}, perimeter ${length}`;
}

/** A measured point's coordinates: as written in reports, as decimal latitude, longitude (WGS 84), with Copy. */
function PointReadout({ point }: { point: Position }) {
  const decimal = `${point[1].toFixed(6)}, ${point[0].toFixed(6)}`;
  return (
    <dl className="measure-panel__sizes">
      <dt>Place</dt>
      <dd data-testid="measure-point">{coordinatesText(point)}</dd>
      <dt>Lat, lon</dt>
      <dd>
        <code>{decimal}</code>{' '}
        <button
          type="button"
          className="button button--link"
          onClick={() =>
            void navigator.clipboard.writeText(decimal).then(
              () => uiStore.getState().noticeShown('Coordinates copied.'),
              () => uiStore.getState().noticeShown('The browser did not allow copying.'),
            )
          }
        >
          Copy
        </button>
      </dd>
    </dl>
  );
}

/**
 * What dragging a finished measurement's point does, for the keyboard: the point to the map's centre. Show point
 * centres the map on it; pan with the arrows to where it belongs, then Move to map centre.
 */
function MovePoint({ surveyMap, points }: { surveyMap: SurveyMap; points: Position[] }) {
  const [chosen, setChosen] = useState(0);
  const index = Math.min(chosen, points.length - 1);
  const [lon, lat] = points[index];
  return (
    <fieldset className="measure-panel__move">
      <legend>Move a point</legend>
      {points.length > 1 && (
        <label>
          Point{' '}
          <select value={index} onChange={(e) => setChosen(Number(e.target.value))}>
            {points.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a point is its place in the measurement
              <option key={i} value={i}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
      )}
      <button
        type="button"
        className="button button--small"
        // At the map's own centre, where Move to map centre puts a point (not the centre of what the panels leave).
        onClick={() => surveyMap.camera.setView({ center: [lon, lat], zoom: surveyMap.camera.getZoom() })}
      >
        Show point
      </button>
      <button
        type="button"
        className="button button--small"
        onClick={() => measureOf(surveyMap).movePointToCentre(index)}
      >
        Move to map centre
      </button>
    </fieldset>
  );
}

/** The measuring tools over the map, and the measurement's sizes (geodesic) in the user's units. */
/** What saves a finished measurement (and its read-out) elsewhere: the shell hands in the annotations' form. */
export type SaveMeasurement = (measurement: Measurement, measured: string) => ReactNode;

export function MeasureTools({
  surveyMap,
  saveMeasurement,
}: {
  surveyMap: SurveyMap;
  saveMeasurement: SaveMeasurement;
}) {
  const { tool, measurement } = useMeasureState(surveyMap);
  const system = useUnits((s) => s.system);
  /** Phones show a compact readout until the rest is asked for (wider screens always show all of it). */
  const [detailed, setDetailed] = useState(false);

  useEffect(() => {
    const write = { length: (km: number) => formatLength(km, system), area: (km2: number) => formatArea(km2, system) };
    measureOf(surveyMap).setRenderer((measurement) => measurementFeatures(measurement, write));
  }, [surveyMap, system]);

  useEffect(() => {
    if (!tool) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') measureOf(surveyMap).start(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [surveyMap, tool]);

  const sizes = measurement ? measure(measurement) : null;
  /** Points to add before Finish can end the measurement (it would end with nothing measured). */
  const missing = measurement ? Math.max(0, minPoints(measurement.kind) - measurement.points.length) : 0;
  const length = (km: number) => formatLength(km, system);
  return (
    <>
      <div
        className="area-toolbar measure-toolbar"
        {...MAP_PANEL}
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
            onClick={() => measureOf(surveyMap).start(tool === kind ? null : kind)}
          >
            {icon}
          </button>
        ))}
      </div>
      {measurement && sizes && (
        <section
          className={detailed ? 'measure-panel is-detailed' : 'measure-panel'}
          {...MAP_PANEL}
          aria-label="Measurement"
        >
          <div className="measure-panel__head">
            <h2 className="measure-panel__title">{TITLES[measurement.kind]}</h2>
            <button
              type="button"
              className="button button--link measure-panel__more"
              aria-expanded={detailed}
              onClick={() => setDetailed(!detailed)}
            >
              {detailed ? 'Fewer details' : 'Details'}
            </button>
          </div>
          {tool && <p className="measure-panel__hint measure-panel__extra">{tool === 'point' ? POINT_HINT : HINT}</p>}
          {measurement.kind === 'point' && measurement.points.length > 0 ? (
            <PointReadout point={measurement.points[0]} />
          ) : (
            <dl className="measure-panel__sizes">
              {sizes.areaKm2 !== null && (
                <>
                  <dt>Area</dt>
                  <dd data-testid="measure-area">{formatArea(sizes.areaKm2, system)}</dd>
                </>
              )}
              <dt>{measurement.kind === 'area' ? 'Perimeter' : 'Total'}</dt>
              <dd data-testid="measure-total">{length(sizes.totalKm)}</dd>
              <dt className="measure-panel__extra">Points</dt>
              <dd className="measure-panel__extra">{measurement.points.length}</dd>
            </dl>
          )}
          {sizes.segmentsKm.length > 0 && (
            <ol className="measure-panel__segments measure-panel__extra" aria-label="Segments">
              {sizes.segmentsKm.map((km, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a segment is its place in the path
                <li key={i}>{length(km)}</li>
              ))}
            </ol>
          )}
          <div className="measure-panel__actions">
            {tool && (
              <>
                <button
                  type="button"
                  className="button button--small measure-panel__extra"
                  onClick={measureOf(surveyMap).addPointAtCentre}
                >
                  Add point at centre
                </button>
                {tool !== 'point' && (
                  <>
                    <button
                      type="button"
                      className="button button--small"
                      disabled={measurement.points.length === 0}
                      onClick={measureOf(surveyMap).undoPoint}
                    >
                      Undo point
                    </button>
                    <button
                      type="button"
                      className="button button--small"
                      disabled={missing > 0}
                      aria-describedby={missing > 0 ? 'measure-finish-why' : undefined}
                      onClick={() => measureOf(surveyMap).start(null)}
                    >
                      Finish
                    </button>
                    {missing > 0 && (
                      <p id="measure-finish-why" className="measure-panel__why">
                        {finishNeeds(measurement.kind, missing)}
                      </p>
                    )}
                  </>
                )}
              </>
            )}
            <button type="button" className="button button--small" onClick={measureOf(surveyMap).clear}>
              {tool ? 'Clear' : 'Close'}
            </button>
          </div>
          <div className="measure-panel__extra">
            {!tool && measurement.points.length > 0 && <MovePoint surveyMap={surveyMap} points={measurement.points} />}
            {!tool &&
              measurement.points.length >= minPoints(measurement.kind) &&
              saveMeasurement(measurement, measuredText(measurement, system))}
            <UnitSystemSelect />
          </div>
        </section>
      )}
    </>
  );
}
