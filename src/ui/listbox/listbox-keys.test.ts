import { describe, expect, it } from 'vitest';
import { listboxAction } from './listbox-keys.ts';

describe('listboxAction', () => {
  it('moves within the options and clamps at both ends', () => {
    expect(listboxAction('ArrowDown', -1, 5)).toEqual({ move: 0 });
    expect(listboxAction('ArrowDown', 4, 5)).toEqual({ move: 4 });
    expect(listboxAction('ArrowUp', 0, 5)).toEqual({ move: 0 });
    expect(listboxAction('Home', 3, 5)).toEqual({ move: 0 });
    expect(listboxAction('End', 0, 5)).toEqual({ move: 4 });
  });

  it('pages only when a page size is given', () => {
    expect(listboxAction('PageDown', 1, 50, 10)).toEqual({ move: 11 });
    expect(listboxAction('PageUp', 3, 50, 10)).toEqual({ move: 0 });
    expect(listboxAction('PageDown', 1, 50)).toBeNull();
  });

  it('chooses with Enter and Space, and ignores other keys', () => {
    expect(listboxAction('Enter', 2, 5)).toBe('select');
    expect(listboxAction(' ', 2, 5)).toBe('select');
    expect(listboxAction('a', 2, 5)).toBeNull();
  });
});
