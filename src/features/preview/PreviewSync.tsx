import { useEffect } from 'react';
import type { Connection } from '../../api/connection.ts';
import { authorizeTileRequest, tileUrlTemplate } from '../../api/tiles.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { useUi } from '../../state/ui-store.ts';
import { renewAndReload } from './renew-and-reload.ts';
import { useSelectedSurvey } from './use-selected-survey.ts';

/** Shows the selected survey's imagery as a raster source; renews the token and reloads on a 401. */
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
