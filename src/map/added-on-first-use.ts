/**
 * A layer module's sources and layers, added to the map the first time there is something to draw, once the style is
 * ready. MapLibre does work for every layer on every frame, empty or not (uniform buffers bound per layer: ~250 ms of
 * the main thread while the viewer opened with four empty overlays, in software GL); most sessions never annotate,
 * measure, compare dates or import a portfolio.
 */
export class AddedOnFirstUse {
  private styleReady = false;
  added = false;

  constructor(private readonly add: () => void) {}

  /** The style is ready: adds them at once when there is already something to draw. */
  ready(needed: boolean): void {
    this.styleReady = true;
    this.use(needed);
  }

  /** Adds them when needed and possible; whether they are in the map now. */
  use(needed: boolean): boolean {
    if (!this.added && needed && this.styleReady) {
      // Marked first: adding may draw, which asks again.
      this.added = true;
      this.add();
    }
    return this.added;
  }
}
