import { lazy, Suspense } from 'react';
import type { Connection } from '../../api/connection.ts';
import { useSelection } from '../../state/selection-store.ts';
import type { CoverageAnswer } from '../coverage/index.ts';
import { geotiffExportStore, useGeoTiffExport } from './geotiff-export-store.ts';
import './geotiff-export.css';

const GeoTiffExportDialog = lazy(() => import('./GeoTiffExportDialog.tsx'));

/** The area search's "Download GeoTIFF" button, once the search has results, and its dialog. */
export function GeoTiffExport({ connection, coverage }: { connection: Connection; coverage: CoverageAnswer }) {
  const { summary } = coverage;
  const selectedId = useSelection((s) => s.selectedId);
  const open = useGeoTiffExport((s) => s.dialogOpen);
  const running = useGeoTiffExport((s) => s.run.status === 'running');
  const results = summary?.results ?? [];
  if (results.length === 0 && !open) return null;
  const selectedIsResult = results.some((r) => r.id === selectedId);
  return (
    <div className="button-row geotiff-export">
      <button
        type="button"
        className="button button--small"
        onClick={() => geotiffExportStore.getState().dialogOpened(selectedIsResult ? 'selected' : 'best')}
      >
        Download GeoTIFF
      </button>
      {running && <span className="panel-section__hint">Export running…</span>}
      {open && (
        <Suspense fallback={null}>
          <GeoTiffExportDialog connection={connection} coverage={coverage} />
        </Suspense>
      )}
    </div>
  );
}
