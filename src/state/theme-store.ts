import { createStore, useStore } from 'zustand';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'survey-viewer:theme:v1';

function readChoice(): ThemeChoice {
  try {
    const stored = globalThis.localStorage?.getItem(KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

export interface ThemeState {
  choice: ThemeChoice;
  themeChosen(choice: ThemeChoice): void;
}

/** The user's theme choice; 'system' follows the operating system's preference. */
export const themeStore = createStore<ThemeState>()((set) => ({
  choice: readChoice(),
  themeChosen: (choice) => {
    try {
      if (choice === 'system') globalThis.localStorage?.removeItem(KEY);
      else globalThis.localStorage?.setItem(KEY, choice);
    } catch {
      // Not remembered; still applied for this page.
    }
    set({ choice });
  },
}));

export const useTheme = <T>(selector: (state: ThemeState) => T): T => useStore(themeStore, selector);
