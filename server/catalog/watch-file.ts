import { unwatchFile, watchFile, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Catalog } from './catalog.ts';
import { surveysFromText } from './load-geojson.ts';
import type { LiveCatalog } from './live-catalog.ts';
import type { Survey } from './survey.ts';
import type { SurveyRows } from './survey-rows.ts';

interface CatalogWatchLog {
  info(message: string): void;
  error(message: string): void;
}

export interface CatalogWatchOptions {
  /** Surveys served beside the file's (--synthetic), kept across reloads. */
  extra?: readonly Survey[] | SurveyRows;
  log: CatalogWatchLog;
  /** How often the file's size, mtime and inode are looked at. */
  intervalMs?: number;
  /** Quiet time after the last change before the file is read, so a file still being written is read once, whole. */
  debounceMs?: number;
}

type ReloadOutcome =
  | { status: 'reloaded'; size: number }
  | { status: 'unchanged' }
  | { status: 'refused'; message: string };

export interface CatalogFileWatch {
  /** Reads the file now and swaps the catalog if it changed and is valid (what a detected change does). */
  reload(): Promise<ReloadOutcome>;
  close(): void;
}

/**
 * Follows an operator's catalog file while the service runs. The file is polled by path (robust to
 * editors that write a new file and rename it over the old one); after a change settles it is read,
 * checked and swapped in whole. A file that cannot be used leaves the previous catalog serving and
 * logs why.
 */
export function watchCatalogFile(file: string, live: LiveCatalog, options: CatalogWatchOptions): CatalogFileWatch {
  const { extra = [], log, intervalMs = 1000, debounceMs = 300 } = options;
  // The text of the last reload, so a touch or a second change event for the same edit does not swap again.
  let lastText: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One reload at a time, in order: a later change never loses to an earlier, slower read.
  let queue: Promise<unknown> = Promise.resolve();

  const readAndSwap = async (): Promise<ReloadOutcome> => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      return refuse(`cannot read it: ${(error as Error).message}`);
    }
    if (text === lastText) return { status: 'unchanged' };
    try {
      const next = new Catalog(surveysFromText(text, file), extra);
      live.replace(next);
      lastText = text;
      log.info(`Catalog reloaded from ${file}: ${next.size} surveys.`);
      return { status: 'reloaded', size: next.size };
    } catch (error) {
      return refuse((error as Error).message);
    }
  };
  const refuse = (problem: string): ReloadOutcome => {
    const message =
      `Catalog file ${file} not reloaded (still serving the previous ${live.current.size} surveys): ` + `${problem}`;
    log.error(message);
    return { status: 'refused', message };
  };
  const reload = (): Promise<ReloadOutcome> => {
    const next = queue.then(readAndSwap);
    queue = next.catch(() => undefined);
    return next;
  };

  const onStat = (current: Stats, previous: Stats) => {
    if (current.mtimeMs === previous.mtimeMs && current.size === previous.size && current.ino === previous.ino) return;
    clearTimeout(timer);
    timer = setTimeout(() => void reload(), debounceMs);
  };
  watchFile(file, { interval: intervalMs, persistent: false }, onStat);

  return {
    reload,
    close() {
      clearTimeout(timer);
      unwatchFile(file, onStat);
    },
  };
}
