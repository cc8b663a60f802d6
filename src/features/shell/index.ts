/** The shell's own controls shown before sign-in: notices, theme and shortcuts. */
export { Notice } from './Notice.tsx';
export { ThemeButton } from './ThemeButton.tsx';
export { useShortcuts } from './use-shortcuts.ts';
