import type { Connection } from '../api/connection.ts';
import type { SurveyMap } from '../map/survey-map.ts';
import { useUi } from '../state/ui-store.ts';
import { AreaDropZone, AreaSync, AreaToolbar } from '../features/area-search/on-demand.ts';
import { CoverageSync, TileDetails } from '../features/coverage/on-demand.ts';

/** Everything the area search puts on the map: tools, drop target, layers and the tile details card. */
export function AreaSearchOnMap({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const open = useUi((s) => s.sidebarTab === 'area');
  return (
    <>
      <AreaSync surveyMap={surveyMap} />
      <CoverageSync connection={connection} surveyMap={surveyMap} />
      <AreaToolbar surveyMap={surveyMap} />
      <AreaDropZone />
      {open && <TileDetails connection={connection} />}
    </>
  );
}
