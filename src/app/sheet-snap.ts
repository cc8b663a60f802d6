import { SHEET_ORDER as ORDER, type SheetPosition } from '../state/ui-store.ts';

/** The sheet's heights on a phone (as in shell.css): a strip with the handle and tabs, half, nearly all the screen. */
export const COLLAPSED_PX = 92;
const FRACTIONS = { half: 0.5, full: 0.88 } as const;
/** A drag this long always moves the sheet on, even when it ends nearer where it started. */
const FLICK_PX = 48;

export const sheetHeight = (position: SheetPosition, viewportPx: number): number =>
  position === 'collapsed' ? COLLAPSED_PX : Math.round(FRACTIONS[position] * viewportPx);

/** Where a drag of the handle from `from` that left the sheet `heightPx` tall (moved by `dyPx`, down > 0) settles. */
export function snapSheet(from: SheetPosition, heightPx: number, dyPx: number, viewportPx: number): SheetPosition {
  const nearest = ORDER.reduce((best, position) =>
    Math.abs(sheetHeight(position, viewportPx) - heightPx) < Math.abs(sheetHeight(best, viewportPx) - heightPx)
      ? position
      : best,
  );
  if (nearest !== from || Math.abs(dyPx) < FLICK_PX) return nearest;
  return stepSheet(from, dyPx < 0 ? 'up' : 'down');
}

/** One position up or down (stays at the ends). */
export function stepSheet(from: SheetPosition, direction: 'up' | 'down'): SheetPosition {
  const i = ORDER.indexOf(from) + (direction === 'up' ? 1 : -1);
  return ORDER[Math.max(0, Math.min(ORDER.length - 1, i))];
}
