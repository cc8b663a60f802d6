import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { compareStore, useCompare } from '../../state/compare-store.ts';

const STEP = 0.02;
const PAGE = 0.1;

/** Where a key moves the divider to, or null for keys it ignores. */
function swipeKeyTarget(key: string, position: number): number | null {
  const moves: Record<string, number> = {
    ArrowLeft: position - STEP,
    ArrowDown: position - STEP,
    ArrowRight: position + STEP,
    ArrowUp: position + STEP,
    PageDown: position - PAGE,
    PageUp: position + PAGE,
    Home: 0,
    End: 1,
  };
  return key in moves ? Math.min(1, Math.max(0, moves[key])) : null;
}

/** The swipe's divider over the map: A left of it, B right. Dragged with the pointer or moved by keys. */
export function SwipeDivider() {
  const swipe = useCompare((s) => s.swipe);
  const dragging = useRef(false);
  const percent = Math.round(swipe * 100);

  const moveTo = (event: PointerEvent<HTMLElement>) => {
    const pane = event.currentTarget.closest('.swipe-divider')?.parentElement;
    if (!pane) return;
    const rect = pane.getBoundingClientRect();
    compareStore.getState().swipeMoved((event.clientX - rect.left) / rect.width);
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = true;
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (dragging.current) moveTo(event);
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    dragging.current = false;
    event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = swipeKeyTarget(event.key, swipe);
    if (target === null) return;
    event.preventDefault();
    compareStore.getState().swipeMoved(target);
  };

  return (
    <div className="swipe-divider" style={{ left: `${swipe * 100}%` }}>
      <span className="swipe-divider__label swipe-divider__label--a" aria-hidden="true">
        A
      </span>
      <span className="swipe-divider__label swipe-divider__label--b" aria-hidden="true">
        B
      </span>
      <div
        className="swipe-divider__handle"
        role="slider"
        tabIndex={0}
        aria-label="Swipe divider between A (left) and B (right)"
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% of the map shows A`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <span className="swipe-divider__knob" aria-hidden="true">
          ⟷
        </span>
      </div>
    </div>
  );
}
