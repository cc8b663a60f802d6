import { describe, expect, it } from 'vitest';
import { shortcutFor, SHORTCUTS, type KeyLike } from './shortcuts.ts';

const press = (key: string, target: KeyLike['target'] = { tagName: 'BODY' }, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...mods,
});

describe('shortcuts', () => {
  it('maps page-wide keys, letters in either case', () => {
    expect(shortcutFor(press('?'))).toBe('help');
    expect(shortcutFor(press('l'))).toBe('latest-imagery');
    expect(shortcutFor(press('L'))).toBe('latest-imagery');
    expect(shortcutFor(press('2'))).toBe('area-tab');
    expect(shortcutFor(press('Escape'))).toBe('clear-selection');
    expect(shortcutFor(press('n'))).toBe('next-change');
  });

  it('leaves typing, modified keys and unknown keys alone', () => {
    expect(shortcutFor(press('l', { tagName: 'INPUT', type: 'search' }))).toBeNull();
    expect(shortcutFor(press('l', { tagName: 'TEXTAREA' }))).toBeNull();
    expect(shortcutFor(press('l', { tagName: 'DIV', isContentEditable: true }))).toBeNull();
    expect(shortcutFor(press('l', { tagName: 'INPUT', type: 'checkbox' }))).toBe('latest-imagery');
    expect(shortcutFor(press('k', { tagName: 'BODY' }, { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('q'))).toBeNull();
  });

  it('lets a list handle its own Escape', () => {
    expect(shortcutFor(press('Escape', { tagName: 'DIV', role: 'listbox' }))).toBeNull();
  });

  it('lists every page-wide action once', () => {
    const actions = SHORTCUTS.flatMap((s) => (s.action ? [s.action] : []));
    expect(new Set(actions).size).toBe(actions.length);
  });
});
