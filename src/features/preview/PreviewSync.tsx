import { useEffect, useRef } from 'react';
import type { Connection } from '../../api/connection.ts';
import { authorizeTileRequest, tileUrlTemplate } from '../../api/tiles.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { compareStore } from '../../state/compare-store.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { useUi } from '../../state/ui-store.ts';
import { imageryView } from './focus-point.ts';
import { renewAndReload } from './renew-and-reload.ts';
import { useSelectedSurvey } from './use-selected-survey.ts';

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
  const geometry = footprint?.geometry ?? null;
  useEffect(() => {
    if (!surveyId) focusedOn.current = null;
    if (!surveyId || !geometry || focusedOn.current === surveyId) return;
    focusedOn.current = surveyId;
    if (selectionStore.getState().selectedFrom === 'link' || compareStore.getState().active) return;
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
