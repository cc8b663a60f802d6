import type { Connection } from '../../api/connection.ts';
import { parseSide } from '../../catalog/compared-imagery.ts';
import { formatCaptureWindow, formatCaptureWindowUtc, UNKNOWN_WINDOW } from '../../format/survey-format.ts';
import type { CursorTile } from './tile-under-cursor.ts';
import { TileCaptureLine } from './TileCaptureLine.tsx';
import { useKnownSurvey } from './use-known-survey.ts';

interface CapturedImageryProps {
  connection: Connection;
  /** A survey id, or one capture of a survey ("survey/capture", compared-imagery.ts). */
  imagery: string;
  cursor: CursorTile;
  /** Names the tile readout in tests ("cursor-capture-…") and its error ("Capture time of …"). */
  testId: string;
  errorTitle: string;
}

/** An imagery's label: its survey (or one capture), capture window, and the capture of the tile under the pointer. */
export function CapturedImagery({ connection, imagery, cursor, testId, errorTitle }: CapturedImageryProps) {
  const side = parseSide(imagery);
  const { survey } = useKnownSurvey(connection, side.surveyId);
  const window = side.capture ?? survey;
  return (
    <>
      <div className="compare-side__id">
        {side.surveyId}
        {side.capture && <span className="compare-side__capture"> · one earlier capture</span>}
      </div>
      <div
        className="compare-side__window"
        title={window ? formatCaptureWindowUtc(window.captureStart, window.captureEnd) : undefined}
      >
        {window ? formatCaptureWindow(window.captureStart, window.captureEnd) : UNKNOWN_WINDOW}
      </div>
      <TileCaptureLine connection={connection} imagery={side} cursor={cursor} testId={testId} errorTitle={errorTitle} />
    </>
  );
}
