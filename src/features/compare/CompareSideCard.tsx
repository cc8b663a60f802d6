import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { CompareSide } from '../../state/compare-store.ts';
import { ErrorNotice } from '../errors/ErrorNotice.tsx';
import { formatCaptureWindow, formatCaptureWindowUtc, UNKNOWN_WINDOW } from '../surveys/format.ts';
import { tileCapturesQueryOptions } from './compare-queries.ts';
import { describeTileCaptures } from './cursor-capture.ts';
import { tileKey, type CursorTile } from './tile-under-cursor.ts';
import { useKnownSurvey } from './use-known-survey.ts';

interface CompareSideCardProps {
  connection: Connection;
  side: CompareSide;
  surveyId: string;
  cursor: CursorTile;
}

/** One side of the comparison: its survey, capture window, and the capture time of the tile under the pointer. */
export function CompareSideCard({ connection, side, surveyId, cursor }: CompareSideCardProps) {
  const { survey } = useKnownSurvey(connection, surveyId);
  const tile = cursor.kind === 'tile' ? cursor.tile : null;
  const captures = useQuery(tileCapturesQueryOptions(connection, surveyId, tile));
  const letter = side.toUpperCase();

  return (
    <section className={`compare-side compare-side--${side}`} aria-label={`Side ${letter}`}>
      <span className="compare-side__badge" aria-hidden="true">
        {letter}
      </span>
      <div className="compare-side__body">
        <div className="compare-side__id">{surveyId}</div>
        <div
          className="compare-side__window"
          title={survey ? formatCaptureWindowUtc(survey.captureStart, survey.captureEnd) : undefined}
        >
          {survey ? formatCaptureWindow(survey.captureStart, survey.captureEnd) : UNKNOWN_WINDOW}
        </div>
        {tile && (
          <div className="compare-side__tile" data-testid={`cursor-capture-${side}`}>
            <span className="compare-side__tile-label">Tile {tileKey(tile)}:</span>{' '}
            {captures.isPending ? 'looking up…' : captures.isError ? null : describeTileCaptures(captures.data)}
          </div>
        )}
        {tile && captures.isError && (
          <ErrorNotice
            compact
            title={`Capture time of side ${letter}`}
            error={captures.error}
            onRetry={() => void captures.refetch()}
          />
        )}
      </div>
    </section>
  );
}
