import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import {
  characterName,
  chooseSlices,
  drawnCodePoints,
  type FontSlice,
  familyOrder,
  familySlices,
  isPlainText,
  parseUnicodeRange,
} from './report-glyphs.ts';

const require = createRequire(import.meta.url);
const codePoints = (name: string) =>
  new Set<number>(fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`))).characterSet);

describe('which fonts draw a report’s text', () => {
  it('reads a family’s slices from its unicode-range table', () => {
    expect(parseUnicodeRange('U+25ee8, U+26ff6-26ff8')).toEqual([
      [0x25ee8, 0x25ee8],
      [0x26ff6, 0x26ff8],
    ]);
    const slices = familySlices('jp', { '[115]': 'U+6771,U+4eac', latin: 'U+0000-00ff' });
    expect(slices).toEqual([
      {
        family: 'jp',
        name: '115',
        ranges: [
          [0x6771, 0x6771],
          [0x4eac, 0x4eac],
        ],
      },
    ]);
  });

  it('draws Han in Japanese forms beside kana, Korean beside hangul, else Chinese', () => {
    expect(familyOrder('東京タワー')[0]).toBe('jp');
    expect(familyOrder('서울 시청')[0]).toBe('kr');
    expect(familyOrder('北京')[0]).toBe('sc');
  });

  it('takes each character from the first family that has it, and names what none has', async () => {
    const slices: Record<string, FontSlice[]> = {
      sc: [{ family: 'sc', name: '1', ranges: [[0x5317, 0x5317]] }],
      jp: [
        {
          family: 'jp',
          name: '2',
          ranges: [
            [0x5317, 0x5317],
            [0x4eac, 0x4eac],
          ],
        },
      ],
      kr: [],
    };
    const asked: string[] = [];
    const { slices: chosen, missing } = await chooseSlices(
      drawnCodePoints('北京 😀'),
      ['sc', 'jp', 'kr'],
      async (f) => {
        asked.push(f);
        return slices[f];
      },
    );
    expect(chosen.map((s) => `${s.family}/${s.name}`)).toEqual(['sc/1', 'jp/2']);
    expect(missing.map(characterName)).toEqual(['😀 (U+1F600)']);
    expect(asked).toEqual(['sc', 'jp', 'kr']);
  });

  it('knows without fetching anything that DejaVu, regular and bold, draws plain Latin text', () => {
    const [regular, bold] = [codePoints('DejaVuSansCondensed.ttf'), codePoints('DejaVuSansCondensed-Bold.ttf')];
    const plain: number[] = [];
    for (let c = 0x21; c <= 0x2100; c++) if (isPlainText(String.fromCodePoint(c))) plain.push(c);
    expect(plain.length).toBeGreaterThan(500);
    expect(plain.filter((c) => !regular.has(c) || !bold.has(c)).map(characterName)).toEqual([]);
    expect(isPlainText('Łódź, 12 € – “ok”')).toBe(true);
    expect(isPlainText('Ελλάδα')).toBe(false);
  });
});
