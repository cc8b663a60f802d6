import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { compareStore, useCompare } from '../../state/compare-store.ts';
import { selectionStore, useSelection } from '../../state/selection-store.ts';
import { sideBySideStore, spreadOver, useSideBySide } from '../../state/side-by-side-store.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { areaInView, areaSearchStore } from '../area-search/index.ts';
import { formatCaptureWindow } from '../../format/survey-format.ts';
import { inTimeOrder, stepSurvey, type Step } from './survey-stepping.ts';
import { compareSideFor } from './side-choice.ts';
import { assignLanes, timeAxis } from './time-axis.ts';
import { centreCell } from './timeline-area.ts';
import { timelineStore, useTimeline } from './timeline-store.ts';
import { useTimelineSurveys } from './use-timeline-surveys.ts';
import { MAP_PANEL } from '../../map/map-camera.ts';

/** Keys on a focused mark: ← → previous/next survey, Home/End oldest/newest. */
const TIMELINE_KEYS: Record<string, Step> = {
  ArrowLeft: 'previous',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
};

const MARK_GAP = 0.035;
/** Height of the axis with one row of marks, and of each further row (matches app.css). */
const AXIS_BASE_PX = 34;
const LANE_PX = 22;

/** A mark's tip is centred over it, or near an end of the axis starts or ends at it, so that it stays on screen. */
const tipClass = (leftPercent: number) =>
  leftPercent < 15
    ? 'timeline__tip timeline__tip--start'
    : leftPercent > 85
      ? 'timeline__tip timeline__tip--end'
      : 'timeline__tip';

/**
 * A collapsible strip at the bottom of the map: the surveys over the area (or around the map centre) on a time axis.
 */
