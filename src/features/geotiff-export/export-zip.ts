import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ExportFiles } from './export-files.ts';
import { exportFileNames } from './file-names.ts';

export interface ZipEntry {
  name: string;
  blob: Blob;
  /** Deflate it; false stores it as it is (what is compressed already, as the GeoTIFF's tiles are). */
  deflate: boolean;
}

/** fflate writes no ZIP64: every size and offset in the archive must stay under 4 GiB. */
const ZIP_LIMIT = 0xffff_ffff;
/** Room for the headers, descriptors and central directory, and for deflate's worst case on small files. */
const ZIP_OVERHEAD = 64 * 1024;
/** Read from the files this much at a time. */
const READ_BYTES = 4 * 1024 * 1024;
/** The archive's bytes gathered into Blobs of about this much, so that the heap holds one at most. */
const GATHER_BYTES = 16 * 1024 * 1024;

/**
 * The files in one ZIP archive, read and written in slices so that memory stays flat however large the files are.
 * Entries carry `modified` as their date.
 */
export async function zipFiles(
  entries: readonly ZipEntry[],
  { modified, readBytes = READ_BYTES }: { modified: Date; readBytes?: number },
): Promise<Blob> {
  const total = entries.reduce((sum, entry) => sum + entry.blob.size, 0);
  if (total + ZIP_OVERHEAD > ZIP_LIMIT)
    throw new Error('The files are over 4 GB together, more than a ZIP archive holds: save them one by one.');
  const parts: Blob[] = [];
  let gathered: Uint8Array<ArrayBuffer>[] = [];
  let gatheredBytes = 0;
  let failure: Error | null = null;
  let ended = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      return;
    }
    gathered.push(chunk as Uint8Array<ArrayBuffer>);
    gatheredBytes += chunk.length;
    if (gatheredBytes >= GATHER_BYTES || final) {
      parts.push(new Blob(gathered));
      gathered = [];
      gatheredBytes = 0;
    }
    ended = final;
  });
  for (const { name, blob, deflate } of entries) {
    const file = deflate ? new ZipDeflate(name, { level: 9 }) : new ZipPassThrough(name);
    file.mtime = modified;
    zip.add(file);
    if (blob.size === 0) file.push(new Uint8Array(0), true);
    for (let at = 0; at < blob.size; at += readBytes) {
      file.push(new Uint8Array(await blob.slice(at, at + readBytes).arrayBuffer()), at + readBytes >= blob.size);
      if (failure) throw failure;
    }
  }
  zip.end();
  if (failure) throw failure;
  if (!ended) throw new Error('The ZIP archive was not finished.');
  return new Blob(parts, { type: 'application/zip' });
}

/** The GeoTIFF (stored: its tiles are compressed already) with its provenance and STAC Item, side by side. */
export function zipExport(files: Pick<ExportFiles, 'name' | 'tiff' | 'provenance' | 'stac'>, modified: Date) {
  const names = exportFileNames(files.name);
  return zipFiles(
    [
      { name: names.tiff, blob: files.tiff, deflate: false },
      { name: names.provenance, blob: files.provenance, deflate: true },
      { name: names.stac, blob: files.stac, deflate: true },
    ],
    { modified },
  );
}
