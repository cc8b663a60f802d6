import type { ReactNode } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyFootprint } from '../../../core/wire/model.ts';
import { useSurveyMap } from '../../map/map-context.ts';
import { IMAGERY_MIN_MAP_ZOOM } from '../../map/imagery-source.ts';
import { MIN_TILE_ZOOM } from '../../../core/wire/limits.ts';
import { compareStore, useCompare } from '../../state/compare-store.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { uiStore, useUi } from '../../state/ui-store.ts';
import {
  formatCaptureWindow,
  formatCaptureWindowUtc,
  formatCloudCover,
  formatDuration,
} from '../../format/survey-format.ts';
import { SpectralRange } from '../../ui/SpectralRange.tsx';
import { imageryCentre } from './focus-point.ts';
import { isDetailsUnknown, useSelectedSurvey } from './use-selected-survey.ts';

const oneDecimal = (zoom: number) => (Math.floor(zoom * 10) / 10).toFixed(1);

/** Why "Zoom to footprint" shows part of it: the whole footprint fits only further out than imagery is drawn. */
const footprintZoomNote = (fitZoom: number) =>
  `Imagery draws from map zoom ${oneDecimal(IMAGERY_MIN_MAP_ZOOM)} (the service's tile zoom ${MIN_TILE_ZOOM}); ` +
  `the whole footprint needs map zoom ${oneDecimal(fitZoom)}, so this goes to its imagery's centre at ` +
  `${oneDecimal(IMAGERY_MIN_MAP_ZOOM)}.`;

/** The open survey: its facts and the imagery controls (opacity, show/hide). */
export function SelectedSurveyPanel({
  connection,
  layerActions,
  updates,
}: {
  connection: Connection;
  /** Beside "Zoom to footprint": what other features offer for the survey's imagery (e.g. its layer URLs). */
  layerActions?: (survey: Survey, footprint: SurveyFootprint | null) => ReactNode;
  /** Under the imagery controls: what changed in the survey (another feature's). */
  updates?: (survey: Survey) => ReactNode;
}) {
  const { survey, footprint } = useSelectedSurvey(connection);
  const opacity = useUi((s) => s.previewOpacity);
  const visible = useUi((s) => s.previewVisible);
  const surveyMap = useSurveyMap();
  const compareA = useCompare((s) => s.a);
  const compareB = useCompare((s) => s.b);
  const comparing = useCompare((s) => s.active);
  const collapsed = useUi((s) => s.selectedPanelCollapsed);
  const fitZoom = footprint && surveyMap ? surveyMap.camera.fitZoom(footprint.bbox) : null;
  if (!survey) return null;
  const wholeFootprintNote = fitZoom !== null && fitZoom < IMAGERY_MIN_MAP_ZOOM ? footprintZoomNote(fitZoom) : null;

  return (
    <section className={collapsed ? 'selected-panel is-collapsed' : 'selected-panel'} aria-label="Selected survey">
      <header className="selected-panel__header">
        <div>
          <div className="selected-panel__eyebrow">Selected survey</div>
          <h2 className="selected-panel__id">{survey.id}</h2>
        </div>
        <div className="selected-panel__actions">
          <button
            type="button"
            className="button button--link selected-panel__toggle"
            aria-expanded={!collapsed}
            aria-controls="selected-panel-details"
            onClick={() => uiStore.getState().selectedPanelToggled()}
          >
            {collapsed ? 'Show details' : 'Hide details'}
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Clear selection"
            onClick={() => selectionStore.getState().selectionCleared()}
          >
            ×
          </button>
        </div>
      </header>
      <div id="selected-panel-details" hidden={collapsed}>
        {isDetailsUnknown(survey) ? (
          <p className="selected-panel__note">Opened from a link: its capture details show once the list reaches it.</p>
        ) : (
          <dl className="selected-panel__facts">
            <dt>Captured</dt>
            <dd title={formatCaptureWindowUtc(survey.captureStart, survey.captureEnd)}>
              {formatCaptureWindow(survey.captureStart, survey.captureEnd)}
            </dd>
            <dt>Duration</dt>
            <dd>{formatDuration(survey.captureStart, survey.captureEnd)}</dd>
            <dt>Cloud</dt>
            <dd>{formatCloudCover(survey.cloudCover).replace('Cloud ', '')}</dd>
            {survey.spectralRange && (
              <>
                <dt>Bands</dt>
                <dd>
                  <SpectralRange range={survey.spectralRange} />
                </dd>
              </>
            )}
          </dl>
        )}
        <div className="selected-panel__controls">
          <label className="checkbox">
            <input type="checkbox" checked={visible} onChange={() => uiStore.getState().previewToggled()} />
            Show imagery
          </label>
          <label className="slider">
            <span className="slider__label">Imagery opacity</span>
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={opacity}
              disabled={!visible}
              onChange={(e) => uiStore.getState().previewOpacityChanged(Number(e.target.value))}
            />
            <span className="slider__value">{Math.round(opacity * 100)}%</span>
          </label>
          <button
            type="button"
            className="button button--small"
            disabled={!footprint || !surveyMap}
            aria-describedby={wholeFootprintNote ? 'zoom-to-footprint-note' : undefined}
            title={wholeFootprintNote ?? undefined}
            onClick={() =>
              footprint &&
              surveyMap?.camera.frame(footprint.bbox, imageryCentre(footprint.geometry), IMAGERY_MIN_MAP_ZOOM)
            }
          >
            Zoom to footprint
          </button>
          {wholeFootprintNote && (
            <p id="zoom-to-footprint-note" className="selected-panel__zoom-note">
              {wholeFootprintNote}
            </p>
          )}
          {layerActions?.(survey, footprint)}
        </div>
        {updates?.(survey)}
        {/* Compare: any way of selecting a survey can feed either side. */}
        <div className="selected-panel__compare" role="group" aria-label="Compare">
          {(['a', 'b'] as const).map((side) => {
            const picked = (side === 'a' ? compareA : compareB) === survey.id;
            return (
              <button
                key={side}
                type="button"
                className="button button--small"
                aria-pressed={picked}
                onClick={() => compareStore.getState().comparePicked(side, survey.id)}
              >
                Compare as {side.toUpperCase()}
              </button>
            );
          })}
          <span className="selected-panel__compare-note">
            {comparing
              ? 'Comparing: the preview is hidden.'
              : compareA || compareB
                ? `Now pick ${compareA ? 'B' : 'A'} to compare.`
                : null}
          </span>
        </div>
      </div>
    </section>
  );
}
