import { useEffect, useRef } from 'react';
import { uiStore, useUi } from '../../state/ui-store.ts';
import { GUIDE_INDEX, type Guide } from './guides.ts';
import { SHORTCUTS } from './shortcuts.ts';

/** The guide to what the user is doing and the keyboard shortcuts, in a modal dialog (focus stays inside; Escape
 * closes). */
export function HelpDialog({ guide }: { guide: Guide }) {
  const open = useUi((s) => s.helpOpen);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Escape closes a modal <dialog> natively ('cancel' comes at once, 'close' may come later); the store follows.
  const closed = () => uiStore.getState().helpClosed();

  return (
    <dialog ref={dialog} className="dialog help-dialog" aria-labelledby="help-title" onCancel={closed} onClose={closed}>
      <h2 id="help-title" className="dialog__title">
        Help and keyboard shortcuts
      </h2>
      <p className="help-dialog__guide">
        Guide to what you are doing:{' '}
        <a href={guide.href} target="_blank" rel="noreferrer">
          {guide.title}
        </a>{' '}
        ·{' '}
        <a href={GUIDE_INDEX.href} target="_blank" rel="noreferrer">
          every guide
        </a>
      </p>
      <p className="dialog__subtitle">
        Everything can be reached with Tab; these keys are quicker. Page-wide keys do nothing while you type in a field.
      </p>
      <table className="help-dialog__table">
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.description}>
              <td className="help-dialog__keys">
                {shortcut.keys.map((key) => (
                  <kbd key={key}>{key}</kbd>
                ))}
              </td>
              <td>{shortcut.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--primary"
          // A modal dialog the user opened takes focus (WAI-ARIA dialog pattern).
          // biome-ignore lint/a11y/noAutofocus: see above
          autoFocus
          onClick={() => uiStore.getState().helpClosed()}
        >
          Close
        </button>
      </div>
    </dialog>
  );
}
