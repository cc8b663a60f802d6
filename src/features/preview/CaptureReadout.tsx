import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { latestImageryQuery } from '../../api/tiles.ts';
import { LATEST_IMAGERY } from '../../../core/wire/latest-imagery.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { useCompare } from '../../state/compare-store.ts';
import { useMapLayers } from '../../state/map-layers-store.ts';
import { useSelection } from '../../state/selection-store.ts';
import { useUi } from '../../state/ui-store.ts';
import { tileCapturesQueryOptions } from '../../catalog/tile-capture-queries.ts';
import { describeTileCaptures, newestCapture } from '../compare/index.ts';
import type { TileAddress } from '../../../core/geo/tile-address.ts';
import { cursorTileKey } from '../compare/index.ts';
import { useCursorTile } from '../compare/index.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';

interface ShownLayer {
  surveyId: string;
  label: string;
  query: Record<string, string>;
  kind: 'survey' | 'latest' | 'timelapse';
}

function CaptureLine({ connection, layer, tile }: { connection: Connection; layer: ShownLayer; tile: TileAddress }) {
  const captures = useQuery(tileCapturesQueryOptions(connection, layer.surveyId, tile, layer.query));
  const newest = captures.data ? newestCapture(captures.data) : null;
  return (
    <div className="capture-readout__line" data-testid={`capture-${layer.kind}`}>
      <span className="capture-readout__layer">{layer.label}</span>{' '}
      {captures.isPending ? 'looking up…' : captures.isError ? null : describeTileCaptures(captures.data)}
      {newest?.captureId && (
        <span className="capture-readout__mosaic" title="Capture id (mosaic_stac_id)">
          {newest.captureId}
        </span>
      )}
      {captures.isError && (
        <ErrorNotice
          compact
          title={`Capture time of ${layer.label}`}
          error={captures.error}
          onRetry={() => void captures.refetch()}
        />
      )}
    </div>
  );
}

/**
 * When the tile under the pointer (or, with no pointer on the map, at its centre) was captured, for each imagery
 * layer shown: the selected survey's and the latest imagery's, from the tiles' metadata — or, while a timelapse frame
 * hides them, the frame's survey (`frameSurveyId`). Compare has its own.
 */
export function CaptureReadout({
  connection,
  surveyMap,
  frameSurveyId = null,
}: {
  connection: Connection;
  surveyMap: SurveyMap;
  frameSurveyId?: string | null;
}) {
  const comparing = useCompare((s) => s.active);
  const selectedId = useSelection((s) => s.selectedId);
  const previewVisible = useUi((s) => s.previewVisible);
  const latest = useUi((s) => s.latestImagery);
  const maxCloud = useMapLayers((s) => s.latestMaxCloud);
  const place = useCursorTile(surveyMap, { centreWhenOff: true });
  const layers: ShownLayer[] = frameSurveyId
    ? [{ surveyId: frameSurveyId, label: `${frameSurveyId} (timelapse frame)`, query: {}, kind: 'timelapse' }]
    : [
        ...(selectedId && previewVisible
          ? [{ surveyId: selectedId, label: selectedId, query: {}, kind: 'survey' as const }]
          : []),
        ...(latest
          ? [
              {
                surveyId: LATEST_IMAGERY,
                label: 'Latest imagery',
                query: latestImageryQuery(maxCloud),
                kind: 'latest' as const,
              },
            ]
          : []),
      ];
  if (comparing || layers.length === 0 || place.kind !== 'tile') return null;

  return (
    <section className="capture-readout" aria-label="Capture under the cursor" aria-live="off">
      <div className="capture-readout__place">
        {place.atCentre ? 'At the map centre' : 'Under the cursor'}, tile {cursorTileKey(place.tile)}
      </div>
      {layers.map((layer) => (
        <CaptureLine key={layer.surveyId} connection={connection} layer={layer} tile={place.tile} />
      ))}
    </section>
  );
}
