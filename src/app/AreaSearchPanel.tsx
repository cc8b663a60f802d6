import { lazy, Suspense } from 'react';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import type { Connection } from '../api/connection.ts';
import { useAreaSearch } from '../features/area-search/index.ts';
import { acceptArea, AreaSection, SwappedAxesHint } from '../features/area-search/on-demand.ts';
import { CoverageResults, SurveyTiles, useCoverage } from '../features/coverage/on-demand.ts';
import { GeoTiffExport } from '../features/geotiff-export/index.ts';
import { SavedAreas } from '../features/saved-areas/index.ts';

/** Find changes, with the change engine's client, loaded once an area is searched. */
const FindChanges = lazy(() =>
  import('../features/find-changes/on-demand.ts').then((m) => ({ default: m.FindChanges })),
);

const openRestored = (geometry: AreaGeometry) => acceptArea(geometry, 'restored').ok;

/** The GeoTIFF export of the coverage answer. */
function CoverageGeoTiffExport({ connection }: { connection: Connection }) {
  return <GeoTiffExport connection={connection} coverage={useCoverage(connection)} />;
}

/** Under the area, when no survey covers it, the hint that its numbers may be swapped. */
function CoverageSwappedAxesHint({ connection }: { connection: Connection }) {
  return <SwappedAxesHint connection={connection} coverage={useCoverage(connection)} />;
}

/**
 * The sidebar's area search, composed of its features: the area and date range, saved areas, the surveys covering it,
 * Find changes between two of them, and the tiles of the chosen one.
 */
export function AreaSearchPanel({ connection }: { connection: Connection }) {
  const searching = useAreaSearch((s) => s.search !== null);
  return (
    <div className="area-panel">
      <AreaSection />
      {/* Right under the area just pasted: lower down, the selected survey's panel can hide it. */}
      <CoverageSwappedAxesHint connection={connection} />
      <SavedAreas connection={connection} openArea={openRestored} />
      <CoverageResults connection={connection} />
      {searching && (
        <Suspense fallback={null}>
          <FindChanges connection={connection} />
        </Suspense>
      )}
      {searching && <CoverageGeoTiffExport connection={connection} />}
      {searching && <SurveyTiles connection={connection} />}
    </div>
  );
}
