import { useEffect } from 'react';
import { areaSearchStore } from '../area-search/index.ts';
import { findChangesStore } from '../find-changes/index.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { themeStore } from '../../state/theme-store.ts';
import { uiStore } from '../../state/ui-store.ts';
import { copyLink } from './copy-link.ts';
import { shortcutFor, type ShortcutAction } from './shortcuts.ts';

const SEARCH_FIELD = '[data-shortcut="survey-search"]';

function run(action: ShortcutAction, signedIn: boolean): boolean {
  const ui = uiStore.getState();
  if (action === 'help') ui.helpOpened();
  else if (action === 'theme')
    themeStore.getState().themeChosen(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark');
  else if (!signedIn) return false;
  else if (action === 'surveys-tab') ui.sidebarTabChosen('surveys');
  else if (action === 'area-tab') ui.sidebarTabChosen('area');
  else if (action === 'latest-imagery') ui.latestImageryToggled();
  else if (action === 'copy-link') void copyLink();
  else if (action === 'next-change') {
    if (findChangesStore.getState().run === null) return false;
    findChangesStore.getState().nextSpotAsked();
  }
  // Escape while drawing is the drawing tool's (it drops the half-drawn shape).
  else if (action === 'clear-selection') {
    if (areaSearchStore.getState().tool !== 'static') return false;
    selectionStore.getState().selectionCleared();
    return true;
  } else if (action === 'search') {
    ui.sidebarTabChosen('surveys');
    requestAnimationFrame(() => document.querySelector<HTMLElement>(SEARCH_FIELD)?.focus());
  }
  return true;
}

/** The page-wide keys of the help dialog. */
export function useShortcuts(signedIn: boolean): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      // A modal dialog owns the keyboard.
      if (target?.closest('[aria-modal="true"], dialog[open]')) return;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: target && {
          tagName: target.tagName,
          isContentEditable: target.isContentEditable,
          type: (target as HTMLInputElement).type,
          role: target.getAttribute('role'),
        },
      });
      if (action && run(action, signedIn)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [signedIn]);
}
