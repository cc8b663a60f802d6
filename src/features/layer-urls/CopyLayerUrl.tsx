import { useRef, useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import { useCoverage } from '../coverage/use-coverage.ts';
import { LayerUrlDialog } from './LayerUrlDialog.tsx';

/** "Copy layer URL": the selected survey as a WMTS/XYZ/TileJSON layer for desktop GIS, with a scoped tile key. */
export function CopyLayerUrl({ connection, surveyId }: { connection: Connection; surveyId: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { query } = useCoverage(connection);
  const areaSurveyIds = query.data?.map((survey) => survey.id) ?? [];
  return (
    <>
      <button ref={button} type="button" className="button button--small" onClick={() => setOpen(true)}>
        Copy layer URL
      </button>
      {open && (
        <LayerUrlDialog
          connection={connection}
          surveyId={surveyId}
          areaSurveyIds={areaSurveyIds}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
