import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { useCompare } from '../../state/compare-store.ts';
import { formatCaptureWindow, formatCloudCover } from '../../format/survey-format.ts';
import { type FootprintHover, footprintsOf } from './survey-footprints.ts';
import { useSurveyLookup } from './use-survey-lookup.ts';

/** Room between the pointer and the label. */
const OFFSET = 14;

/**
 * Beside the pointer, the survey whose footprint is under it: its id, capture window and cloud cover. Pointers only
 * (a touch selects at once), not while comparing; it never takes the pointer itself.
 */
export function FootprintLabel({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const [hover, setHover] = useState<FootprintHover>(null);
  const hoveredId = hover?.id ?? null;
  const surveyOf = useSurveyLookup(
    connection,
    useMemo(() => (hoveredId ? [hoveredId] : []), [hoveredId]),
  );
  // While comparing, the comparison's panel says what is under the pointer, side by side.
  const comparing = useCompare((s) => s.active);
  const label = useRef<HTMLDivElement>(null);
  useEffect(() => footprintsOf(surveyMap).on('hovered', setHover), [surveyMap]);

  // Turned to the pointer's other side near the map's right and bottom edges.
  useLayoutEffect(() => {
    const element = label.current;
    const pane = element?.offsetParent;
    if (!element || !hover || !(pane instanceof HTMLElement)) return;
    const left = hover.x + OFFSET + element.offsetWidth > pane.clientWidth;
    const up = hover.y + OFFSET + element.offsetHeight > pane.clientHeight;
    const shift = (back: boolean) => (back ? `calc(-100% - ${OFFSET}px)` : `${OFFSET}px`);
    element.style.transform = `translate(${shift(left)}, ${shift(up)})`;
  });

  if (!hover || comparing) return null;
  const survey = surveyOf(hover.id);
  return (
    <div ref={label} className="footprint-label" data-testid="footprint-label" style={{ left: hover.x, top: hover.y }}>
      <span className="footprint-label__id">{hover.id}</span>
      {survey?.captureStart && (
        <span className="footprint-label__facts">
          {formatCaptureWindow(survey.captureStart, survey.captureEnd)} · {formatCloudCover(survey.cloudCover)}
        </span>
      )}
    </div>
  );
}
