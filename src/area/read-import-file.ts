import { readArchiveOffThread } from './archive-off-thread.ts';
import { decodeText, notAccepted, SNIFF_BYTES, sniffBytes, sniffText, type TextEncoding } from './sniff-file.ts';

/** An imported file as its bytes showed it to be: text (in its encoding), a KMZ's KML, or a shapefile's features. */
export type ImportFileContent =
  | { kind: 'text'; text: string; encoding: TextEncoding }
  | { kind: 'kmz'; text: string }
  | { kind: 'shapefile'; features: import('geojson').Feature[] };

/**
 * Sniffs a file before any parser sees it: images, PDFs, archives, Office documents and binary data are refused with
 * what they are ("This file is not {accepted}: it is a PNG image."); a ZIP archive is read in a worker, within size
 * limits (a shapefile where `shapefiles` is set, else only KMZ); text is decoded in the encoding it shows.
 */
export async function readImportFile(
  file: { arrayBuffer(): Promise<ArrayBuffer> },
  accepted: string,
  { shapefiles }: { shapefiles: boolean },
): Promise<ImportFileContent> {
  const buffer = await file.arrayBuffer();
  const bytes = new Uint8Array(buffer);
  const sniffed = sniffBytes(bytes.subarray(0, SNIFF_BYTES));
  if (sniffed.kind === 'other') throw notAccepted(accepted, sniffed.type);
  if (sniffed.kind === 'zip') {
    const archive = await readArchiveOffThread(buffer, accepted, shapefiles);
    return archive.kind === 'kml' ? { kind: 'kmz', text: archive.text } : archive;
  }
  const text = decodeText(bytes, sniffed.encoding);
  const document = sniffText(text);
  if (document) throw notAccepted(accepted, document);
  return { kind: 'text', text, encoding: sniffed.encoding };
}
