import { lazy, Suspense, useEffect, useState } from 'react';
import type { Connection } from '../api/connection.ts';
import { LoadBoundary } from '../ui/errors/LoadBoundary.tsx';
import { useAreaSearch } from '../features/area-search/index.ts';
import { FootprintLabel, FootprintSync, OverlapChooser } from '../features/footprints/on-demand.ts';
import { FindChangesButton, useFindChanges } from '../features/find-changes/index.ts';
import { SaveImage } from '../features/map-image/index.ts';
import { MapLayersPanel, MapLayersSync } from '../features/map-layers/index.ts';
import { PlaceSearch } from '../features/places/on-demand.ts';
import { CaptureReadout, PreviewSync, ZoomHint } from '../features/preview/on-demand.ts';
import { ExportReport } from '../features/report/index.ts';
import { TimelapseButton, useTimelapse } from '../features/timelapse/index.ts';
import type { SurveyMap } from '../map/survey-map.ts';
import { useCompare } from '../state/compare-store.ts';
import { useSideBySide } from '../state/side-by-side-store.ts';
import { useUi } from '../state/ui-store.ts';
import { useMapViewsTakeRoom } from './use-map-views-take-room.ts';

/**
 * Loaded later still: the comparison or side by side once one starts, the timeline, and the area search (drawing,
 * geometry maths, file import).
 */
const CompareView = lazy(() => import('../features/compare/on-demand.ts').then((m) => ({ default: m.CompareView })));
const SideBySideView = lazy(() =>
  import('../features/side-by-side/index.ts').then((m) => ({ default: m.SideBySideView })),
);
const Timeline = lazy(() => import('../features/timeline/on-demand.ts').then((m) => ({ default: m.Timeline })));
const MeasureWithNotes = lazy(() => import('./MeasureWithNotes.tsx').then((m) => ({ default: m.MeasureWithNotes })));
const Timelapse = lazy(() => import('../features/timelapse/on-demand.ts').then((m) => ({ default: m.Timelapse })));
const AnnotationsSync = lazy(() =>
  import('../features/annotations/on-demand.ts').then((m) => ({ default: m.AnnotationsSync })),
);
const LinkedNotesPrompt = lazy(() =>
  import('../features/annotations/on-demand.ts').then((m) => ({ default: m.LinkedNotesPrompt })),
);
const PortfolioSync = lazy(() => import('../features/portfolio/index.ts').then((m) => ({ default: m.PortfolioSync })));
const ChangesSync = lazy(() =>
  import('../features/find-changes/on-demand.ts').then((m) => ({ default: m.ChangesSync })),
);
const AreaSearchOnMap = lazy(() => import('./area-search-on-demand.ts').then((m) => ({ default: m.AreaSearchOnMap })));

/** Whether the map has drawn its first view completely: tools nobody has asked for yet wait for that. */
function useFirstViewDrawn(surveyMap: SurveyMap): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => surveyMap.camera.afterFirstIdle(() => setDrawn(true)), [surveyMap]);
  return drawn;
}

/**
 * What a session shows on and over the map: footprints, preview, layers, comparison, side by side, timeline, area
 * tools.
 */
export function OnTheMap({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const sideBySide = useSideBySide((s) => s.panes.length > 0);
  const timelapseOpen = useTimelapse((s) => s.open);
  const timelapseSurveyId = useTimelapse((s) => s.shownSurveyId);
  // Side by side covers the map, and the timelapse draws its frames on it: a comparison (say, from a link with both)
  // waits behind either, its divider and side cards hidden, and comes back as it was.
  const comparing = useCompare((s) => s.active) && !sideBySide && !timelapseOpen;
  const drawn = useFirstViewDrawn(surveyMap);
  const areaShown = useAreaSearch((s) => s.area !== null || s.pendingRestore !== null);
  const areaTabOpen = useUi((s) => s.sidebarTab === 'area');
  const portfolioTabOpen = useUi((s) => s.sidebarTab === 'portfolio');
  useMapViewsTakeRoom();
  const findingChanges = useFindChanges((s) => s.run !== null || s.linked !== null);
  return (
    <>
      <FootprintSync connection={connection} surveyMap={surveyMap} />
      <PreviewSync connection={connection} surveyMap={surveyMap} />
      <PlaceSearch surveyMap={surveyMap} />
      <ZoomHint connection={connection} surveyMap={surveyMap} />
      <MapLayersSync connection={connection} surveyMap={surveyMap} />
      <MapLayersPanel surveyMap={surveyMap}>
        <TimelapseButton />
        <SaveImage surveyMap={surveyMap} />
        <ExportReport connection={connection} surveyMap={surveyMap} />
        <CaptureReadout connection={connection} surveyMap={surveyMap} frameSurveyId={timelapseSurveyId} />
      </MapLayersPanel>
      <OverlapChooser connection={connection} />
      <FootprintLabel connection={connection} surveyMap={surveyMap} />
      <LoadBoundary fallback={null}>
        <Suspense fallback={null}>
          {comparing && <CompareView connection={connection} surveyMap={surveyMap} />}
          {sideBySide && <SideBySideView connection={connection} surveyMap={surveyMap} />}
          {(drawn || comparing || sideBySide) && (
            <Timeline
              connection={connection}
              surveyMap={surveyMap}
              actions={
                <>
                  <TimelapseButton />
                  <FindChangesButton />
                </>
              }
            />
          )}
          {timelapseOpen && <Timelapse connection={connection} surveyMap={surveyMap} />}
          {drawn && <MeasureWithNotes connection={connection} surveyMap={surveyMap} />}
          {drawn && <AnnotationsSync surveyMap={surveyMap} />}
          {drawn && <LinkedNotesPrompt />}
          {findingChanges && <ChangesSync connection={connection} surveyMap={surveyMap} />}
          {(drawn || portfolioTabOpen) && <PortfolioSync connection={connection} surveyMap={surveyMap} />}
        </Suspense>
      </LoadBoundary>
      <LoadBoundary fallback={null}>
        <Suspense fallback={null}>
          {(drawn || areaShown || areaTabOpen) && <AreaSearchOnMap connection={connection} surveyMap={surveyMap} />}
        </Suspense>
      </LoadBoundary>
    </>
  );
}
