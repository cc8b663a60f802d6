import { lazy, Suspense, useState } from 'react';
import type { RuntimeConfig } from '../api/model.ts';
import { useConnection } from '../auth/connection.ts';
import { ComparePanel } from '../features/compare/ComparePanel.tsx';
import { CompareSync } from '../features/compare/CompareSync.tsx';
import { LoadBoundary } from '../features/errors/LoadBoundary.tsx';
import { OfflineBanner } from '../features/errors/OfflineBanner.tsx';
import { FootprintSync } from '../features/footprints/FootprintSync.tsx';
import { OverlapChooser } from '../features/footprints/OverlapChooser.tsx';
import { PreviewSync } from '../features/preview/PreviewSync.tsx';
import { ZoomHint } from '../features/preview/ZoomHint.tsx';
import { MapLayersPanel } from '../features/map-layers/MapLayersPanel.tsx';
import { MapLayersSync } from '../features/map-layers/MapLayersSync.tsx';
import { HelpDialog } from '../features/shell/HelpDialog.tsx';
import { Notice } from '../features/shell/Notice.tsx';
import { ShellActions } from '../features/shell/ShellActions.tsx';
import { useShortcuts } from '../features/shell/use-shortcuts.ts';
import { useThemeOnDocument } from '../features/shell/use-theme.ts';
import { Timeline } from '../features/timeline/Timeline.tsx';
import { SignInDialog } from '../features/sign-in/SignInDialog.tsx';
import { SurveyMapContext } from '../map/map-context.ts';
import { MapView } from '../map/MapView.tsx';
import type { SurveyMap } from '../map/survey-map.ts';
import { useUi } from '../state/ui-store.ts';
import { Sidebar } from './Sidebar.tsx';
import { useLinkHistory } from './use-link-history.ts';

/** The area search (drawing, geometry maths, file import) loads after first paint. */
const AreaSearchOverlay = lazy(() => import('../features/area-search/index.ts').then((m) => ({ default: m.AreaSearchOverlay })));

/** Sidebar and map; the sign-in dialog over both until there is a session. */
export function App({ config }: { config: RuntimeConfig }) {
  const connection = useConnection();
  const [surveyMap, setSurveyMap] = useState<SurveyMap | null>(null);
  const sheetExpanded = useUi((s) => s.sheetExpanded);
  useLinkHistory(surveyMap);
  useShortcuts(connection !== null);
  useThemeOnDocument();

  return (
    <SurveyMapContext.Provider value={surveyMap}>
      <div className="app">
        <aside className={sheetExpanded ? 'sidebar is-expanded' : 'sidebar'} aria-label="Surveys and area search">
          {connection ? (
            <Sidebar key={connection.baseUrl} connection={connection} />
          ) : (
            <div className="sidebar__header">
              <div className="brand">
                <div className="brand-mark" aria-hidden="true" />
                <h1 className="brand__name">Survey Viewer</h1>
              </div>
              <ShellActions canShare={false} />
            </div>
          )}
        </aside>
        <main className="map-pane">
          <MapView basemapStyleUrl={config.basemapStyleUrl} onReady={setSurveyMap} />
          <OfflineBanner />
          <Notice />
          {connection && surveyMap && (
            <>
              <FootprintSync connection={connection} surveyMap={surveyMap} />
              <PreviewSync connection={connection} surveyMap={surveyMap} />
              <ZoomHint connection={connection} surveyMap={surveyMap} />
              <MapLayersSync connection={connection} surveyMap={surveyMap} />
              <MapLayersPanel surveyMap={surveyMap} />
              <OverlapChooser connection={connection} />
              {/* Compare two surveys and the capture timeline (issue 5, items 3 and 4). */}
              <CompareSync connection={connection} surveyMap={surveyMap} />
              <ComparePanel connection={connection} surveyMap={surveyMap} />
              <Timeline connection={connection} surveyMap={surveyMap} />
              <LoadBoundary fallback={null}>
                <Suspense fallback={null}>
                  <AreaSearchOverlay connection={connection} surveyMap={surveyMap} />
                </Suspense>
              </LoadBoundary>
            </>
          )}
        </main>
      </div>
      {!connection && <SignInDialog config={config} />}
      <HelpDialog />
    </SurveyMapContext.Provider>
  );
}
