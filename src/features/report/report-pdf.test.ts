import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfPagePng, pdfText } from '../../test/poppler-tools.ts';
import { mapWidthPt, type ReportSpec, reportPdf } from './report-pdf.ts';
import { scaleBarMetres } from '../../units/length-format.ts';
import fontkit from '@pdf-lib/fontkit';
import { chooseSlices, drawnCodePoints, type FontSlice, familyOrder, familySlices } from './report-glyphs.ts';

/** A test card: a colour ramp, so a rendered page shows whether the map is there. */
function ramp(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data.set([(x * 255) / width, (y * 255) / height, 128, 255], i);
    }
  return PNG.sync.write(png);
}

const spec = (overrides: Partial<ReportSpec> = {}): ReportSpec => ({
  title: 'Roof at 12 Elm St',
  notes: 'Hail damage on the north slope.\nSecond line: ≈ 40 m² — checked on site.',
  paper: 'A4',
  orientation: 'portrait',
  generatedAt: new Date('2026-11-25T10:20:00Z'),
  shareLink: 'https://viewer.example/#map=17/39.74/-104.99&survey=2024Q1-CO-DEN',
  facts: [
    ['Centre', '39.74000° N, 104.99000° W'],
    ['Distance', '123.4 m (3 points)'],
  ],
  maps: [
    {
      image: { bytes: ramp(800, 500), type: 'png', width: 800, height: 500 },
      label: null,
      metresPerPixel: 0.6,
    },
  ],
  captures: [
    {
      surveyId: '2024Q1-CO-DEN',
      captureId: '20240314T171500_CO_DEN',
      start: '2024-03-14T17:15:00Z',
      end: '2024-03-14T18:40:00Z',
      tiles: 12,
    },
  ],
  annotations: [
    ['Hail damage', 'Pin · 39.74000° N, 104.99000° W', 'Dents on the north slope', '2024Q1-CO-DEN, 2024-01-16'],
  ],
  imageryNotes: ['2 tiles of 2024Q1-CO-DEN failed to load (HTTP 503) and are blank in the map.'],
  attributions: ['Natural Earth · US Census Bureau'],
  ...overrides,
});

/** The fonts the app serves (src/api/report-fonts.ts), read from the package here. */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const font = (name: string) => new Uint8Array(readFileSync(fontFile(name)));
const fonts = { regular: font('DejaVuSansCondensed.ttf'), bold: font('DejaVuSansCondensed-Bold.ttf') };

/** The CJK slices a text needs, read from the packages as the app serves them (report-font-loader.ts). */
async function cjkFallbacks(text: string) {
  const require = createRequire(import.meta.url);
  const { slices } = await chooseSlices(
    drawnCodePoints(text).filter((c) => !dejaVu.has(c)),
    familyOrder(text),
    async (family) => familySlices(family, require(`@fontsource/noto-sans-${family}/unicode.json`)),
  );
  const file = ({ family, name }: FontSlice, weight: number) =>
    new Uint8Array(
      readFileSync(
        require.resolve(`@fontsource/noto-sans-${family}/files/noto-sans-${family}-${name}-${weight}-normal.woff`),
      ),
    );
  return slices.map((slice) => ({ regular: file(slice, 400), bold: file(slice, 700) }));
}
const dejaVu = new Set<number>(fontkit.create(Buffer.from(fonts.regular)).characterSet);

const written = async (report: ReportSpec) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-')), 'report.pdf');
  writeFileSync(file, await reportPdf(report, fonts));
  return file;
};

