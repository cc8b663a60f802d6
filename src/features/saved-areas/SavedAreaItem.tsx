import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { savedAreasStore, type SavedArea } from './saved-areas-store.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { localDay } from '../../format/date-format.ts';
import { mosaicUpdatesStore } from '../mosaic-updates/index.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { AreaNameForm } from './AreaNameForm.tsx';
import { changesBadge, changesSentence, changesSince, NO_CHANGES, snapshotOf } from './area-changes.ts';
import { type OpenArea, openSavedArea } from './open-saved-area.ts';
import { savedAreaCheckQueryOptions } from './saved-area-queries.ts';
import { useReturnFocus } from './use-return-focus.ts';

interface SavedAreaItemProps {
  connection: Connection;
  saved: SavedArea;
  /** The area on the map is this one. */
  shown: boolean;
  /** Just saved: take the focus, so the keyboard stays where the work is. */
  focusOnMount: boolean;
  openArea: OpenArea;
}

/** One saved area: open it, see what arrived over it since it was last opened, rename or delete it. */
export function SavedAreaItem({ connection, saved, shown, focusOnMount, openArea }: SavedAreaItemProps) {
  const query = useQuery(savedAreaCheckQueryOptions(connection, saved.wkt));
  const [renaming, setRenaming] = useState(false);
  const { button: renameButton, returnFocus } = useReturnFocus(renaming);
  const badgeId = useId();
  const { id, snapshot } = saved;

  const changes = useMemo(
    () => (query.data && snapshot ? changesSince(snapshot, query.data) : NO_CHANGES),
    [query.data, snapshot],
  );
  const badge = changesBadge(changes);
  const stateText = shown
    ? 'shown on the map'
    : query.isSuccess
      ? 'no changes'
      : query.fetchStatus === 'fetching'
        ? 'checking…'
        : '';

  useEffect(() => {
    if (query.data && snapshot === null) savedAreasStore.getState().savedAreaBaselined(id, snapshotOf(query.data));
  }, [query.data, snapshot, id]);

  const renameDone = () => {
    returnFocus();
    setRenaming(false);
  };

  return (
    <li className={shown ? 'saved-area is-shown' : 'saved-area'}>
      {renaming ? (
        <AreaNameForm
          className="saved-area__rename"
          initialName={saved.name}
          label={{ hidden: `New name for ${saved.name}` }}
          submitLabel="Rename"
          onSubmit={(name) => {
            savedAreasStore.getState().savedAreaRenamed(saved.id, name);
            renameDone();
          }}
          onCancel={renameDone}
        />
      ) : (
        <div className="saved-area__row">
          <div className="saved-area__main">
            <button
              type="button"
              className="saved-area__open"
              // biome-ignore lint/a11y/noAutofocus: focus comes back here after the user renamed or restored this area
              autoFocus={focusOnMount}
              aria-describedby={badge ? badgeId : undefined}
              onClick={() => openSavedArea(saved, query.data, openArea)}
            >
              <span className="visually-hidden">Open </span>
              {saved.name}
            </button>
            {badge ? (
              <span
                id={badgeId}
                className="badge saved-area__badge"
                role="note"
                aria-label={changesSentence(changes) ?? undefined}
              >
                {badge}
              </span>
            ) : (
              <span className="saved-area__state">{stateText}</span>
            )}
            {changes.updated.length > 0 && (
              <button
                type="button"
                className="button button--link saved-area__what-changed"
                aria-label={`Show what changed in ${changes.updated[0]} since you last opened ${saved.name}`}
                onClick={() => {
                  // The updated survey, with its tiles re-published since this area was last opened.
                  selectionStore.getState().surveySelected(changes.updated[0], 'map');
                  mosaicUpdatesStore
                    .getState()
                    .mosaicUpdatesOpened(changes.updated[0], localDay(saved.openedAt ?? saved.savedAt));
                }}
              >
                What changed
              </button>
            )}
          </div>
          <div className="saved-area__actions">
            <button
              ref={renameButton}
              type="button"
              className="button button--link"
              aria-label={`Rename ${saved.name}`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </button>
            <button
              type="button"
              className="button button--link saved-area__delete"
              aria-label={`Delete ${saved.name}`}
              onClick={() => savedAreasStore.getState().savedAreaDeleted(id)}
            >
              Delete
            </button>
          </div>
        </div>
      )}
      {query.isError && (
        <ErrorNotice
          compact
          error={query.error}
          title={`Could not check ${saved.name} for new imagery`}
          onRetry={() => void query.refetch()}
        />
      )}
    </li>
  );
}
