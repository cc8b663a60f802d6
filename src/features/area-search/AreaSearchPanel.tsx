import type { Connection } from '../../api/connection.ts';
import { useAreaSearch } from './area-search-store.ts';
import { CoverageResults } from '../coverage/CoverageResults.tsx';
import { SurveyTiles } from '../coverage/SurveyTiles.tsx';
import { GeoTiffExport } from '../geotiff-export/GeoTiffExport.tsx';
import { SavedAreas } from '../saved-areas/SavedAreas.tsx';
import { AreaSection } from './AreaSection.tsx';
import { SwappedAxesHint } from './SwappedAxesHint.tsx';

/** The sidebar's area search: the area and date range, the surveys covering it, and the tiles of the chosen one. */
export function AreaSearchPanel({ connection }: { connection: Connection }) {
  const searching = useAreaSearch((s) => s.search !== null);
  return (
    <div className="area-panel">
      <AreaSection />
      <SavedAreas connection={connection} />
      <CoverageResults connection={connection} whenEmpty={<SwappedAxesHint connection={connection} />} />
      {searching && <GeoTiffExport connection={connection} />}
      {searching && <SurveyTiles connection={connection} />}
    </div>
  );
}
