import { useEffect, useSyncExternalStore } from 'react';
import { useTheme, type ThemeChoice } from '../state/theme-store.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export const resolvedTheme = (choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' =>
  choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;

export function useSystemDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = matchMedia(DARK_QUERY);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => matchMedia(DARK_QUERY).matches,
  );
}

/** Puts the resolved theme on <html data-theme>, where the style sheets read it. */
export function useThemeOnDocument(): void {
  const theme = resolvedTheme(
    useTheme((s) => s.choice),
    useSystemDark(),
  );
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
