/** What a key does in a single-select listbox whose options are not focused themselves (aria-activedescendant). */
export type ListboxAction = { move: number } | 'select' | null;

/**
 * The WAI-ARIA listbox keys: arrows, Page Up/Down (when `page` is given), Home/End move the active option
 * from `from`; Enter and Space choose it.
 */
export function listboxAction(key: string, from: number, count: number, page?: number): ListboxAction {
  const clamp = (index: number) => ({ move: Math.max(0, Math.min(count - 1, index)) });
  switch (key) {
    case 'ArrowDown':
      return clamp(from + 1);
    case 'ArrowUp':
      return clamp(from - 1);
    case 'PageDown':
      return page ? clamp(from + page) : null;
    case 'PageUp':
      return page ? clamp(from - page) : null;
    case 'Home':
      return clamp(0);
    case 'End':
      return clamp(count - 1);
    case 'Enter':
    case ' ':
      return 'select';
    default:
      return null;
  }
}
