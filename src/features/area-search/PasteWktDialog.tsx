import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '../../ui/fields/Field.tsx';
import { createPortal } from 'react-dom';
import { AreaInputError } from '../../area/area-input-error.ts';
import { parseAreaWkt } from '../../area/wkt.ts';
import { areaSearchStore } from './area-search-store.ts';
import { activeAreaFrom } from './accept-area.ts';

/** A small dialog to paste an area as WKT. Invalid text gets a precise message, and the current area stays. */
export function PasteWktDialog({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    field.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    try {
      const outcome = activeAreaFrom(parseAreaWkt(text), 'pasted');
      if (!outcome.ok) {
        setError(outcome.message);
        return;
      }
      areaSearchStore.getState().areaAccepted(outcome.area);
      onClose();
    } catch (problem) {
      if (!(problem instanceof AreaInputError)) throw problem;
      setError(problem.message);
    }
  };

  // Over the whole page: the sidebar it is opened from is a stacking context below the map's controls.
  return createPortal(
    // A click beside the dialog closes it; Escape and Cancel do so for keyboards.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <form
        className="dialog dialog--compact"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onSubmit={submit}
        noValidate
      >
        <h2 id={titleId} className="dialog__title">
          Paste WKT
        </h2>
        <p className="dialog__subtitle">
          A POLYGON or MULTIPOLYGON in longitude latitude (EPSG:4326). It replaces the current area.
        </p>
        <Field label="WKT" error={error}>
          {(control) => (
            <textarea
              {...control}
              ref={field}
              className="field__input field__input--code"
              rows={6}
              spellCheck={false}
              placeholder="POLYGON((-105.12 39.70, -105.05 39.70, -105.05 39.75, -105.12 39.75, -105.12 39.70))"
              value={text}
              aria-invalid={error !== null}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary">
            Use area
          </button>
        </div>
      </form>
    </div>,
    document.body,
  );
}
