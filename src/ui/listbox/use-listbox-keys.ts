import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { listboxAction } from './listbox-keys.ts';

export interface ListboxKeysOptions {
  count: number;
  /** Where the arrows start when no option is active yet (the selected one), or -1. */
  selectedIndex: number;
  /** The option made active when the listbox gets keyboard focus with nothing selected (default the first). */
  firstIndex?: () => number;
  /** Options a Page Up/Down moves by; without it those keys do nothing. */
  pageSize?: () => number;
  /** An option became active: bring it into view and highlight it. */
  onActivate(index: number): void;
  onChoose(index: number): void;
}

/** The active option of a listbox and its keyboard handler (one implementation for every listbox of the app). */
export function useListboxKeys({
  count,
  selectedIndex,
  firstIndex,
  pageSize,
  onActivate,
  onChoose,
}: ListboxKeysOptions) {
  const [activeIndex, setActiveIndex] = useState(-1);
  const activate = (index: number) => {
    setActiveIndex(index);
    onActivate(index);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (count === 0) return;
    const from = activeIndex >= 0 ? activeIndex : Math.max(selectedIndex, -1);
    const action = listboxAction(event.key, from, count, pageSize?.());
    if (!action) return;
    event.preventDefault();
    if (action === 'select') {
      const chosen = activeIndex >= 0 ? activeIndex : initialIndex();
      if (chosen >= 0) onChoose(chosen);
      return;
    }
    activate(action.move);
  };
  const initialIndex = () =>
    count === 0 ? -1 : selectedIndex >= 0 ? selectedIndex : Math.min(count - 1, Math.max(0, firstIndex?.() ?? 0));
  // Focus by keyboard shows an active option at once (the selected one, else the first), so that Enter chooses the
  // option the user sees; focus by a click leaves the list where it is.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || activeIndex >= 0 || !event.currentTarget.matches(':focus-visible'))
      return;
    const index = initialIndex();
    if (index >= 0) activate(index);
  };
  return { activeIndex, setActiveIndex, onKeyDown, onFocus };
}
