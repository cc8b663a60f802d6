import jpRanges from '@fontsource/noto-sans-jp/unicode.json?url';
import krRanges from '@fontsource/noto-sans-kr/unicode.json?url';
import scRanges from '@fontsource/noto-sans-sc/unicode.json?url';

/**
 * Noto Sans JP, SC and KR (npm @fontsource, SIL OFL), as Google Fonts slices them: each family in ~120 small files,
 * each with the characters of one unicode-range (its `unicode.json`). Files of the app, fetched only when a report's
 * text holds a character the report's own font (DejaVu) has not, and then only the slices that hold it. WOFF, not
 * WOFF2: fontkit reads WOFF2's transformed glyphs as empty outlines.
 */
export type CjkFamily = 'jp' | 'sc' | 'kr';

const files = {
  jp: import.meta.glob('/node_modules/@fontsource/noto-sans-jp/files/noto-sans-jp-*-{400,700}-normal.woff', {
    query: '?url',
    import: 'default',
    eager: true,
  }),
  sc: import.meta.glob('/node_modules/@fontsource/noto-sans-sc/files/noto-sans-sc-*-{400,700}-normal.woff', {
    query: '?url',
    import: 'default',
    eager: true,
  }),
  kr: import.meta.glob('/node_modules/@fontsource/noto-sans-kr/files/noto-sans-kr-*-{400,700}-normal.woff', {
    query: '?url',
    import: 'default',
    eager: true,
  }),
} as Record<CjkFamily, Record<string, string>>;

/** Where each family's slices list their characters. */
export const CJK_RANGES: Record<CjkFamily, string> = { jp: jpRanges, sc: scRanges, kr: krRanges };

/** The URL of slice `slice` ("115") of a family, regular or bold; null where the package has none. */
export function cjkFontUrl(family: CjkFamily, slice: string, weight: 400 | 700): string | null {
  const path = `/node_modules/@fontsource/noto-sans-${family}/files/noto-sans-${family}-${slice}-${weight}-normal.woff`;
  return files[family][path] ?? null;
}
