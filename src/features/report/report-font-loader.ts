import fontkit from '@pdf-lib/fontkit';
import { fetchAppAsset, fetchReportFonts, type ReportFonts } from '../../api/report-fonts.ts';
import type { CjkFamily } from './cjk-fonts.ts';
import {
  chooseSlices,
  drawnCodePoints,
  type FontSlice,
  familyOrder,
  familySlices,
  isPlainText,
} from './report-glyphs.ts';

/** The code points DejaVu (regular) draws, read once from the font the report embeds. */
let dejaVuSet: Promise<Set<number>> | null = null;
const dejaVuCodePoints = (fonts: Promise<ReportFonts>) => {
  dejaVuSet ??= fonts.then(({ regular }) => new Set(fontkit.create(regular as Buffer).characterSet));
  dejaVuSet.catch(() => {
    dejaVuSet = null;
  });
  return dejaVuSet;
};

/** Each family's slices, read once from its table (a file of the app, fetched on first need). */
const slicesRead = new Map<CjkFamily, Promise<FontSlice[]>>();
const cjkFonts = () => import('./cjk-fonts.ts');
function slicesOf(family: CjkFamily, signal?: AbortSignal): Promise<FontSlice[]> {
  let read = slicesRead.get(family);
  if (!read) {
    read = cjkFonts().then(async ({ CJK_RANGES }) => {
      const bytes = await fetchAppAsset(CJK_RANGES[family], 'application/json', signal);
      return familySlices(family, JSON.parse(new TextDecoder().decode(bytes)));
    });
    read.catch(() => slicesRead.delete(family));
    slicesRead.set(family, read);
  }
  return read;
}

/** Which slices draw what DejaVu cannot of the text, and what none can. */
async function coverage(text: string, fonts: Promise<ReportFonts>, signal?: AbortSignal) {
  const dejaVu = await dejaVuCodePoints(fonts);
  const needed = drawnCodePoints(text).filter((c) => !dejaVu.has(c));
  if (needed.length === 0) return { slices: [], missing: [] };
  return chooseSlices(needed, familyOrder(text), (family) => slicesOf(family, signal));
}

/** The characters of a text that no font of the report can draw (they print as "?"), in order of first use. */
export async function undrawable(text: string, signal?: AbortSignal): Promise<number[]> {
  if (isPlainText(text)) return [];
  return (await coverage(text, fetchReportFonts(signal), signal)).missing;
}

/** The report's fonts for a text: DejaVu, and the CJK slices (regular and bold) that draw what it cannot. */
export async function reportFontsFor(text: string, signal?: AbortSignal): Promise<ReportFonts> {
  const fonts = fetchReportFonts(signal);
  if (isPlainText(text)) return fonts;
  const { slices } = await coverage(text, fonts, signal);
  const { cjkFontUrl } = await cjkFonts();
  const fallbacks = await Promise.all(
    slices.map(async ({ family, name }) => {
      const [regular, bold] = await Promise.all(
        ([400, 700] as const).map((weight) => {
          const url = cjkFontUrl(family, name, weight);
          if (!url) throw new Error(`No font file for ${family} slice ${name}.`);
          return fetchAppAsset(url, 'font/woff', signal);
        }),
      );
      return { regular, bold };
    }),
  );
  return { ...(await fonts), fallbacks };
}
