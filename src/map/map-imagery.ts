import type { ErrorEvent, Map as MapLibreMap } from 'maplibre-gl';
import type { LayerOrder } from './layer-order.ts';
import type { PrintLabel } from './print-style.ts';
import { type ImagerySpec, RasterSlot } from './raster-slot.ts';
import type { TileRequests } from './tile-requests.ts';

/**
 * The page's map's imagery, one raster slot per feature's spec (`surveyMap.imagery`): while one is drawn alone, or
 * maps beside cover this one, the others are hidden, so that no tile is asked for that nobody sees.
 */
export class MapImagery {
  private readonly slots = new Map<string, RasterSlot>();
  private ready = false;
  private covered = false;

  constructor(
    private readonly map: MapLibreMap,
    private readonly order: LayerOrder,
    private readonly requests: TileRequests,
  ) {}

  /** The slot of this spec's source (the same handle for the same source; its spec as given last). */
  slot(spec: ImagerySpec): RasterSlot {
    const held = this.slots.get(spec.ids.source);
    if (held) {
      held.spec = spec;
      return held;
    }
    const slot = new RasterSlot(this.map, spec, {
      order: this.order,
      refused: (refused) => this.requests.refused(refused),
      shown: () => this.hideAsNeeded(),
    });
    this.slots.set(spec.ids.source, slot);
    this.requests.add(slot);
    this.hideAsNeeded();
    if (this.ready) slot.install();
    return slot;
  }

  /** The style is ready: every slot goes in as last asked. */
  install(): void {
    this.ready = true;
    for (const slot of this.slots.values()) slot.install();
  }

  /** Whether maps beside this one cover it. */
  setCovered(covered: boolean): void {
    this.covered = covered;
    this.hideAsNeeded();
  }

  /** How a print names a source's imagery, when its spec says. */
  labelOf(sourceId: string): PrintLabel | undefined {
    return this.slots.get(sourceId)?.spec.print;
  }

  reload(): void {
    for (const slot of this.slots.values()) slot.reload();
  }

  tileFailed(event: ErrorEvent): void {
    for (const slot of this.slots.values()) slot.tileFailed(event);
  }

  networkRestored(): void {
    for (const slot of this.slots.values()) slot.networkRestored();
  }

  destroy(): void {
    for (const slot of this.slots.values()) slot.destroy();
  }

  private hideAsNeeded(): void {
    const alone = [...this.slots.values()].some((slot) => slot.shownAlone);
    for (const slot of this.slots.values()) slot.setHidden(this.covered || (alone && !slot.shownAlone));
  }
}
