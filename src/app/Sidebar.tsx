import { type KeyboardEvent, lazy, type ReactNode, Suspense, useEffect } from 'react';
import type { Connection } from '../api/connection.ts';
import { useAuth } from '../auth/auth-store.ts';
import { forgetKey } from '../auth/sign-in.ts';
import { LoadBoundary } from '../ui/errors/LoadBoundary.tsx';
import { CopyLayerUrl } from '../features/layer-urls/index.ts';
import { MosaicUpdates } from '../features/mosaic-updates/on-demand.ts';
import { SelectedSurveyPanel } from '../features/preview/on-demand.ts';
import { ShellActions } from '../features/shell/on-demand.ts';
import { SurveyList } from '../features/surveys/on-demand.ts';
import { selectionStore } from '../state/selection-store.ts';
import { uiStore, useUi, type SidebarTab } from '../state/ui-store.ts';
import { SheetHandle } from './SheetHandle.tsx';
import { useSignOut } from './use-sign-out.ts';

const AreaSearchPanel = lazy(() => import('./area-search-on-demand.ts').then((m) => ({ default: m.AreaSearchPanel })));

const AnnotationsPanel = lazy(() =>
  import('../features/annotations/on-demand.ts').then((m) => ({ default: m.AnnotationsPanel })),
);

const PortfolioPanel = lazy(() =>
  import('../features/portfolio/index.ts').then((m) => ({ default: m.PortfolioPanel })),
);

/** `short`: the visible label where the full name does not fit beside the shell's buttons (the name starts with it). */
const TABS: { tab: SidebarTab; label: string; short?: string }[] = [
  { tab: 'surveys', label: 'Surveys' },
  { tab: 'area', label: 'Area search', short: 'Area' },
  { tab: 'notes', label: 'Notes' },
  { tab: 'portfolio', label: 'Portfolio' },
];

const chooseTab = (tab: SidebarTab) => {
  uiStore.getState().sidebarTabChosen(tab);
  uiStore.getState().sheetTabChosen();
};

/** The tabs are one Tab stop (WAI-ARIA tabs): ← → move between them, Home/End to the first and last. */
function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
  const i = TABS.findIndex(({ tab }) => tab === uiStore.getState().sidebarTab);
  const next =
    event.key === 'ArrowRight'
      ? (i + 1) % TABS.length
      : event.key === 'ArrowLeft'
        ? (i - 1 + TABS.length) % TABS.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? TABS.length - 1
            : null;
  if (next === null) return;
  event.preventDefault();
  chooseTab(TABS[next].tab);
  document.getElementById(`sidebar-tab-${TABS[next].tab}`)?.focus();
}

/** A tab's panel loaded on demand; if its code cannot be loaded (e.g. a new deployment replaced it), it says so. */
function LazyPanel({ what, loading = null, children }: { what: string; loading?: ReactNode; children: ReactNode }) {
  return (
    <LoadBoundary
      fallback={
        <p className="panel-section panel-section__empty" role="alert">
          {`${what[0].toUpperCase()}${what.slice(1)}`} could not be loaded. Reload the page to try again.
        </p>
      }
    >
      <Suspense fallback={loading}>{children}</Suspense>
    </LoadBoundary>
  );
}

export function Sidebar({ connection }: { connection: Connection }) {
  const session = useAuth((s) => s.session);
  const signOut = useSignOut();
  const host = new URL(connection.baseUrl).host;
  const tab = useUi((s) => s.sidebarTab);
  // On a phone, a survey picked in the sheet (or anywhere) leaves at least half of the screen to its imagery.
  useEffect(
    () =>
      selectionStore.subscribe((now, before) => {
        if (now.selectedId && now.selectedId !== before.selectedId) uiStore.getState().surveyPicked();
      }),
    [],
  );

  return (
    <>
      <header className="sidebar__header">
        <div className="brand">
          <div className="brand-mark" aria-hidden="true" />
          <div>
            <h1 className="brand__name">Survey Viewer</h1>
            <div className="brand__service" title={connection.baseUrl}>
              {host} ·{' '}
              {session?.kind === 'client' ? session.clientId : session?.kind === 'apiKey' ? 'API key' : 'team session'}
            </div>
          </div>
        </div>
        <div className="sidebar__account">
          {session?.kind === 'apiKey' && session.remembered && (
            <button type="button" className="button button--link" onClick={forgetKey}>
              Forget key
            </button>
          )}
          <button type="button" className="button button--small" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <SheetHandle />
      <div className="sidebar-tabs-row">
        <div className="sidebar-tabs" role="tablist" aria-label="Sidebar">
          {TABS.map(({ tab: value, label, short }) => (
            <button
              key={value}
              type="button"
              role="tab"
              id={`sidebar-tab-${value}`}
              aria-selected={tab === value}
              aria-controls="sidebar-tab-panel"
              className="sidebar-tabs__tab"
              aria-label={short ? label : undefined}
              tabIndex={tab === value ? 0 : -1}
              onClick={() => chooseTab(value)}
              onKeyDown={onTabKey}
            >
              {short ?? label}
            </button>
          ))}
        </div>
        <ShellActions canShare />
      </div>
      <div id="sidebar-tab-panel" role="tabpanel" aria-labelledby={`sidebar-tab-${tab}`} className="sidebar__panel">
        {tab === 'surveys' ? (
          <SurveyList connection={connection} />
        ) : tab === 'notes' ? (
          <LazyPanel what="the annotations">
            <AnnotationsPanel />
          </LazyPanel>
        ) : tab === 'portfolio' ? (
          <LazyPanel what="the portfolio">
            <PortfolioPanel connection={connection} />
          </LazyPanel>
        ) : (
          <LazyPanel
            what="the area search"
            loading={
              <div className="panel-section">
                <span className="spinner-text">Loading the area search…</span>
              </div>
            }
          >
            <AreaSearchPanel connection={connection} />
          </LazyPanel>
        )}
      </div>
      <SelectedSurveyPanel
        connection={connection}
        layerActions={(survey, footprint) => (
          <CopyLayerUrl connection={connection} survey={survey} footprint={footprint} />
        )}
        updates={(survey) => <MosaicUpdates connection={connection} surveyId={survey.id} />}
      />
    </>
  );
}
