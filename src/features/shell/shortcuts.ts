/** Keyboard shortcuts of the whole page, as listed in the help dialog. */
export type ShortcutAction =
  | 'help'
  | 'surveys-tab'
  | 'area-tab'
  | 'latest-imagery'
  | 'copy-link'
  | 'theme'
  | 'clear-selection'
  | 'search'
  | 'next-change';

export interface Shortcut {
  keys: string[];
  action: ShortcutAction | null;
  description: string;
}

/** Page-wide keys, then keys that belong to a focused control (listed for discoverability). */
export const SHORTCUTS: Shortcut[] = [
  { keys: ['?'], action: 'help', description: 'Show this list of shortcuts' },
  { keys: ['/'], action: 'search', description: 'Search surveys by id' },
  { keys: ['1'], action: 'surveys-tab', description: 'Surveys tab' },
  { keys: ['2'], action: 'area-tab', description: 'Area search tab' },
  { keys: ['L'], action: 'latest-imagery', description: 'Show or hide the latest imagery layer' },
  { keys: ['Esc'], action: 'clear-selection', description: 'Close a dialog, stop drawing, or clear the selection' },
  { keys: ['K'], action: 'copy-link', description: 'Copy a link to this view' },
  { keys: ['D'], action: 'theme', description: 'Switch between light and dark theme' },
  { keys: ['N'], action: 'next-change', description: 'After Find changes: the next most-changed spot, in the swipe' },
  {
    keys: ['↑', '↓', 'Home', 'End'],
    action: null,
    description: 'In a survey list: move through the surveys; Enter opens one',
  },
  {
    keys: ['←', '→', 'Home', 'End'],
    action: null,
    description: 'On a timeline mark: previous or next capture, oldest or newest',
  },
  {
    keys: ['←', '→', 'PgUp', 'PgDn'],
    action: null,
    description: 'On the compare divider: move it by 2% or 10% (Home/End: to an edge)',
  },
  { keys: ['←', '→', 'Home', 'End'], action: null, description: 'On the sidebar tabs: the previous or next tab' },
  {
    keys: ['↑', '↓', 'Home', 'End'],
    action: null,
    description: "On a phone, on the list's handle: pull the list up or down (Enter: the next height)",
  },
  { keys: ['+', '−', 'arrows'], action: null, description: 'On the map: zoom and pan' },
];

const BY_KEY = new Map<string, ShortcutAction>(
  SHORTCUTS.flatMap((s) =>
    s.action ? s.keys.map((k) => [k === 'Esc' ? 'Escape' : k.toLowerCase(), s.action!] as const) : [],
  ),
);

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Tag name and attributes of the focused element. */
  target: { tagName?: string; isContentEditable?: boolean; type?: string; role?: string | null } | null;
}

const TYPING_INPUTS = new Set(['text', 'search', 'email', 'password', 'number', 'date', 'url', 'tel', '']);

/** The page-wide action for a key press, or null when the key is someone else's (typing, a list, a modifier). */
export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target;
  const tag = target?.tagName?.toUpperCase();
  const typing =
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    target?.isContentEditable ||
    (tag === 'INPUT' && TYPING_INPUTS.has(target?.type ?? ''));
  if (typing) return null;
  const action = BY_KEY.get(event.key.length === 1 ? event.key.toLowerCase() : event.key) ?? null;
  // Escape in a list or dialog is handled there first.
  if (action === 'clear-selection' && (target?.role === 'dialog' || target?.role === 'listbox')) return null;
  return action;
}
