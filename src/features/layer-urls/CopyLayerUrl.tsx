import { useRef, useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyFootprint } from '../../../core/wire/model.ts';
import { LayerUrlDialog } from './LayerUrlDialog.tsx';

/** "Copy layer URL": the selected survey as a WMTS/XYZ/TileJSON layer for desktop GIS, with a scoped tile key. */
export function CopyLayerUrl({
  connection,
  survey,
  footprint,
}: {
  connection: Connection;
  survey: Survey;
  footprint: SurveyFootprint | null;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className="button button--small" onClick={() => setOpen(true)}>
        Copy layer URL
      </button>
      {open && (
        <LayerUrlDialog
          connection={connection}
          survey={survey}
          footprint={footprint}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
