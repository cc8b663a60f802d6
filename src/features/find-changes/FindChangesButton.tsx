import { uiStore } from '../../state/ui-store.ts';
import { useAreaSearch } from '../area-search/index.ts';
import { findChangesStore } from './find-changes-store.ts';

/** On the timeline: takes the user to Find changes in the area search (shown while an area is searched). */
export function FindChangesButton() {
  const searching = useAreaSearch((s) => s.search !== null);
  if (!searching) return null;
  const open = () => {
    uiStore.getState().sidebarTabChosen('area');
    findChangesStore.getState().findChangesOpened();
    requestAnimationFrame(() => {
      const section = document.querySelector<HTMLElement>('section[aria-label="Find changes"]');
      section?.scrollIntoView({ block: 'nearest' });
      section?.querySelector<HTMLElement>('button, select, input')?.focus();
    });
  };
  return (
    <button
      type="button"
      className="button button--small"
      title="Compare two captures of the area tile by tile"
      onClick={open}
    >
      Find changes
    </button>
  );
}
