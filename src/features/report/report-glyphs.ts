import type { CjkFamily } from './cjk-fonts.ts';

/** One slice of a CJK family: its name in the package ("115") and the code points it holds, as [first, last] runs. */
export interface FontSlice {
  family: CjkFamily;
  name: string;
  ranges: [number, number][];
}

/** A CSS unicode-range list ("U+25ee8,U+26ff6-26ff8") as [first, last] runs. */
export function parseUnicodeRange(text: string): [number, number][] {
  return text
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part) => {
      const [first, last = first] = part.split('-');
      return [Number.parseInt(first, 16), Number.parseInt(last, 16)];
    });
}

/** A family's numbered slices from its `unicode.json` ("[115]": ranges); its Latin and Cyrillic ones are DejaVu's. */
export function familySlices(family: CjkFamily, unicode: Record<string, string>): FontSlice[] {
  return Object.entries(unicode)
    .filter(([key]) => /^\[\d+\]$/.test(key))
    .map(([key, ranges]) => ({ family, name: key.slice(1, -1), ranges: parseUnicodeRange(ranges) }));
}

const holds = (slice: FontSlice, codePoint: number) =>
  slice.ranges.some(([first, last]) => codePoint >= first && codePoint <= last);

/** The code points a text draws, once each (spaces and line ends are not drawn). */
export function drawnCodePoints(text: string): number[] {
  return [...new Set([...text].map((c) => c.codePointAt(0)!))].filter((c) => c > 0x20 && c !== 0x7f);
}

/** Latin (with its extensions), general punctuation and €: DejaVu draws every one, nothing to fetch to know it. */
const PLAIN = /^[\t\n\r\u0020-\u007e\u00a0-\u024f\u2010-\u2027\u20ac]*$/u;
export const isPlainText = (text: string): boolean => PLAIN.test(text);

const KANA = /[\u3040-\u30ff\u31f0-\u31ff]/u;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;

/**
 * Which family draws a text's Han characters, first to last: Japanese where it holds kana, Korean where it holds
 * hangul, else Chinese (each family's Han glyphs are drawn in its own region's forms).
 */
export function familyOrder(text: string): CjkFamily[] {
  if (KANA.test(text)) return ['jp', 'sc', 'kr'];
  if (HANGUL.test(text)) return ['kr', 'jp', 'sc'];
  return ['sc', 'jp', 'kr'];
}

/**
 * The slices that draw the code points (the first family in `order` that has each), and those no slice holds.
 * `slicesOf` gives a family's slices (read on first need).
 */
export async function chooseSlices(
  codePoints: readonly number[],
  order: readonly CjkFamily[],
  slicesOf: (family: CjkFamily) => Promise<FontSlice[]>,
): Promise<{ slices: FontSlice[]; missing: number[] }> {
  const chosen = new Map<string, FontSlice>();
  let left = [...codePoints];
  for (const family of order) {
    if (left.length === 0) break;
    const slices = await slicesOf(family);
    left = left.filter((codePoint) => {
      const slice = slices.find((s) => holds(s, codePoint));
      if (slice) chosen.set(`${family}/${slice.name}`, slice);
      return !slice;
    });
  }
  return { slices: [...chosen.values()], missing: left };
}

/** "😀 (U+1F600)": how the dialog names a character the PDF cannot draw. */
export const characterName = (codePoint: number): string =>
  `${String.fromCodePoint(codePoint)} (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')})`;
