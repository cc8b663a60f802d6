import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { useUi } from '../../state/ui-store.ts';
import { CoverageSync } from '../coverage/CoverageSync.tsx';
import { TileDetails } from '../coverage/TileDetails.tsx';
import { AreaDropZone } from './AreaDropZone.tsx';
import { AreaSync } from './AreaSync.tsx';
import { AreaToolbar } from './AreaToolbar.tsx';

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
