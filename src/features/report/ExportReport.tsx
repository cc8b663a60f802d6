import { lazy, Suspense, useEffect, useRef } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { reportStore, useReportForm } from './report-store.ts';
import { LoadBoundary } from '../../ui/errors/LoadBoundary.tsx';

const ReportDialog = lazy(() => import('./ReportDialog.tsx'));

/** "Export report" in the map layers panel, and its dialog (loaded with the PDF library when first opened). */
export function ExportReport({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const open = useReportForm((s) => s.open);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--small"
        aria-haspopup="dialog"
        onClick={() => reportStore.getState().reportDialogOpened()}
      >
        Export report
      </button>
      {open && (
        <LoadBoundary fallback="The report could not be loaded: reload the page to try again.">
          <Suspense fallback={null}>
            <ReportDialog connection={connection} surveyMap={surveyMap} />
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}
