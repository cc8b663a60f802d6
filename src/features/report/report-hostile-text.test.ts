import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/poppler-tools.ts';
import { type ReportSpec, reportPdf } from './report-pdf.ts';

/**
 * Issue 45, untried: hostile survey ids and text in the PDF report. A survey id comes from the service (the viewer
 * applies no id rule of its own), titles and notes from the user; whatever they hold is printed as text. Poppler
 * reads it back as the same text, and the document holds no script and no link (the share link is printed as text).
 */

const HOSTILE_ID = '<img src=x onerror=alert(1)>';
/** PDF syntax: were text written into the content stream unescaped, this would end the string and add an action. */
const PDF_SYNTAX = ') Tj ET /S /JavaScript /JS (app.alert(1)) BT (';
const SCRIPT = '<script>alert(document.cookie)</script>';

const font = (name: string) =>
  new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`)));
const fonts = { regular: font('DejaVuSansCondensed.ttf'), bold: font('DejaVuSansCondensed-Bold.ttf') };

const image = PNG.sync.write(new PNG({ width: 4, height: 4 }));

const report: ReportSpec = {
  title: SCRIPT,
  notes: `${PDF_SYNTAX}\n\\) \\\\ javascript:alert(2)`,
  paper: 'A4',
  orientation: 'portrait',
  generatedAt: new Date('2026-11-25T10:20:00Z'),
  shareLink: 'https://viewer.example/#survey=x',
  facts: [[SCRIPT, PDF_SYNTAX]],
  maps: [{ image: { bytes: image, type: 'png', width: 4, height: 4 }, label: HOSTILE_ID, metresPerPixel: 0.6 }],
  captures: [{ surveyId: HOSTILE_ID, captureId: PDF_SYNTAX, start: null, end: null, tiles: 3 }],
  annotations: [[SCRIPT, HOSTILE_ID, PDF_SYNTAX, HOSTILE_ID]],
  imageryNotes: [`2 tiles of ${HOSTILE_ID} failed to load (HTTP 503) and are blank in the map.`],
  attributions: [SCRIPT],
};

describe('the PDF report with hostile survey ids and text', () => {
  it('prints them as text: poppler reads the same characters back', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-hostile-')), 'report.pdf');
    writeFileSync(file, await reportPdf(report, fonts));
    const text = pdfText(file).replace(/\s+/g, ' ');
    for (const expected of [SCRIPT, HOSTILE_ID, PDF_SYNTAX, '\\) \\\\ javascript:alert(2)'])
      expect(text).toContain(expected);
    expect(text).toContain(`2 tiles of ${HOSTILE_ID} failed to load`);
  });

  it('holds no script and no link', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-hostile-')), 'report.pdf');
    writeFileSync(file, await reportPdf(report, fonts));
    const pdfinfo = (option: string) => execFileSync('pdfinfo', [option, file], { encoding: 'utf8' });
    expect(pdfinfo('-js').trim()).toBe('');
    const urls = pdfinfo('-url')
      .split('\n')
      .slice(1)
      .filter((line) => line.trim() !== '')
      .map((line) => line.trim().split(/\s+/).at(-1));
    expect(urls).toEqual([]);
  });
});
