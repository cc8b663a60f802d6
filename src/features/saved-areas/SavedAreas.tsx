import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { useAreaSearch } from '../area-search/index.ts';
import { nextAreaName, savedAreasStore, useSavedAreas } from './saved-areas-store.ts';
import { AreaNameForm } from './AreaNameForm.tsx';
import { saveArea } from './save-area.ts';
import type { OpenArea } from './open-saved-area.ts';
import { SavedAreaItem } from './SavedAreaItem.tsx';
import { useReturnFocus } from './use-return-focus.ts';

/** Areas the user named and kept, each telling when surveys appeared or changed over it since it was last opened. */
export function SavedAreas({ connection, openArea }: { connection: Connection; openArea: OpenArea }) {
  const areas = useSavedAreas((s) => s.areas);
  const deleted = useSavedAreas((s) => s.deleted);
  const unreadable = useSavedAreas((s) => s.unreadable.length);
  const area = useAreaSearch((s) => s.area);
  const [naming, setNaming] = useState(false);
  const [savedId, setSavedId] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const undoButton = useRef<HTMLButtonElement>(null);
  const { button: saveButton, returnFocus } = useReturnFocus(naming);
  const lastDeleted = useRef(deleted);
  const titleId = useId();

  const shownId = area ? (areas.find((a) => a.wkt === area.wkt)?.id ?? null) : null;

  // A deleted area's row is gone: the keyboard goes to the way back.
  useEffect(() => {
    if (deleted && deleted !== lastDeleted.current) undoButton.current?.focus();
    lastDeleted.current = deleted;
  }, [deleted]);
  const cancelNaming = () => {
    returnFocus();
    setNaming(false);
  };

  return (
    <section className="panel-section saved-areas" aria-labelledby={titleId}>
      <div className="panel-section__heading">
        <h2 id={titleId} className="panel-section__title">
          Saved areas
        </h2>
        {area && !shownId && !naming && (
          <div className="panel-section__actions">
            <button
              ref={saveButton}
              type="button"
              className="button button--small"
              disabled={area.tooLarge}
              onClick={() => setNaming(true)}
            >
              Save area
            </button>
          </div>
        )}
      </div>
      {area?.tooLarge && !shownId && (
        <p className="panel-section__hint">This area is too large to search, so it cannot be saved.</p>
      )}

      {naming && area && (
        <AreaNameForm
          className="saved-areas__form"
          initialName={nextAreaName(areas)}
          label={{ visible: 'Name' }}
          submitLabel="Save"
          onCancel={cancelNaming}
          onSubmit={(name) => {
            setSavedId(saveArea(queryClient, connection, name, area));
            setNaming(false);
          }}
        />
      )}

      {deleted && (
        <div className="notice saved-areas__undo" role="status">
          <span>Deleted “{deleted.area.name}”.</span>
          <button
            ref={undoButton}
            type="button"
            className="button button--small"
            onClick={() => savedAreasStore.getState().savedAreaDeleteUndone()}
          >
            Undo
          </button>
        </div>
      )}

      {unreadable > 0 && (
        <div className="notice saved-areas__unreadable" role="status">
          <span>
            {unreadable === 1 ? '1 saved entry' : `${unreadable} saved entries`} could not be read as an area, and{' '}
            {unreadable === 1 ? 'is' : 'are'} kept in this browser as stored.
          </span>
          <button
            type="button"
            className="button button--small"
            onClick={() => savedAreasStore.getState().unreadableAreasDiscarded()}
          >
            Discard
          </button>
        </div>
      )}

      {areas.length === 0 ? (
        <p className="panel-section__empty">Save an area to see when new or updated imagery arrives over it.</p>
      ) : (
        <ul className="saved-areas__list" aria-labelledby={titleId}>
          {areas.map((saved) => (
            <SavedAreaItem
              key={saved.id}
              connection={connection}
              saved={saved}
              shown={saved.id === shownId}
              focusOnMount={saved.id === savedId}
              openArea={openArea}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
