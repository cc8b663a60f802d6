import { AreaInputError } from './area-input-error.ts';

/** What a file's first bytes say it is, before any parser sees it. */
export type Sniffed = { kind: 'text'; encoding: TextEncoding } | { kind: 'zip' } | { kind: 'other'; type: string };

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Bytes looked at: enough for any signature, and for text to show its encoding. */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const SIGNATURES: { bytes: (number | null)[]; type: string }[] = [
  { bytes: [0x89, ...ascii('PNG\r\n\x1a\n')], type: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], type: 'a JPEG image' },
  { bytes: ascii('GIF8'), type: 'a GIF image' },
  { bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')], type: 'a WebP image' },
  { bytes: ascii('%PDF-'), type: 'a PDF document' },
  { bytes: [0x1f, 0x8b], type: 'a GZIP archive' },
  { bytes: ascii('BZh'), type: 'a BZIP2 archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], type: 'a 7-Zip archive' },
  { bytes: ascii('Rar!\x1a\x07'), type: 'a RAR archive' },
  { bytes: [0xfd, ...ascii('7zXZ')], type: 'an XZ archive' },
  { bytes: ascii('II*\0'), type: 'a TIFF image' },
  { bytes: ascii('MM\0*'), type: 'a TIFF image' },
  { bytes: ascii('II+\0'), type: 'a BigTIFF image' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], type: 'an Office document (Word, Excel or PowerPoint)' },
  { bytes: ascii('SQLite format 3\0'), type: 'an SQLite database (a GeoPackage?)' },
  { bytes: [0x00, 0x00, 0x27, 0x0a], type: 'a lone .shp file (a shapefile is several files: zip them together)' },
  { bytes: ascii('{\\rtf'), type: 'an RTF document' },
];
const ZIP = [ascii('PK\x03\x04'), ascii('PK\x05\x06')];

const startsWith = (head: Uint8Array, bytes: readonly (number | null)[]) =>
  head.length >= bytes.length && bytes.every((b, i) => b === null || head[i] === b);

/** A control character no text file holds (tab, line breaks and form feed aside). */
const isControl = (byte: number) =>
  (byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12) || byte === 0x7f;

/**
 * What a file is, from its first bytes: a known binary signature (images, PDF, archives, Office documents…), a ZIP
 * archive (its entries tell a shapefile or KMZ from the rest), or text and its encoding. Text that is not UTF-8 but
 * holds no control character is read as Windows-1252 (what spreadsheet programs save as "CSV"); anything else with
 * NUL or control bytes is binary data.
 */
export function sniffBytes(head: Uint8Array): Sniffed {
  const known = SIGNATURES.find((s) => startsWith(head, s.bytes));
  if (known) return { kind: 'other', type: known.type };
  if (ZIP.some((signature) => startsWith(head, signature))) return { kind: 'zip' };
  if (startsWith(head, [0xff, 0xfe])) return { kind: 'text', encoding: 'utf-16le' };
  if (startsWith(head, [0xfe, 0xff])) return { kind: 'text', encoding: 'utf-16be' };
  const control = head.findIndex(isControl);
  if (control >= 0)
    return {
      kind: 'other',
      type: `binary data (byte 0x${head[control].toString(16).padStart(2, '0')} at offset ${control} is not text)`,
    };
  try {
    // `stream`: the sample may end inside a character.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return { kind: 'text', encoding: 'utf-8' };
  } catch {
    return { kind: 'text', encoding: 'windows-1252' };
  }
}

/** What a text's first characters say it is not, when it is a document of another kind. */
export function sniffText(text: string): string | null {
  const start = text.trimStart().slice(0, 200).toLowerCase();
  if (start.startsWith('<!doctype html') || start.startsWith('<html')) return 'an HTML page';
  if (/^(<\?xml[^>]*\?>\s*)?<svg[\s>]/.test(start)) return 'an SVG image';
  if (/^(<\?xml[^>]*\?>\s*)?<gpx[\s>]/.test(start)) return 'a GPX track (export it as KML or GeoJSON)';
  return null;
}

/** What a ZIP archive holds, by its entries' names: a shapefile, KMZ, or another kind of document. */
export function sniffZipEntries(names: readonly string[]): 'shapefile' | 'kmz' | { type: string } {
  const lower = names.filter((n) => !n.startsWith('__MACOSX/')).map((n) => n.toLowerCase());
  if (lower.some((n) => n.endsWith('.shp'))) return 'shapefile';
  if (lower.some((n) => n.endsWith('.kml'))) return 'kmz';
  if (lower.includes('[content_types].xml')) {
    if (lower.some((n) => n.startsWith('word/'))) return { type: 'a Word document (.docx)' };
    if (lower.some((n) => n.startsWith('xl/'))) return { type: 'an Excel workbook (.xlsx): save it as CSV' };
    if (lower.some((n) => n.startsWith('ppt/'))) return { type: 'a PowerPoint presentation (.pptx)' };
    return { type: 'an Office document' };
  }
  if (lower.includes('mimetype') && lower.includes('content.xml')) return { type: 'an OpenDocument file' };
  const holds = names.length === 0 ? 'it is empty' : `it holds ${names.slice(0, 3).join(', ')}`;
  return { type: `a ZIP archive with no .shp or .kml in it (${holds}${names.length > 3 ? ', …' : ''})` };
}

/** The refusal of a file that is none of the formats `accepted` names. */
export const notAccepted = (accepted: string, type: string): AreaInputError =>
  new AreaInputError('unsupported-file', `This file is not ${accepted}: it is ${type}.`);

/** The whole file as text, in the encoding its first bytes showed. */
export const decodeText = (bytes: Uint8Array, encoding: TextEncoding): string =>
  new TextDecoder(encoding).decode(bytes).replace(/^\uFEFF/, '');