describe('reportPdf', () => {
  it('writes a PDF that poppler reads: the page size, the facts, the captures, the notes and the link', async () => {
    const file = await written(spec());
    expect(pdfInfo(file)['Page size']).toMatch(/^595\.2\d* x 841\.8\d* pts \(A4\)/);
    expect(pdfInfo(file).Title).toBe('Roof at 12 Elm St');
    const text = pdfText(file);
    for (const expected of [
      'Roof at 12 Elm St',
      '39.74000° N, 104.99000° W',
      '123.4 m (3 points)',
      '2024Q1-CO-DEN',
      '20240314T171500_CO_DEN',
      '2024-03-14 17:15 – 18:40 UTC',
      'Hail damage on the north slope.',
      'failed to load (HTTP 503)',
      'Natural Earth',
      'generated 2026-11-25 10:20 UTC',
      'Page 1 of',
      'Annotations in view',
      'Dents on the north slope',
    ])
      expect(text).toContain(expected);
    expect(text).toContain('Second line: ≈ 40 m² — checked on site.');
    expect(text.replace(/\s+/g, '')).toContain('https://viewer.example/#map=17/39.74/-104.99&survey=2024Q1-CO-DEN');
  });

  it('writes text in other scripts, and only the glyphs it uses', async () => {
    const file = await written(
      spec({
        title: 'Łódź — Київ — Αθήνα',
        notes: 'Dach nördlich beschädigt; крыша повреждена. 屋根',
        annotations: [['Ölschaden', 'Pin · 51.75° N, 19.46° E', 'Çatı hasarı', '—']],
      }),
    );
    const text = pdfText(file);
    for (const expected of [
      'Łódź — Київ — Αθήνα',
      'Dach nördlich beschädigt; крыша повреждена.',
      'Ölschaden',
      'Çatı hasarı',
    ])
      expect(text).toContain(expected);
    // Without the CJK fonts (nothing fetched them here), a character DejaVu has none of becomes '?'; the rest stays.
    expect(text).toContain('повреждена. ??');
    expect(pdfInfo(file).Title).toBe('Łódź — Київ — Αθήνα');
    // Subset: two fonts of ~600 KB each become a few tens of KB.
    expect(readFileSync(file).length).toBeLessThan(200_000);
  });

  // The walk that found it: Chinese and Japanese in the title, the notes and the notes table printed as "??".
  it('writes CJK, Polish and Greek text with the CJK slices the text needs, and draws their glyphs', async () => {
    const report = spec({
      title: '東京 — Łódź — Ελλάδα',
      notes: '屋根の北側に雹害。Łódź, Ελλάδα. 서울 지붕 손상. 北京屋顶受损。',
      annotations: [['東京タワー', 'Pin · 35.65858° N, 139.74543° E', '屋根の点検', '—']],
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-')), 'cjk.pdf');
    const texts = [report.title, report.notes, ...report.annotations.flat()].join('\n');
    writeFileSync(file, await reportPdf(report, { ...fonts, fallbacks: await cjkFallbacks(texts) }));
    const text = pdfText(file);
    for (const expected of [
      '東京 — Łódź — Ελλάδα',
      '屋根の北側に雹害。Łódź, Ελλάδα.',
      '서울 지붕 손상.',
      '北京屋顶受损。',
    ])
      expect(text).toContain(expected);
    expect(text).toContain('東京タワー');
    expect(text).toContain('屋根の点検');
    expect(text).not.toContain('?');
    // Drawn, not only named: the title's line holds ink (WOFF2 slices gave empty outlines that pdftotext still read).
    const page = PNG.sync.read(pdfPagePng(file, 1, 72));
    let ink = 0;
    for (let y = 36; y < 62; y++) for (let x = 36; x < 80; x++) if (page.data[(y * page.width + x) * 4] < 128) ink += 1;
    expect(ink, 'dark pixels where 東京 is drawn').toBeGreaterThan(60);
    // Subset: a few glyphs of each slice, not the slices whole (~50 KB each).
    expect(readFileSync(file).length).toBeLessThan(250_000);
  });

  it('prints the map: the rendered page holds the image where the map goes', async () => {
    const file = await written(spec({ paper: 'Letter', orientation: 'landscape' }));
    expect(pdfInfo(file)['Page size']).toMatch(/^792 x 612 pts/);
    const page = PNG.sync.read(pdfPagePng(file, 1, 72));
    expect([page.width, page.height]).toEqual([792, 612]);
    // The ramp's red rises left to right across the map box.
    const red = (x: number) => page.data[(250 * page.width + x) * 4];
    expect(red(150)).toBeLessThan(red(600));
    expect(pdfText(file)).toMatch(/Map printed at \d+ dpi/);
  });

  it('puts two maps side by side when comparing, each labelled', async () => {
    const map = spec().maps[0];
    const file = await written(
      spec({
        maps: [
          { ...map, label: 'Left (A): 2023Q2' },
          { ...map, label: 'Right (B): 2024Q1' },
        ],
      }),
    );
    const text = pdfText(file);
    expect(text).toContain('Left (A): 2023Q2');
    expect(text).toContain('Right (B): 2024Q1');
    expect(text).toMatch(/Map printed at \d+ and \d+ dpi/);
  });

  it('sizes the map for print and picks readable scale bar lengths', () => {
    expect(mapWidthPt('A4', 'portrait', 1)).toBeCloseTo(595.28 - 72, 1);
    expect(mapWidthPt('Letter', 'landscape', 2)).toBeCloseTo((792 - 72 - 10) / 2, 1);
    expect([scaleBarMetres(37), scaleBarMetres(180), scaleBarMetres(999), scaleBarMetres(1)]).toEqual([
      20, 100, 500, 1,
    ]);
  });
});
