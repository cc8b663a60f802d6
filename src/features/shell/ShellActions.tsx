import { themeStore, useTheme } from '../../state/theme-store.ts';
import { uiStore } from '../../state/ui-store.ts';
import { copyLink } from './copy-link.ts';
import { PathIcon as Icon } from './PathIcon.tsx';
import { resolvedTheme, useSystemDark } from './use-theme.ts';

const LINK =
  'M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.9.9M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l.9-.9';
const MOON = 'M15.5 12.5A6 6 0 0 1 7.5 4.5a6 6 0 1 0 8 8Z';
const SUN =
  'M10 6.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7ZM10 2v1.5M10 16.5V18M2 10h1.5M16.5 10H18M4.3 4.3l1.1 1.1M14.6 ' +
  '14.6l1.1 1.1M4.3 15.7l1.1-1.1M14.6 5.4l1.1-1.1';

/** Header buttons available to everyone: share the view, switch theme, list shortcuts. */
export function ShellActions({ canShare }: { canShare: boolean }) {
  const dark =
    resolvedTheme(
      useTheme((s) => s.choice),
      useSystemDark(),
    ) === 'dark';
  return (
    <div className="shell-actions">
      {canShare && (
        <button
          type="button"
          className="icon-button icon-button--bordered"
          aria-label="Copy link to this view"
          title="Copy link to this view (K)"
          onClick={() => void copyLink()}
        >
          <Icon d={LINK} />
        </button>
      )}
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
      <button
        type="button"
        className="icon-button icon-button--bordered"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        aria-haspopup="dialog"
        onClick={() => uiStore.getState().helpOpened()}
      >
        <span aria-hidden="true" className="shell-actions__help">
          ?
        </span>
      </button>
    </div>
  );
}
