import { themeStore, useTheme } from '../../state/theme-store.ts';
import { PathIcon as Icon } from '../../ui/PathIcon.tsx';
import { resolvedTheme, useSystemDark } from '../../ui/use-theme.ts';

const MOON = 'M15.5 12.5A6 6 0 0 1 7.5 4.5a6 6 0 1 0 8 8Z';
const SUN =
  'M10 6.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7ZM10 2v1.5M10 16.5V18M2 10h1.5M16.5 10H18M4.3 4.3l1.1 1.1M14.6 ' +
  '14.6l1.1 1.1M4.3 15.7l1.1-1.1M14.6 5.4l1.1-1.1';

/** The light/dark switch (also `D`), in the header and on the sign-in dialog. */
export function ThemeButton() {
  const dark =
    resolvedTheme(
      useTheme((s) => s.choice),
      useSystemDark(),
    ) === 'dark';
  return (
    <button
      type="button"
      className="icon-button icon-button--bordered"
      aria-label="Dark theme"
      aria-pressed={dark}
      title={`${dark ? 'Light' : 'Dark'} theme (D)`}
      onClick={() => themeStore.getState().themeChosen(dark ? 'light' : 'dark')}
    >
      <Icon d={dark ? SUN : MOON} />
    </button>
  );
}
