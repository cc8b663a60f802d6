import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react';
import { MAX_LINKED_NOTES, newFromLink } from './annotation-link.ts';
import { annotationsStore, useAnnotations } from './annotations-store.ts';
import './annotations.css';

const notes = (n: number) => `${n.toLocaleString('en-US')} note${n === 1 ? '' : 's'}`;

/**
 * A link opened in this tab that carries annotations asks before adding them: how many are new (ones already here do
 * not count, and a link with none new asks nothing), and the limit a link may add. Nothing is stored unless added.
 */
export function LinkedNotesPrompt() {
  const loaded = useAnnotations((s) => s.loaded);
  const offer = useAnnotations((s) => s.linkOffer);
  const annotations = useAnnotations((s) => s.annotations);
  const { count, added } = useMemo(
    () => (offer ? newFromLink(offer, annotations) : { count: 0, added: [] }),
    [offer, annotations],
  );
  const title = useId();
  const add = useRef<HTMLButtonElement>(null);
  const shown = loaded && count > 0;
  const someKnown = offer !== null && count < offer.length;

  // Non-modal: it takes the focus only when nothing else has it (the page just opened), so no typing is interrupted.
  useEffect(() => {
    if (shown && (document.activeElement === null || document.activeElement === document.body)) add.current?.focus();
  }, [shown]);

  if (!shown) return null;
  const decline = () => annotationsStore.getState().linkNotesDeclined();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') decline();
  };

  return (
    <section className="linked-notes" role="dialog" aria-labelledby={title} onKeyDown={onKeyDown}>
      <h2 id={title} className="linked-notes__title">
        This link carries {notes(count)}
        {someKnown && ' you do not have'}
      </h2>
      <p className="linked-notes__text">
        {count > MAX_LINKED_NOTES
          ? `A link adds at most ${notes(MAX_LINKED_NOTES)}: the first ${MAX_LINKED_NOTES.toLocaleString('en-US')} ` +
            'would be added to your Notes and kept in this browser.'
          : 'Added, they join your Notes and are kept in this browser.'}
      </p>
      <div className="button-row">
        <button
          ref={add}
          type="button"
          className="button button--primary button--small"
          onClick={() => annotationsStore.getState().linkNotesAccepted()}
        >
          Add {notes(added.length)}
        </button>
        <button type="button" className="button button--small" onClick={decline}>
          Not now
        </button>
      </div>
    </section>
  );
}
