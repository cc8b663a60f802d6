import type { Connection } from '../../api/connection.ts';
import { answerCredentialQuestion } from '../../export/credential-channel.ts';
import type { ExportRequest, FromWorker, ToWorker } from '../../export/worker-protocol.ts';
import { usageStore } from '../../state/usage-store.ts';
import { geotiffExportStore } from './geotiff-export-store.ts';

let current: Worker | null = null;

/**
 * Runs an export in its own worker: answers its credential questions from the session (it holds none itself), counts
 * its imagery requests on the usage meter, and reports progress and the files to the export store.
 */
export function startExport(connection: Connection, request: Omit<ExportRequest, 'baseUrl' | 'sameOriginCookies'>) {
  // One export at a time: a new one replaces any still running.
  current?.terminate();
  const store = geotiffExportStore.getState();
  const worker = new Worker(new URL('../../export/export.worker.ts', import.meta.url), {
    type: 'module',
    name: 'geotiff-export',
  });
  current = worker;
  const send = (message: ToWorker) => worker.postMessage(message);
  const end = () => {
    worker.terminate();
    if (current === worker) current = null;
  };
  worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
    if (data.type === 'credential') answerCredentialQuestion({ postMessage: send }, connection.credentials, data);
    else if (data.type === 'progress') {
      for (let i = 0; i < data.requested; i++) usageStore.getState().imageryTileRequested();
      store.exportProgressed(data.progress);
    } else if (data.type === 'done') {
      end();
      geotiffExportStore.getState().exportFinished(data.files, performance.now());
    } else if (data.type === 'failed') {
      end();
      geotiffExportStore.getState().exportFailed(data.message);
    } else if (data.type === 'cancelled') {
      end();
      geotiffExportStore.getState().exportCancelled();
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    end();
    geotiffExportStore.getState().exportFailed(`The export stopped: ${event.message || 'its worker failed'}.`);
  };
  store.exportStarted(performance.now());
  send({
    type: 'start',
    request: { ...request, baseUrl: connection.baseUrl, sameOriginCookies: connection.sameOriginCookies === true },
  });
}

/** Asks the running export to stop; it answers "cancelled". */
export function cancelExport() {
  current?.postMessage({ type: 'cancel' } satisfies ToWorker);
}

/** Saves a file the way the browser saves downloads. */
export function saveBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
