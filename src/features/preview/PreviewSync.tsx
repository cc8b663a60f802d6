import { useEffect, useRef } from 'react';
import type { Connection } from '../../api/connection.ts';
import { authorizeTileRequest, tileUrlTemplate } from '../../api/tiles.ts';
import type { MapView, SurveyMap } from '../../map/survey-map.ts';
import { compareStore } from '../../state/compare-store.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { useUi } from '../../state/ui-store.ts';
import { imageryView } from './focus-point.ts';
import { renewAndReload } from './renew-and-reload.ts';
import { useSelectedSurvey } from './use-selected-survey.ts';

const movedSince = (before: MapView, now: MapView) =>
  Math.abs(before.zoom - now.zoom) > 0.01 ||
  Math.abs(before.center[0] - now.center[0]) > 1e-7 ||
  Math.abs(before.center[1] - now.center[1]) > 1e-7;

/**
 * Shows the selected survey's imagery as a raster source, and goes to where it is drawn when the map cannot show it
 * (a shared link or history entry keeps its own view, and so does a comparison); renews the token and reloads on a
 * 401.
 */
export function PreviewSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const { survey, footprint } = useSelectedSurvey(connection);
  const opacity = useUi((s) => s.previewOpacity);
  const visible = useUi((s) => s.previewVisible);

  useEffect(() => {
    surveyMap.setTileAuthorizer((url) => authorizeTileRequest(connection, url));
    return () => surveyMap.setTileAuthorizer(() => undefined);
  }, [surveyMap, connection]);

  const surveyId = survey?.id ?? null;
  const bounds = footprint?.bbox ?? null;
  useEffect(() => {
    surveyMap.showPreview(
      surveyId && bounds ? { surveyId, tiles: tileUrlTemplate(connection, surveyId), bounds, opacity, visible } : null,
    );
  }, [surveyMap, connection, surveyId, bounds, opacity, visible]);

  useEffect(() => () => surveyMap.showPreview(null), [surveyMap]);

  const focusedOn = useRef<string | null>(null);
  // The camera when the survey was picked: a footprint that arrives after the user has moved the map (e.g. with
  // "Zoom to imagery", on a slow connection) leaves their view alone.
  const pickedWith = useRef<MapView | null>(null);
  useEffect(() => {
    pickedWith.current = surveyId ? surveyMap.getView() : null;
  }, [surveyMap, surveyId]);
  const geometry = footprint?.geometry ?? null;
  useEffect(() => {
    if (!surveyId) focusedOn.current = null;
    if (!surveyId || !geometry || focusedOn.current === surveyId) return;
    focusedOn.current = surveyId;
    if (selectionStore.getState().selectedFrom === 'link' || compareStore.getState().active) return;
    if (pickedWith.current && movedSince(pickedWith.current, surveyMap.getView())) return;
    const view = imageryView(geometry, { ...surveyMap.getView(), bounds: surveyMap.getBounds() });
    if (view) surveyMap.zoomTo(view.center, view.zoom);
  }, [surveyMap, surveyId, geometry]);

  useEffect(
    () =>
      surveyMap.on(
        'previewUnauthorized',
        renewAndReload(connection.credentials, () => surveyMap.reloadPreview()),
      ),
    [surveyMap, connection],
  );

  return null;
}