export function Timeline({
  connection,
  surveyMap,
  actions,
}: {
  connection: Connection;
  surveyMap: SurveyMap;
  /** Other features' controls on the strip's bar (the timelapse). */
  actions?: ReactNode;
}) {
  const expanded = useTimeline((s) => s.expanded);
  const selectedId = useSelection((s) => s.selectedId);
  const compareA = useCompare((s) => s.a);
  const compareB = useCompare((s) => s.b);
  const comparing = useCompare((s) => s.active);
  const sideBySide = useSideBySide((s) => s.panes);
  /** What the last pick did to the comparison, or why it did nothing. */
  const [compareNote, setCompareNote] = useState<string | null>(null);
  const { query, scope, areaAway } = useTimelineSurveys(connection);
  const marks = useRef(new Map<string, HTMLButtonElement>());
  const strip = useRef<HTMLElement>(null);

  // Its height, for what makes room for it over the map (maps side by side end above it).
  useEffect(() => {
    const element = strip.current;
    const pane = element?.parentElement;
    if (!element || !pane) return;
    const observer = new ResizeObserver(() => pane.style.setProperty('--timeline-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      pane.style.removeProperty('--timeline-height');
    };
  }, []);

  // What the strip lists follows the view: the area's surveys while the area is in view, else the map centre's.
  useEffect(() => {
    if (!expanded) return;
    const follow = () =>
      timelineStore
        .getState()
        .mapMoved(
          centreCell(surveyMap.camera.getCenter()),
          areaInView(areaSearchStore.getState().area, surveyMap.camera.getBounds()),
        );
    follow();
    const offView = surveyMap.camera.onViewChange(follow);
    const offArea = areaSearchStore.subscribe((state, previous) => {
      if (state.area !== previous.area) follow();
    });
    return () => {
      offView();
      offArea();
    };
  }, [surveyMap, expanded]);

  // Placed only while the strip is open: an area search may hold thousands of surveys.
  const surveys = useMemo(() => (expanded ? inTimeOrder(query.data ?? []) : []), [expanded, query.data]);
  const axis = useMemo(
    () => timeAxis(surveys.flatMap((c) => [Date.parse(c.captureStart), Date.parse(c.captureEnd)])),
    [surveys],
  );
  const lanes = useMemo(
    () =>
      assignLanes(
        surveys.map((c) => axis.position(Date.parse(c.captureStart))),
        MARK_GAP,
      ),
    [surveys, axis],
  );
  const canSideBySide = surveys.length > 1 && sideBySide.length === 0;
  const focusable = surveys.some((c) => c.id === selectedId) ? selectedId : surveys[0]?.id;

  useEffect(() => {
    if (!comparing) setCompareNote(null);
  }, [comparing]);

  const dated = (id: string) => ({ imagery: id, captureStart: surveys.find((c) => c.id === id)?.captureStart ?? '' });
  // Side by side, a pick joins the maps (in place of the one nearest in time when four are shown). While comparing, it
  // replaces the compared side it belongs to (the nearer in time), or says why not.
  const preview = (id: string) => {
    selectionStore.getState().surveySelected(id, 'map');
    if (sideBySideStore.getState().panes.length > 0) {
      sideBySideStore.getState().paneChosen(
        dated(id),
        surveys.map((c) => dated(c.id)),
      );
      return;
    }
    const { active, a, b, comparePicked } = compareStore.getState();
    if (!active || !a || !b) return;
    const choice = compareSideFor(surveys, a, b, id);
    if ('side' in choice) {
      comparePicked(choice.side, id);
      setCompareNote(`Side ${choice.side.toUpperCase()} now shows ${id}.`);
    } else {
      setCompareNote(choice.unchanged);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const step = TIMELINE_KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = stepSurvey(surveys, id, step);
    if (!next) return;
    preview(next);
    marks.current.get(next)?.focus();
  };

  const where = scope === 'area' ? 'in the area' : 'around the map centre';
  const summary = query.isPending
    ? 'Looking for surveys…'
    : query.isError
      ? 'Could not load surveys'
      : `${surveys.length} survey${surveys.length === 1 ? '' : 's'} ${where}`;

  return (
    <section
      ref={strip}
      className={expanded ? 'timeline timeline--open' : 'timeline'}
      {...MAP_PANEL}
      aria-label="Timeline"
    >
      <div className="timeline__bar">
        <button
          type="button"
          className="button button--small timeline__toggle"
          aria-expanded={expanded}
          aria-controls="timeline-body"
          onClick={() => timelineStore.getState().timelineToggled()}
        >
          <span aria-hidden="true">{expanded ? '▾' : '▴'}</span> Timeline
        </button>
        {expanded && (
          <span className="timeline__summary" role="status">
            {summary}
          </span>
        )}
        {expanded && areaAway && (
          <span className="timeline__compare-note" role="status">
            The area is out of view.
          </span>
        )}
        {expanded && comparing && (
          <span className="timeline__compare-note" role="status" data-testid="timeline-compare-note">
            {compareNote ?? 'A pick replaces the compared side nearer in time.'}
          </span>
        )}
        {expanded && surveys.length > 0 && <span className="timeline__keys">← → step through surveys</span>}
        {expanded && (actions || canSideBySide) && (
          <span className="timeline__actions">
            {actions}
            {canSideBySide && (
              <button
                type="button"
                className="button button--small"
                title="Up to four of these surveys, spread over time, in maps that move together"
                onClick={() => sideBySideStore.getState().sideBySideOpened(spreadOver(surveys).map((c) => c.id))}
              >
                Side by side
              </button>
            )}
          </span>
        )}
        {expanded && sideBySide.length > 0 && (
          <span className="timeline__compare-note" role="status">
            A pick joins the maps side by side (up to four).
          </span>
        )}
      </div>
      {expanded && (
        <div id="timeline-body" className="timeline__body">
          {query.isError && (
            <ErrorNotice
              compact
              title="Surveys for the timeline"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          )}
          {query.isSuccess && surveys.length === 0 && (
            <p className="timeline__empty">
              {scope === 'area'
                ? 'No survey covers the area.'
                : 'No survey covers the map centre. Pan to a surveyed place or set an area.'}
            </p>
          )}
          {surveys.length > 0 && (
            <div
              className="timeline__axis"
              role="group"
              aria-label={`Surveys ${where}, oldest to newest`}
              style={{ height: `${AXIS_BASE_PX + LANE_PX * Math.max(0, ...lanes)}px` }}
            >
              {axis.ticks.map((tick) => (
                <span
                  key={tick.time}
                  className={tick.major ? 'timeline__tick timeline__tick--major' : 'timeline__tick'}
                  style={{ left: `${axis.position(tick.time) * 100}%` }}
                  aria-hidden="true"
                >
                  {tick.label}
                </span>
              ))}
              {surveys.map((survey, i) => {
                const window = formatCaptureWindow(survey.captureStart, survey.captureEnd);
                const side = survey.id === compareA ? 'A' : survey.id === compareB ? 'B' : null;
                const pane = sideBySide.indexOf(survey.id) + 1;
                const left = axis.position(Date.parse(survey.captureStart)) * 100;
                return (
                  <button
                    key={survey.id}
                    ref={(el) => {
                      if (el) marks.current.set(survey.id, el);
                      else marks.current.delete(survey.id);
                    }}
                    type="button"
                    className="timeline__mark"
                    data-survey-id={survey.id}
                    data-lane={lanes[i]}
                    style={{ left: `${left}%` }}
                    tabIndex={survey.id === focusable ? 0 : -1}
                    aria-pressed={survey.id === selectedId}
                    aria-label={
                      `${survey.id}, captured ${window}${side ? `, compare side ${side}` : ''}` +
                      (pane > 0 ? `, side by side ${pane}` : '')
                    }
                    onClick={() => preview(survey.id)}
                    onKeyDown={(event) => onKeyDown(event, survey.id)}
                    onMouseEnter={() => selectionStore.getState().surveyHovered(survey.id)}
                    onMouseLeave={() => selectionStore.getState().surveyHovered(null)}
                  >
                    {(side || pane > 0) && (
                      <span className="timeline__mark-side" aria-hidden="true">
                        {side ?? pane}
                      </span>
                    )}
                    <span className={tipClass(left)} aria-hidden="true">
                      <strong>{survey.id}</strong>
                      <span>{window}</span>
                    </span>
                  </button>
                );
              })}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
