import type { Connection } from '../api/connection.ts';
import { useAuth } from '../auth/auth-store.ts';
import { forgetKey } from '../auth/sign-in.ts';
import { SelectedSurveyPanel } from '../features/preview/SelectedSurveyPanel.tsx';
import { SurveyList } from '../features/surveys/SurveyList.tsx';
import { useSignOut } from './use-sign-out.ts';

export function Sidebar({ connection }: { connection: Connection }) {
  const session = useAuth((s) => s.session);
  const signOut = useSignOut();
  const host = new URL(connection.baseUrl).host;

  return (
    <>
      <header className="sidebar__header">
        <div className="brand">
          <div className="brand-mark" aria-hidden="true" />
          <div>
            <div className="brand__name">Survey Viewer</div>
            <div className="brand__service" title={connection.baseUrl}>
              {host} · {session?.kind === 'client' ? session.clientId : 'API key'}
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
      <div className="sidebar__section-title">Surveys</div>
      <SurveyList connection={connection} />
      <SelectedSurveyPanel connection={connection} />
    </>
  );
}
