import { describe, expect, it } from 'vitest';
import { recentMemo } from './recent-memo.ts';

describe('recentMemo', () => {
  it('formats each pair of arguments once while it is among the last remembered', () => {
    const calls: string[] = [];
    const joined = recentMemo((a, b) => {
      calls.push(`${a}|${b}`);
      return `${a}–${b}`;
    }, 2);
    expect(joined('1', '2')).toBe('1–2');
    expect(joined('1', '2')).toBe('1–2');
    expect(joined('1', '3')).toBe('1–3');
    expect(calls).toEqual(['1|2', '1|3']);
    // A third pair makes room by forgetting the first asked for.
    joined('4', '5');
    joined('1', '2');
    expect(calls).toEqual(['1|2', '1|3', '4|5', '1|2']);
  });

  it('keeps the two arguments apart', () => {
    const joined = recentMemo((a, b) => `${a}/${b}`, 4);
    expect(joined('a\nb', 'c')).toBe('a\nb/c');
    expect(joined('a', 'b\nc')).toBe('a/b\nc');
  });
});
