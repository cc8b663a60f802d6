import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipEntries } from './read-zip.ts';
import { sniffBytes, sniffText, sniffZipEntries } from './sniff-file.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));
const typeOf = (head: Uint8Array) => {
  const sniffed = sniffBytes(head);
  return sniffed.kind === 'other' ? sniffed.type : sniffed.kind === 'text' ? `text ${sniffed.encoding}` : 'zip';
};

describe('sniffing a file before any parser sees it', () => {
  it('names images, documents and archives by their magic bytes', () => {
    expect(typeOf(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))).toBe('a PNG image');
    expect(typeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('a JPEG image');
    expect(typeOf(bytes('GIF89a'))).toBe('a GIF image');
    expect(typeOf(bytes('%PDF-1.7\n'))).toBe('a PDF document');
    expect(typeOf(bytes([0x1f, 0x8b, 8, 0]))).toBe('a GZIP archive');
    expect(typeOf(bytes('II*\0'))).toBe('a TIFF image');
    expect(typeOf(bytes('MM\0*'))).toBe('a TIFF image');
    expect(typeOf(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toMatch(/^an Office document/);
    expect(typeOf(bytes('SQLite format 3\0'))).toMatch(/^an SQLite database/);
    expect(typeOf(bytes([0, 0, 0x27, 0x0a]))).toMatch(/^a lone \.shp file/);
    expect(typeOf(bytes('PK\x03\x04'))).toBe('zip');
  });

  it('tells text and its encoding from binary data', () => {
    expect(typeOf(bytes('lat,lon\n39.7,-104.9\n'))).toBe('text utf-8');
    expect(typeOf(new TextEncoder().encode('name\nZürich'))).toBe('text utf-8');
    expect(typeOf(bytes('name\nZ', [0xfc], 'rich'))).toBe('text windows-1252');
    expect(typeOf(bytes([0xff, 0xfe], 'n\0'))).toBe('text utf-16le');
    expect(typeOf(bytes('abc', [0, 1]))).toBe('binary data (byte 0x00 at offset 3 is not text)');
    expect(typeOf(bytes('abc', [0xe9, 0x02]))).toBe('binary data (byte 0x02 at offset 4 is not text)');
    // A sample cut inside a UTF-8 character is still UTF-8.
    expect(typeOf(new TextEncoder().encode('a,é').subarray(0, 3))).toBe('text utf-8');
  });

  it('names text documents that are not locations or areas', () => {
    expect(sniffText('<!DOCTYPE html><html>')).toBe('an HTML page');
    expect(sniffText('<?xml version="1.0"?>\n<svg xmlns="…">')).toBe('an SVG image');
    expect(sniffText('<?xml version="1.0"?><kml>')).toBeNull();
    expect(sniffText('lat,lon')).toBeNull();
  });

  it('tells a shapefile or a KMZ from other ZIP archives (Office documents are ZIP archives too)', () => {
    const names = (files: Record<string, Uint8Array>) => zipEntries(zipSync(files)).map((e) => e.name);
    const one = new Uint8Array(1);
    expect(sniffZipEntries(names({ 'a.shp': one, 'a.dbf': one }))).toBe('shapefile');
    expect(sniffZipEntries(names({ 'doc.kml': one }))).toBe('kmz');
    expect(sniffZipEntries(names({ '[Content_Types].xml': one, 'xl/workbook.xml': one }))).toEqual({
      type: 'an Excel workbook (.xlsx): save it as CSV',
    });
    expect(sniffZipEntries(names({ '[Content_Types].xml': one, 'word/document.xml': one }))).toEqual({
      type: 'a Word document (.docx)',
    });
    expect(sniffZipEntries([])).toEqual({ type: 'a ZIP archive with no .shp or .kml in it (it is empty)' });
  });
});
