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
