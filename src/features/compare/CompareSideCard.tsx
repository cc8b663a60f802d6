import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { TileMetadataItem } from '../../../core/wire/model.ts';
import { parseSide } from '../../state/compared-imagery.ts';
import type { CompareSide } from '../../state/compare-store.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { formatCaptureWindow, formatCaptureWindowUtc, UNKNOWN_WINDOW } from '../../format/survey-format.ts';
import { tileCapturesQueryOptions } from './compare-queries.ts';
import { describeTileCaptures } from './cursor-capture.ts';
import { cursorTileKey, type CursorTile } from './tile-under-cursor.ts';
import { useKnownSurvey } from './use-known-survey.ts';

interface CompareSideCardProps {
  connection: Connection;
  side: CompareSide;
  /** The side as the compare store holds it: a survey id, or one capture of a survey. */
  imagery: string;
  cursor: CursorTile;
}

/** One side of the comparison: its survey (or one capture), capture window, and the capture under the pointer. */
export function CompareSideCard({ connection, side, imagery, cursor }: CompareSideCardProps) {
  const { surveyId, capture } = parseSide(imagery);
  const { survey } = useKnownSurvey(connection, surveyId);
  const window = capture ?? survey;
  // A side showing one capture describes that capture alone.
  const shownCaptures = (items: TileMetadataItem[]) =>
    capture ? items.filter((item) => item.captureId === capture.id) : items;
  const tile = cursor.kind === 'tile' ? cursor.tile : null;
  const captures = useQuery(tileCapturesQueryOptions(connection, surveyId, tile));
  const letter = side.toUpperCase();

  return (
    <section className={`compare-side compare-side--${side}`} aria-label={`Side ${letter}`}>
      <span className="compare-side__badge" aria-hidden="true">
        {letter}
      </span>
      <div className="compare-side__body">
        <div className="compare-side__id">
          {surveyId}
          {capture && <span className="compare-side__capture"> · one earlier capture</span>}
        </div>
        <div
          className="compare-side__window"
          title={window ? formatCaptureWindowUtc(window.captureStart, window.captureEnd) : undefined}
        >
          {window ? formatCaptureWindow(window.captureStart, window.captureEnd) : UNKNOWN_WINDOW}
        </div>
        {tile && (
          <div className="compare-side__tile" data-testid={`cursor-capture-${side}`}>
            <span className="compare-side__tile-label">Tile {cursorTileKey(tile)}:</span>{' '}
            {captures.isPending
              ? 'looking up…'
              : captures.isError
                ? null
                : describeTileCaptures(shownCaptures(captures.data))}
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
