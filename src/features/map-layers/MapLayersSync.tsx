import { useEffect } from 'react';
import type { Connection } from '../../api/connection.ts';
import { imageryTileZoom, tileUrlTemplate } from '../../api/tiles.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { useUi } from '../../state/ui-store.ts';
import { BILLED_MIN_ZOOM, usageStore } from '../../state/usage-store.ts';

/** The latest-imagery layer follows its toggle; every billed imagery tile the map asks for is counted. */
export function MapLayersSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const latest = useUi((s) => s.latestImagery);

  useEffect(() => {
    surveyMap.showLatestImagery(latest ? tileUrlTemplate(connection, 'basemap') : null);
  }, [surveyMap, connection, latest]);
  useEffect(() => () => surveyMap.showLatestImagery(null), [surveyMap]);

  useEffect(
    () =>
      surveyMap.on('tileRequested', (url) => {
        const z = imageryTileZoom(connection, url);
        if (z !== null && z >= BILLED_MIN_ZOOM) usageStore.getState().imageryTileRequested();
      }),
    [surveyMap, connection],
  );

  return null;
}
