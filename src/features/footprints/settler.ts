/**
 * Passes on a changing value once it has stayed the same for `ms` (e.g. the rows in view once scrolling
 * rests). A change after a rest of `ms` or more is passed on at once: the first rows a list shows are not
 * kept waiting, while rows flying past in a fast scroll are skipped.
 */
export class Settler<T> {
  private lastChange = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ms: number,
    private readonly settled: (value: T) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  changed(value: T): void {
    clearTimeout(this.timer);
    const at = this.now();
    const rested = at - this.lastChange >= this.ms;
    this.lastChange = at;
    if (rested) this.settled(value);
    else this.timer = setTimeout(() => this.settled(value), this.ms);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
