import { useState, type KeyboardEvent } from 'react';
import { listboxAction } from './listbox-keys.ts';

export interface ListboxKeysOptions {
  count: number;
  /** Where the arrows start when no option is active yet (the selected one), or -1. */
  selectedIndex: number;
  /** Options a Page Up/Down moves by; without it those keys do nothing. */
  pageSize?: () => number;
  /** An option became active: bring it into view and highlight it. */
  onActivate(index: number): void;
  onChoose(index: number): void;
}

/** The active option of a listbox and its keyboard handler (one implementation for every listbox of the app). */
export function useListboxKeys({ count, selectedIndex, pageSize, onActivate, onChoose }: ListboxKeysOptions) {
  const [activeIndex, setActiveIndex] = useState(-1);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count === 0) return;
    const from = activeIndex >= 0 ? activeIndex : Math.max(selectedIndex, -1);
    const action = listboxAction(event.key, from, count, pageSize?.());
    if (!action) return;
    event.preventDefault();
    if (action === 'select') {
      if (activeIndex >= 0) onChoose(activeIndex);
      return;
    }
    setActiveIndex(action.move);
    onActivate(action.move);
  };
  return { activeIndex, setActiveIndex, onKeyDown };
}
