import type { Connection } from '../api/connection.ts';
import type { SurveyMap } from '../map/survey-map.ts';
import { useUi } from '../state/ui-store.ts';
import { CoverageSync } from '../features/coverage/CoverageSync.tsx';
import { TileDetails } from '../features/coverage/TileDetails.tsx';
import { AreaDropZone } from '../features/area-search/AreaDropZone.tsx';
import { AreaSync } from '../features/area-search/AreaSync.tsx';
import { AreaToolbar } from '../features/area-search/AreaToolbar.tsx';

/** Everything the area search puts on the map: tools, drop target, layers and the tile details card. */
export function AreaSearchOverlay({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
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
