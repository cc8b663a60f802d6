import { useEffect, useMemo } from 'react';
import type { Connection } from '../../api/connection.ts';
import { imageryTileZoom, latestImageryQuery, tileUrlTemplate } from '../../api/tiles.ts';
import { LATEST_IMAGERY } from '../../../core/wire/latest-imagery.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { useMapLayers } from '../../state/map-layers-store.ts';
import { useUi } from '../../state/ui-store.ts';
import { BILLED_MIN_ZOOM, usageStore } from '../../state/usage-store.ts';
import { footprintsOf } from '../footprints/index.ts';
import { latestImagery, latestImageryRaster } from './latest-imagery.ts';

/**
 * The latest-imagery layer follows its toggle and cloud limit, the footprints theirs; every billed imagery tile the
 * map asks for is counted.
 */
export function MapLayersSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const latest = useUi((s) => s.latestImagery);
  const maxCloud = useMapLayers((s) => s.latestMaxCloud);
  const footprintsShown = useMapLayers((s) => s.footprintsShown);

  const slot = useMemo(() => surveyMap.imagery(latestImagery(connection)), [surveyMap, connection]);
  useEffect(() => {
    const query = latestImageryQuery(maxCloud);
    slot.show(latest ? latestImageryRaster(tileUrlTemplate(connection, LATEST_IMAGERY, query)) : null);
  }, [slot, connection, latest, maxCloud]);
  useEffect(() => () => slot.show(null), [slot]);
  useEffect(() => footprintsOf(surveyMap).showLayers(footprintsShown), [surveyMap, footprintsShown]);

  useEffect(
    () =>
      surveyMap.on('tileRequested', (url) => {
        const z = imageryTileZoom(connection, url);
        if (z !== null && z >= BILLED_MIN_ZOOM) usageStore.getState().imageryTilesRequested(1);
      }),
    [surveyMap, connection],
  );

  return null;
}
