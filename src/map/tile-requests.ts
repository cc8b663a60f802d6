import type { RequestTransformFunction } from 'maplibre-gl';
import type { RasterSlot, TileCredentials } from './raster-slot.ts';

/**
 * The one request transform of the page's maps (and their off-screen copies): every tile is reported, and one of a
 * feature's imagery gets the credential its slot's spec carries, at the moment MapLibre asks for it. A refused tile
 * renews that credential once, however many were refused together, and then every imagery's tiles are asked again.
 */
export class TileRequests {
  private readonly slots = new Set<RasterSlot>();
  private readonly renewing = new Set<TileCredentials>();

  constructor(
    private readonly onTile: (url: string) => void,
    private readonly reloadAll: () => void,
  ) {}

  readonly transform: RequestTransformFunction = (url, resourceType) => {
    if (resourceType !== 'Tile') return undefined;
    this.onTile(url);
    for (const slot of this.slots) if (slot.owns(url)) return slot.spec.credentials?.authorize(url);
    return undefined;
  };

  /** A slot whose tiles' requests are authorized by its spec's credentials; returns what forgets it. */
  add(slot: RasterSlot): () => void {
    this.slots.add(slot);
    return () => this.slots.delete(slot);
  }

  refused(slot: RasterSlot): void {
    const credentials = slot.spec.credentials;
    if (!credentials || this.renewing.has(credentials)) return;
    this.renewing.add(credentials);
    credentials
      .renew()
      .then((fresh) => {
        if (fresh) this.reloadAll();
      })
      .catch(() => undefined)
      .finally(() => this.renewing.delete(credentials));
  }
}
