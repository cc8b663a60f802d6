import { lazy, Suspense, useState } from 'react';
import type { RuntimeConfig } from '../../core/wire/model.ts';
import { useConnection } from '../auth/session-connection.ts';
import { LoadBoundary } from '../ui/errors/LoadBoundary.tsx';
import { OfflineBanner } from '../ui/errors/OfflineBanner.tsx';
import { Notice, ThemeButton, useShortcuts } from '../features/shell/index.ts';
import { SignInDialog } from '../features/sign-in/index.ts';
import { useThemeOnDocument } from '../ui/use-theme.ts';
import { areaDrawing } from '../features/area-search/index.ts';
import { SurveyMapContext } from '../map/map-context.ts';
import { MapView } from '../map/MapView.tsx';
import type { SurveyMap } from '../map/survey-map.ts';
import { useUi } from '../state/ui-store.ts';
import { useSignedInChunk } from './signed-in-chunk.ts';
import { useSheetCoversMap } from './use-sheet-covers-map.ts';
import { linkedView, useLinkHistory } from './use-link-history.ts';

const GuidedHelp = lazy(() => import('./GuidedHelp.tsx').then((m) => ({ default: m.GuidedHelp })));

const VIEWER_NOT_LOADED = (
  <p className="panel-section" role="alert">
    The viewer could not be loaded. Reload the page to try again.
  </p>
);

/** Behind the sign-in dialog (inert): the name only, as nothing there can be used yet. */
function SignedOutHeader() {
  return (
    <div className="sidebar__header">
      <div className="brand">
        <div className="brand-mark" aria-hidden="true" />
        <h1 className="brand__name">Survey Viewer</h1>
      </div>
    </div>
  );
}

/** Sidebar and map; the sign-in dialog over both until there is a session. */
export function App({ config }: { config: RuntimeConfig }) {
  const connection = useConnection();
  const [surveyMap, setSurveyMap] = useState<SurveyMap | null>(null);
  const sheet = useUi((s) => s.sheet);
  const helpOpen = useUi((s) => s.helpOpen);
  const signedInChunk = useSignedInChunk();
  const session = signedInChunk === 'failed' ? null : signedInChunk;
  useLinkHistory(surveyMap);
  useSheetCoversMap(surveyMap);
  useShortcuts(connection !== null);
  useThemeOnDocument();
  return (
    <SurveyMapContext.Provider value={surveyMap}>
      <div className="app" inert={!connection}>
        <aside className="sidebar" data-sheet={sheet} aria-label="Surveys and area search">
          {connection && signedInChunk === 'failed' ? (
            VIEWER_NOT_LOADED
          ) : connection && session ? (
            <LoadBoundary fallback={VIEWER_NOT_LOADED}>
              <session.Sidebar key={connection.baseUrl} connection={connection} />
            </LoadBoundary>
          ) : (
            <SignedOutHeader />
          )}
        </aside>
        <main className="map-pane">
          <MapView
            basemapStyleUrl={config.basemapStyleUrl}
            initialView={linkedView()}
            onReady={setSurveyMap}
            areaDrawing={areaDrawing}
          />
          <OfflineBanner />
          {connection && surveyMap && session && (
            <LoadBoundary fallback={null}>
              <session.OnTheMap connection={connection} surveyMap={surveyMap} />
            </LoadBoundary>
          )}
        </main>
      </div>
      {!connection && <SignInDialog config={config} actions={<ThemeButton />} />}
      {/* Outside the app's stacking context (and its inert state), so that it shows over any open dialog. */}
      <Notice />
      {helpOpen && (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <GuidedHelp />
          </Suspense>
        </LoadBoundary>
      )}
    </SurveyMapContext.Provider>
  );
}
