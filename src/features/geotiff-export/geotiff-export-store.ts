import { createStore, useStore } from 'zustand';
import type { ExportFiles } from './export-files.ts';
import type { ExportCompression } from './export-plan.ts';
import type { ExportProgress } from './export-run.ts';

type ExportSource = 'selected' | 'best';
/** How the best available picks a survey at each tile. */
export type BestRule = 'newest' | 'least-cloud';

/**
 * An export, with the choice it was made for (`exportChoice`: the imagery, rule, limit, area, zoom and compression):
 * the dialog shows a finished, failed or cancelled one only while that is still the choice.
 */
export type ExportRun =
  | { status: 'idle' }
  | { status: 'running'; choice: string; startedAt: number; progress: ExportProgress }
  | { status: 'done'; choice: string; files: ExportFiles; seconds: number }
  | { status: 'failed'; choice: string; message: string }
  | { status: 'cancelled'; choice: string };

export interface GeoTiffExportState {
  dialogOpen: boolean;
  source: ExportSource;
  /** The zoom the user picked, or null for the default from the imagery's resolution class. */
  zoom: number | null;
  /** The best available's rule, and its cloud limit (percent; null: none). */
  rule: BestRule;
  maxCloudCover: number | null;
  compression: ExportCompression;
  run: ExportRun;

  dialogOpened(source: ExportSource): void;
  dialogClosed(): void;
  sourceChosen(source: ExportSource): void;
  zoomChosen(zoom: number): void;
  ruleChosen(rule: BestRule): void;
  cloudLimitChanged(maxCloudCover: number | null): void;
  compressionChosen(compression: ExportCompression): void;
  exportStarted(choice: string, startedAt: number, total: number): void;
  exportProgressed(progress: ExportProgress): void;
  exportFinished(files: ExportFiles, finishedAt: number): void;
  exportFailed(message: string): void;
  exportCancelled(): void;
}

const choiceOf = (run: ExportRun) => (run.status === 'idle' ? '' : run.choice);

/** The GeoTIFF dialog's client state: what to export, and the run in the worker (not server data). */
export const geotiffExportStore = createStore<GeoTiffExportState>()((set) => ({
  dialogOpen: false,
  source: 'best',
  zoom: null,
  rule: 'newest',
  // The area search has no cloud filter to start from: no limit until the user sets one.
  maxCloudCover: null,
  compression: 'jpeg',
  run: { status: 'idle' },

  // A running or finished export stays in view (its files can still be saved); a failure or cancel is cleared.
  dialogOpened: (source) =>
    set((state) => ({
      dialogOpen: true,
      source: state.run.status === 'running' ? state.source : source,
      run: state.run.status === 'running' || state.run.status === 'done' ? state.run : { status: 'idle' },
    })),
  dialogClosed: () => set({ dialogOpen: false }),
  sourceChosen: (source) => set({ source, zoom: null }),
  zoomChosen: (zoom) => set({ zoom }),
  ruleChosen: (rule) => set({ rule }),
  cloudLimitChanged: (maxCloudCover) => set({ maxCloudCover }),
  compressionChosen: (compression) => set({ compression }),
  exportStarted: (choice, startedAt, total) =>
    set({ run: { status: 'running', choice, startedAt, progress: { done: 0, failed: 0, total, bytes: 0, held: 0 } } }),
  exportProgressed: (progress) =>
    set((state) => (state.run.status === 'running' ? { run: { ...state.run, progress } } : {})),
  exportFinished: (files, finishedAt) =>
    set(({ run }) => ({
      run: {
        status: 'done',
        choice: choiceOf(run),
        files,
        seconds: run.status === 'running' ? (finishedAt - run.startedAt) / 1000 : 0,
      },
    })),
  exportFailed: (message) => set(({ run }) => ({ run: { status: 'failed', choice: choiceOf(run), message } })),
  exportCancelled: () => set(({ run }) => ({ run: { status: 'cancelled', choice: choiceOf(run) } })),
}));

export const useGeoTiffExport = <T>(selector: (state: GeoTiffExportState) => T): T =>
  useStore(geotiffExportStore, selector);
