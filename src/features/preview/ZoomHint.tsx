import { useCallback, useSyncExternalStore } from 'react';
import type { Connection } from '../../api/connection.ts';
import { mapZoomFor, PREVIEW_MIN_ZOOM, tileZoomAt } from '../../map/preview-layer.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { focusPoint } from './focus-point.ts';
import { useSelectedSurvey } from './use-selected-survey.ts';

/** Tile zoom to show when asked: streets and buildings, at the tiles' own resolution. */
const DETAIL_TILE_ZOOM = 16;

/** Below the imagery's lowest zoom, says so and offers to zoom in onto the footprint. */
export function ZoomHint({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const { footprint } = useSelectedSurvey(connection);
  const subscribe = useCallback((onChange: () => void) => surveyMap.onViewChange(onChange), [surveyMap]);
  const tooFar = useSyncExternalStore(subscribe, () => tileZoomAt(surveyMap.getZoom()) < PREVIEW_MIN_ZOOM);
  if (!footprint || !tooFar) return null;

  const zoomIn = () => surveyMap.zoomTo(focusPoint(footprint.geometry), mapZoomFor(DETAIL_TILE_ZOOM));
  return (
    <div className="zoom-hint" role="status">
      <span>Zoom in to see the survey's imagery.</span>
      <button type="button" className="button button--small button--primary" onClick={zoomIn}>
        Zoom to imagery
      </button>
    </div>
  );
}
