import type { PDFFont, PDFPage, RGB } from 'pdf-lib';

interface Run {
  text: string;
  font: PDFFont;
}

/**
 * A font and those that draw what it cannot (CJK), tried in order for each character: text is measured and drawn in
 * runs of one font each. A character none of them has is drawn as "?" (the report dialog names it beforehand).
 */
export class TextFonts {
  private readonly has: Set<number>[];

  constructor(private readonly fonts: readonly PDFFont[]) {
    this.has = fonts.map((font) => new Set(font.getCharacterSet()));
  }

  /** The first font: for text of the report's own (Latin) words. */
  get primary(): PDFFont {
    return this.fonts[0];
  }

  runs(text: string): Run[] {
    const runs: Run[] = [];
    for (const char of text.replace(/\t/g, '  ')) {
      const code = char.codePointAt(0)!;
      const index = this.has.findIndex((set) => set.has(code));
      const [font, drawn] = index < 0 ? [this.fonts[0], '?'] : [this.fonts[index], char];
      const last = runs.at(-1);
      if (last?.font === font) last.text += drawn;
      else runs.push({ text: drawn, font });
    }
    return runs;
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  draw(page: PDFPage, text: string, { x, y, size, color }: { x: number; y: number; size: number; color: RGB }): void {
    let left = x;
    for (const run of this.runs(text)) {
      page.drawText(run.text, { x: left, y, size, font: run.font, color });
      left += run.font.widthOfTextAtSize(run.text, size);
    }
  }
}
