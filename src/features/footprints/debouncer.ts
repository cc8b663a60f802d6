import type { StoreApi } from 'zustand';

/**
 * Passes on a changing value once it has stayed the same for `ms` (e.g. the rows in view once scrolling
 * rests), skipping values that change again sooner (rows flying past in a fast scroll). The first change
 * is passed on at once: the first rows a list shows are not kept waiting.
 */
export class Debouncer<T> {
  private first = true;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ms: number,
    private readonly passOn: (value: T) => void,
  ) {}

  changed(value: T): void {
    clearTimeout(this.timer);
    if (this.first) {
      this.first = false;
      this.passOn(value);
    } else {
      this.timer = setTimeout(() => this.passOn(value), this.ms);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

/**
 * Passes on a store's `select`ed value through a `Debouncer` as it changes, watching the store directly (no React
 * render per change); returns what stops it.
 */
export function debounceStore<S, T>(
  store: StoreApi<S>,
  select: (state: S) => T,
  ms: number,
  passOn: (value: T) => void,
): () => void {
  const debouncer = new Debouncer<T>(ms, passOn);
  let seen = select(store.getState());
  const off = store.subscribe((state) => {
    const value = select(state);
    if (Object.is(value, seen)) return;
    seen = value;
    debouncer.changed(value);
  });
  return () => {
    off();
    debouncer.dispose();
  };
}
