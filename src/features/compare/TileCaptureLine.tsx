import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { TileMetadataItem } from '../../../core/wire/model.ts';
import type { ComparedImagery } from '../../catalog/compared-imagery.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { tileCapturesQueryOptions } from '../../catalog/tile-capture-queries.ts';
import { describeTileCaptures } from './cursor-capture.ts';
import { cursorTileKey, type CursorTile } from './tile-under-cursor.ts';

interface TileCaptureLineProps {
  connection: Connection;
  /** A survey's imagery, or one capture of it (then that capture alone is described). */
  imagery: ComparedImagery;
  cursor: CursorTile;
  /** Names the readout in tests ("cursor-capture-…") and its error ("Capture time of …"). */
  testId: string;
  errorTitle: string;
}

/** When the tile under the pointer was captured in one imagery: nothing while the pointer is on no tile. */
export function TileCaptureLine({ connection, imagery, cursor, testId, errorTitle }: TileCaptureLineProps) {
  const { surveyId, capture } = imagery;
  const tile = cursor.kind === 'tile' ? cursor.tile : null;
  const captures = useQuery(tileCapturesQueryOptions(connection, surveyId, tile));
  if (!tile) return null;
  // One capture describes that capture alone.
  const shown = (items: TileMetadataItem[]) =>
    capture ? items.filter((item) => item.captureId === capture.id) : items;
  return (
    <>
      <div className="compare-side__tile" data-testid={testId}>
        <span className="compare-side__tile-label">Tile {cursorTileKey(tile)}:</span>{' '}
        {captures.isPending ? 'looking up…' : captures.isError ? null : describeTileCaptures(shown(captures.data))}
      </div>
      {captures.isError && (
        <ErrorNotice compact title={errorTitle} error={captures.error} onRetry={() => void captures.refetch()} />
      )}
    </>
  );
}
