import { uiStore } from '../../state/ui-store.ts';
import { copyLink } from './copy-link.ts';
import { PathIcon as Icon } from '../../ui/PathIcon.tsx';
import { ThemeButton } from './ThemeButton.tsx';

const LINK =
  'M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.9.9M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l.9-.9';

/** Header buttons available to everyone: share the view, switch theme, list shortcuts. */
export function ShellActions({ canShare }: { canShare: boolean }) {
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
      <ThemeButton />
      <button
        type="button"
        className="icon-button icon-button--bordered"
        aria-label="Help and keyboard shortcuts"
        title="Help and keyboard shortcuts (?)"
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
