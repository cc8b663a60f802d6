/// <reference lib="webworker" />
import type { ExportFiles } from './export-files.ts';
import { zipExport } from './export-zip.ts';

/** Zips an export's three files off the page: a large GeoTIFF's checksum takes a while. */
export type ZipRequest = Pick<ExportFiles, 'name' | 'tiff' | 'provenance' | 'stac'> & { modified: Date };
export type ZipAnswer = { zip: Blob } | { error: string };

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async ({ data }: MessageEvent<ZipRequest>) => {
  try {
    self.postMessage({ zip: await zipExport(data, data.modified) } satisfies ZipAnswer);
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies ZipAnswer);
  }
};
