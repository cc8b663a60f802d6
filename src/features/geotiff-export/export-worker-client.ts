import type { Connection } from '../../api/connection.ts';
import { answerCredentialQuestion } from '../../api/credential-channel.ts';
import type { ExportFiles } from './export-files.ts';
import { exportFileNames } from './file-names.ts';
import type { ExportRequest, FromWorker, ToWorker } from './worker-protocol.ts';
import type { ZipAnswer, ZipRequest } from './zip.worker.ts';
import { authStore } from '../../auth/auth-store.ts';
import { usageStore } from '../../state/usage-store.ts';
import { geotiffExportStore } from './geotiff-export-store.ts';
import { saveBlob } from '../../ui/save-file.ts';

interface Running {
  worker: Worker;
  encoders: Worker[];
  /** Stops listening to the session. */
  unsubscribe(): void;
}

let current: Running | null = null;

type Workers = Pick<Running, 'worker' | 'encoders'>;

/** Started before the click (prepareExportWorkers), not yet given an export. */
let prepared: Workers | null = null;

const newWorkers = (): Workers => ({
  worker: new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'geotiff-export' }),
  encoders: Array.from(
    { length: encoderCount() },
    (_, i) =>
      new Worker(new URL('./encode.worker.ts', import.meta.url), { type: 'module', name: `geotiff-encoder-${i}` }),
  ),
});

/**
 * Starts the export's workers while the dialog is open: on a page that has not exported yet, loading and compiling
 * their scripts took ~0.3 s after the click before the first tile was asked for (CPU profiles of a 579-tile
 * export: click → first fetch 330 ms, ~60 ms with them ready). Returns what ends them unless an
 * export took them.
 */
export function prepareExportWorkers(): () => void {
  const workers = prepared ?? newWorkers();
  prepared = workers;
  return () => {
    if (prepared !== workers) return;
    prepared = null;
    workers.worker.terminate();
    for (const encoder of workers.encoders) encoder.terminate();
  };
}

/**
 * Compression runs beside the export: one encoder per core (at most four). Compression is most of a tile's work and
 * the export worker itself is mostly waiting, so on two cores two encoders keep both busy.
 */
const encoderCount = () => Math.max(2, Math.min(4, navigator.hardwareConcurrency || 2));

/**
 * Runs an export in its own worker: answers its credential questions from the session (it holds none itself), counts
 * its imagery requests on the usage meter, and reports progress and the files to the export store.
 */
export function startExport(
  connection: Connection,
  request: Omit<ExportRequest, 'baseUrl' | 'sameOriginCookies'>,
  /** What the export is made of (`exportChoice`). */
  choice: string,
) {
  // One export at a time: a new one replaces any still running.
  stop(current);
  const store = geotiffExportStore.getState();
  const { worker, encoders } = prepared ?? newWorkers();
  prepared = null;
  const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  const end = () => {
    stop(running);
    if (current === running) current = null;
  };
  // Signing out (or the session ending) stops the export at once: its requests were the session's.
  const session = authStore.getState().session;
  const unsubscribe = authStore.subscribe((state) => {
    if (state.session === session) return;
    end();
    geotiffExportStore.getState().exportFailed('Signed out: the export stopped. Sign in and export again.');
  });
  const running: Running = { worker, encoders, unsubscribe };
  current = running;
  worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
    if (data.type === 'credential') {
      answerCredentialQuestion({ postMessage: send }, connection.credentials, data);
      return;
    }
    if (data.requested > 0) usageStore.getState().imageryTilesRequested(data.requested);
    if (data.type === 'progress') store.exportProgressed(data.progress);
    else if (data.type === 'done') {
      end();
      // Saved as soon as it is made, whether or not the dialog is still open; its companions are a click away.
      saveBlob(exportFileNames(data.files.name).tiff, data.files.tiff);
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
  const ports = encoders.map((encoder) => {
    const channel = new MessageChannel();
    encoder.postMessage({ port: channel.port1 }, [channel.port1]);
    return channel.port2;
  });
  store.exportStarted(choice, performance.now(), request.plan.tiles.length);
  send(
    {
      type: 'start',
      request: { ...request, baseUrl: connection.baseUrl, sameOriginCookies: connection.sameOriginCookies === true },
      encoders: ports,
    },
    ports,
  );
}

function stop(running: Running | null) {
  running?.unsubscribe();
  running?.worker.terminate();
  for (const encoder of running?.encoders ?? []) encoder.terminate();
}

/** Asks the running export to stop; it answers "cancelled". */
export function cancelExport() {
  current?.worker.postMessage({ type: 'cancel' } satisfies ToWorker);
}

/** The export's three files in one ZIP, made in a worker of its own. */
export function zipExportFiles(files: ExportFiles): Promise<Blob> {
  const worker = new Worker(new URL('./zip.worker.ts', import.meta.url), { type: 'module', name: 'zip' });
  return new Promise<Blob>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<ZipAnswer>) => {
      if ('zip' in data) resolve(data.zip);
      else reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message || 'The ZIP could not be made.'));
    };
    const { name, tiff, provenance, stac } = files;
    worker.postMessage({ name, tiff, provenance, stac, modified: new Date() } satisfies ZipRequest);
  }).finally(() => worker.terminate());
}
