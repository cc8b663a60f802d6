import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf?url';
import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf?url';
import { request } from './http.ts';

/**
 * TrueType fonts for PDF reports: DejaVu Sans Condensed (about Helvetica's width), which writes Latin, Greek, Cyrillic
 * and more, where PDF's standard Helvetica writes Latin-1 only; and, where the text needs them, fonts that draw what
 * DejaVu cannot (CJK), regular and bold, in the order they are tried.
 */
export interface ReportFonts {
  regular: Uint8Array;
  bold: Uint8Array;
  fallbacks?: { regular: Uint8Array; bold: Uint8Array }[];
}

/** GET a file of the app (a font, or a font's table of characters): from the HTTP cache after the first time. */
export async function fetchAppAsset(url: string, accept: string, signal?: AbortSignal): Promise<Uint8Array> {
  const { origin, pathname } = new URL(url, location.href);
  const response = await request({ baseUrl: origin }, pathname, { authenticated: false, accept, signal });
  return new Uint8Array(await response.arrayBuffer());
}

/** GET the report fonts, files of the app (fetched the first time a report is made, then from the HTTP cache). */
export async function fetchReportFonts(signal?: AbortSignal): Promise<ReportFonts> {
  const [regular, bold] = await Promise.all([
    fetchAppAsset(regularUrl, 'font/ttf', signal),
    fetchAppAsset(boldUrl, 'font/ttf', signal),
  ]);
  return { regular, bold };
}
