import { useCallback, useSyncExternalStore } from 'react';
import { type Extent, extentsMeet } from '../../../core/geo/geometry.ts';
import type { Connection } from '../../api/connection.ts';
import { IMAGERY_MIN_MAP_ZOOM, mapZoomFor, tileZoomAt } from '../../map/imagery-source.ts';
import { MIN_TILE_ZOOM } from '../../../core/wire/limits.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { imageryZoomHint, mapZoomNow } from '../../units/zoom-levels.ts';
import { DETAIL_TILE_ZOOM, focusPoint } from './focus-point.ts';
import { useSelectedSurvey } from './use-selected-survey.ts';

/**
 * Below the imagery's lowest zoom, over the selected survey's footprint, says so (naming the survey, the map zoom and
 * the tile zoom) and offers to zoom in. Looking elsewhere (say, at an area pasted far away) it says nothing.
 */
export function ZoomHint({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const { survey, footprint } = useSelectedSurvey(connection);
  const subscribe = useCallback((onChange: () => void) => surveyMap.camera.onViewChange(onChange), [surveyMap]);
  // Tenths are enough for the text, and spare a render on every frame of a zoom.
  const mapZoom = useSyncExternalStore(subscribe, () => Math.round(surveyMap.camera.getZoom() * 10) / 10);
  // Whether the map draws the imagery is read from the exact zoom: at 12.46 the text says 12.5, yet MapLibre still
  // draws tile zoom 13, below the imagery's lowest.
  const tooFar = useSyncExternalStore(subscribe, () => tileZoomAt(surveyMap.camera.getZoom()) < MIN_TILE_ZOOM);
  const bbox = footprint?.bbox;
  const inView = useSyncExternalStore(
    subscribe,
    () => !!bbox && extentsMeet(bbox as Extent, surveyMap.camera.getBounds() as Extent),
  );
  if (!footprint || !survey || !tooFar || !inView) return null;

  const zoomIn = () => {
    surveyMap.camera.zoomTo(focusPoint(footprint.geometry), mapZoomFor(DETAIL_TILE_ZOOM));
    // This banner goes once the imagery shows: the keyboard moves on to the map, where arrows pan and +/- zoom.
    surveyMap.camera.focus();
  };
  return (
    <div className="zoom-hint" role="status">
      <span>
        {imageryZoomHint(survey.id, MIN_TILE_ZOOM, IMAGERY_MIN_MAP_ZOOM)}{' '}
        {/* Not announced: it changes on every step of a zoom. */}
        <span className="zoom-hint__now" aria-hidden="true">
          {mapZoomNow(mapZoom)}
        </span>
      </span>
      <button
        type="button"
        className="button button--small button--primary"
        title={`Zooms the map to zoom ${mapZoomFor(DETAIL_TILE_ZOOM)}, where tile zoom ${DETAIL_TILE_ZOOM} is drawn`}
        onClick={zoomIn}
      >
        Zoom to imagery
      </button>
    </div>
  );
}
