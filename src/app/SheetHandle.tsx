import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { uiStore, useUi } from '../state/ui-store.ts';
import { COLLAPSED_PX, snapSheet, stepSheet } from './sheet-snap.ts';

/** A pointer that went down on the handle, and whether it has moved far enough to be a drag. */
interface Drag {
  startY: number;
  startHeight: number;
  sheet: HTMLElement;
  moved: boolean;
}

const DRAG_SLOP_PX = 6;

const KEY_STEPS: Record<string, 'up' | 'down'> = { ArrowUp: 'up', ArrowDown: 'down' };

/**
 * The phone sheet's grab handle: a tap (or Enter) moves it collapsed → half → full and back down; a drag settles it at
 * the nearest height; ↑/↓ step it, Home/End collapse it or pull it up in full. Hidden on wider screens.
 */
export function SheetHandle() {
  const sheet = useUi((s) => s.sheet);
  const rising = useUi((s) => s.sheetRising);
  const drag = useRef<Drag | null>(null);
  /** When the last drag ended: the click a mouse drag ends in must not move the sheet again. */
  const dragEndedAt = useRef(Number.NEGATIVE_INFINITY);
  const label =
    sheet === 'collapsed' ? 'Show the list' : sheet === 'half' && rising ? 'Show more of the list' : 'Show more map';

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    const element = event.currentTarget.closest<HTMLElement>('.sidebar');
    if (!element || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: element.offsetHeight, sheet: element, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const dy = event.clientY - d.startY;
    if (!d.moved && Math.abs(dy) < DRAG_SLOP_PX) return;
    d.moved = true;
    d.sheet.classList.add('is-dragging');
    const height = Math.max(COLLAPSED_PX, Math.min(window.innerHeight - 40, d.startHeight - dy));
    d.sheet.style.height = `${height}px`;
  };
  const onPointerEnd = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.moved) return;
    dragEndedAt.current = event.timeStamp;
    const to = snapSheet(sheet, d.sheet.offsetHeight, event.clientY - d.startY, window.innerHeight);
    d.sheet.classList.remove('is-dragging');
    d.sheet.style.height = '';
    uiStore.getState().sheetMoved(to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const to =
      event.key in KEY_STEPS
        ? stepSheet(sheet, KEY_STEPS[event.key])
        : event.key === 'Home'
          ? 'collapsed'
          : event.key === 'End'
            ? 'full'
            : null;
    if (!to) return;
    event.preventDefault();
    uiStore.getState().sheetMoved(to);
  };

  return (
    <button
      type="button"
      className="sheet-handle"
      aria-expanded={sheet !== 'collapsed'}
      aria-controls="sidebar-tab-panel"
      aria-keyshortcuts="ArrowUp ArrowDown Home End"
      onClick={(event) => {
        if (event.timeStamp - dragEndedAt.current > 400) uiStore.getState().sheetHandleTapped();
      }}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <span className="sheet-handle__grip" aria-hidden="true" />
      {label}
    </button>
  );
}
