import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Poppler's own tools (Debian poppler-utils), which read our PDF reports in the tests as a user's reader would. */

/** The text of a PDF, laid out as on the page. */
export const pdfText = (file: string): string =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

/** `pdfinfo`'s fields, e.g. Pages, Page size, Title. */
export function pdfInfo(file: string): Record<string, string> {
  const output = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Object.fromEntries(
    output
      .split('\n')
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
  );
}

/** One page rendered by pdftoppm as PNG bytes, at `dpi`. */
export function pdfPagePng(file: string, page = 1, dpi = 72): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdftoppm-'));
  try {
    const prefix = path.join(dir, 'page');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      prefix,
    ]);
    return readFileSync(`${prefix}.png`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The images of a PDF as `pdfimages -list` gives them, largest first. */
export function pdfImages(file: string): { page: number; width: number; height: number }[] {
  const output = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  return output
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length > 4 && columns[2] === 'image')
    .map(([page, , , width, height]) => ({ page: Number(page), width: Number(width), height: Number(height) }))
    .sort((a, b) => b.width * b.height - a.width * a.height);
}
