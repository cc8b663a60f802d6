import { lazy, Suspense } from 'react';
import type { Connection } from '../api/connection.ts';
import { LoadBoundary } from '../features/errors/LoadBoundary.tsx';
import { FootprintSync } from '../features/footprints/FootprintSync.tsx';
import { OverlapChooser } from '../features/footprints/OverlapChooser.tsx';
import { MapLayersPanel } from '../features/map-layers/MapLayersPanel.tsx';
import { MapLayersSync } from '../features/map-layers/MapLayersSync.tsx';
import { PreviewSync } from '../features/preview/PreviewSync.tsx';
import { ZoomHint } from '../features/preview/ZoomHint.tsx';
import type { SurveyMap } from '../map/survey-map.ts';
import { useCompare } from '../state/compare-store.ts';

/** Loaded later still: the comparison once one starts, the timeline, and the area search (drawing, geometry maths, file import). */
const CompareView = lazy(() => import('../features/compare/index.ts').then((m) => ({ default: m.CompareView })));
const Timeline = lazy(() => import('../features/timeline/Timeline.tsx').then((m) => ({ default: m.Timeline })));
const AreaSearchOverlay = lazy(() => import('../features/area-search/index.ts').then((m) => ({ default: m.AreaSearchOverlay })));

/** What a session shows on and over the map: footprints, preview, layers, comparison, timeline, area tools. */
export function MapOverlays({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const comparing = useCompare((s) => s.active);
  return (
    <>
      <FootprintSync connection={connection} surveyMap={surveyMap} />
      <PreviewSync connection={connection} surveyMap={surveyMap} />
      <ZoomHint connection={connection} surveyMap={surveyMap} />
      <MapLayersSync connection={connection} surveyMap={surveyMap} />
      <MapLayersPanel surveyMap={surveyMap} />
      <OverlapChooser connection={connection} />
      <LoadBoundary fallback={null}>
        <Suspense fallback={null}>
          {comparing && <CompareView connection={connection} surveyMap={surveyMap} />}
          <Timeline connection={connection} surveyMap={surveyMap} />
        </Suspense>
      </LoadBoundary>
      <LoadBoundary fallback={null}>
        <Suspense fallback={null}>
          <AreaSearchOverlay connection={connection} surveyMap={surveyMap} />
        </Suspense>
      </LoadBoundary>
    </>
  );
}
