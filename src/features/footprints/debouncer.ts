import type { StoreApi } from 'zustand';

/**
 * Passes on a changing value once it has stayed the same for `ms` (e.g. the rows in view once scrolling
 * rests), skipping values that change again sooner (rows flying past in a fast scroll). The first change
 * is passed on at once: the first rows a list shows are not kept waiting. While held (the list waiting
 * for its next page under a scroll still going), nothing rests: the wait starts again when let go.
 */
export class Debouncer<T> {
  private first = true;
  private held = false;
  private pending: { value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ms: number,
    private readonly passOn: (value: T) => void,
    private readonly afterFrames: (run: () => void) => void = afterTwoFrames,
  ) {}

  changed(value: T): void {
    clearTimeout(this.timer);
    if (this.first) {
      this.first = false;
      this.passOn(value);
      return;
    }
    this.pending = { value };
    this.wait();
  }

  /** Holds the value back (`true`) or lets it rest again (`false`), from then. */
  hold(held: boolean): void {
    if (held === this.held) return;
    this.held = held;
    clearTimeout(this.timer);
    this.wait();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.pending = null;
  }

  private wait(): void {
    const pending = this.pending;
    if (this.held || !pending) return;
    this.timer = setTimeout(
      () =>
        this.afterFrames(() => {
          if (this.pending !== pending || this.held) return;
          this.pending = null;
          this.passOn(pending.value);
        }),
      this.ms,
    );
  }
}

/**
 * A rest is also two drawn frames without a change: on a starved machine a scroll's frames can take longer than `ms`,
 * and the timer would fire between two steps of the same scroll.
 */
function afterTwoFrames(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') run();
  else requestAnimationFrame(() => requestAnimationFrame(run));
}

export interface StoreDebounce {
  /** See `Debouncer.hold`. */
  hold(held: boolean): void;
  stop(): void;
}

/**
 * Passes on a store's `select`ed value through a `Debouncer` as it changes, watching the store directly (no React
 * render per change).
 */
export function debounceStore<S, T>(
  store: StoreApi<S>,
  select: (state: S) => T,
  ms: number,
  passOn: (value: T) => void,
): StoreDebounce {
  const debouncer = new Debouncer<T>(ms, passOn);
  let seen = select(store.getState());
  const off = store.subscribe((state) => {
    const value = select(state);
    if (Object.is(value, seen)) return;
    seen = value;
    debouncer.changed(value);
  });
  return {
    hold: (held) => debouncer.hold(held),
    stop: () => {
      off();
      debouncer.dispose();
    },
  };
}
