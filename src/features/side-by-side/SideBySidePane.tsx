import { useEffect, useRef, useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import type { LinkedMap } from '../../map/linked-map.ts';
import { parseSide } from '../../catalog/compared-imagery.ts';
import { sideBySideStore } from '../../state/side-by-side-store.ts';
import { formatCaptureWindow } from '../../format/survey-format.ts';
import { CapturedImagery, compareRaster, sideImagery, type useCursorTile, useKnownSurvey } from '../compare/index.ts';
import { paneImagery } from './pane-imagery.ts';

interface SideBySidePaneProps {
  connection: Connection;
  surveyMap: SurveyMap;
  /** A survey id, or one capture of a survey ("survey/capture"). */
  imagery: string;
  /** 1–4, reading order. */
  place: number;
  cursor: ReturnType<typeof useCursorTile>;
}

/** One capture: its label above (nothing drawn over the imagery) and its map, made once and removed on unmount. */
export function SideBySidePane({ connection, surveyMap, imagery, place, cursor }: SideBySidePaneProps) {
  const container = useRef<HTMLDivElement>(null);
  const [pane, setPane] = useState<LinkedMap | null>(null);
  const side = parseSide(imagery);
  const { surveyId } = side;
  const known = useKnownSurvey(connection, surveyId);
  const bounds = known.footprint?.bbox ?? null;
  const window = side.capture ?? known.survey;
  // As the label above the map reads: what a saved image or a report writes over this map.
  const caption =
    `${surveyId}${side.capture ? ' · one earlier capture' : ''}` +
    (window?.captureStart ? ` · ${formatCaptureWindow(window.captureStart, window.captureEnd)}` : '');

  useEffect(() => {
    const made = surveyMap.addMap({ beside: container.current! });
    setPane(made);
    return () => {
      setPane(null);
      made.destroy();
    };
  }, [surveyMap]);

  useEffect(
    () => pane?.imagery(paneImagery(connection)).show(compareRaster(sideImagery(connection, imagery, bounds), 1, true)),
    [pane, connection, imagery, bounds],
  );
  useEffect(() => pane?.setLabel(`Map of ${surveyId}`), [pane, surveyId]);
  useEffect(() => pane?.setCaption(caption), [pane, caption]);

  return (
    <section className="side-by-side__pane" aria-label={`Capture ${place}: ${surveyId}`}>
      <div className="side-by-side__label">
        <div className="side-by-side__text">
          <CapturedImagery
            connection={connection}
            imagery={imagery}
            cursor={cursor}
            testId={`cursor-capture-${place}`}
            errorTitle={`Capture time of ${surveyId}`}
          />
        </div>
        <button
          type="button"
          className="icon-button side-by-side__remove"
          aria-label={`Remove ${surveyId} from side by side`}
          onClick={() => sideBySideStore.getState().paneRemoved(imagery)}
        >
          ×
        </button>
      </div>
      <div ref={container} className="side-by-side__map" />
    </section>
  );
}
