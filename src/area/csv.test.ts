import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes fields with commas, quotes or line breaks and leaves empty cells for missing values', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          ['x,y', 'say "hi"', 'two\nlines'],
          [1, null, undefined],
        ],
      ),
    ).toBe('a,b,c\r\n"x,y","say ""hi""","two\nlines"\r\n1,,\r\n');
  });
});
