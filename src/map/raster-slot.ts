import type {
  ErrorEvent,
  Map as MapLibreMap,
  RasterLayerSpecification,
  RasterSourceSpecification,
  RasterTileSource,
  RequestParameters,
} from 'maplibre-gl';
import type { LayerOrder } from './layer-order.ts';
import type { PrintLabel } from './print-style.ts';
import { TileRetrier, type TileErrorEvent } from './tile-retry.ts';

/** What a raster slot draws: its source, and its layer without the ids the slot owns. */
export interface RasterSpec {
  source: RasterSourceSpecification;
  layer: Pick<RasterLayerSpecification, 'layout' | 'paint' | 'minzoom' | 'maxzoom'>;
}

/** How a slot's tile requests prove who asks: added at the moment MapLibre makes each, renewed after a 401. */
export interface TileCredentials {
  authorize(url: string): RequestParameters | undefined;
  /** Whether a fresh credential was had: every raster's tiles are then asked for again. */
  renew(): Promise<boolean>;
}

/** What a feature's imagery is on the map: its ids, its place, its credentials and how other imagery treats it. */
export interface ImagerySpec {
  ids: { source: string; layer: string };
  /** Its place among the imagery, bottom to top. */
  order: number;
  /** 'cover': over the outlines too, as a second map over this one would be. */
  band?: 'imagery' | 'cover';
  /** While it is drawn, the map's other imagery is not (it shows its survey alone). */
  alone?: boolean;
  /** Hidden (by imagery drawn alone, or maps beside covering this one), its layer stays, hidden, with its tiles. */
  keepTiles?: boolean;
  /** How a print names it, when the user may leave it out. */
  print?: PrintLabel;
  credentials?: TileCredentials;
}

/** What a slot needs of the map it is on. */
export interface RasterHost {
  order: LayerOrder;
  /** A tile of the slot was refused (401). */
  refused(slot: RasterSlot): void;
  /** It was asked to draw something else (or nothing). */
  shown?(slot: RasterSlot): void;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Properties set in either and not the same in both (one removed is set back to its default). */
function changedKeys<T extends object>(now: T = {} as T, before: T = {} as T): (keyof T)[] {
  const keys = new Set([...Object.keys(now), ...Object.keys(before)] as (keyof T)[]);
  return [...keys].filter((key) => !same(now[key], before[key]));
}

const hiddenLayer = (raster: RasterSpec): RasterSpec => ({
  ...raster,
  layer: { ...raster.layer, layout: { ...raster.layer.layout, visibility: 'none' } },
});

/** The part of a tile template before its first placeholder: every tile URL of it starts so. */
function templatePrefix(template: string): string {
  const placeholder = template.indexOf('{');
  return placeholder < 0 ? template : template.slice(0, placeholder);
}

/**
 * One raster source and its layer (a feature's imagery: `surveyMap.imagery(spec)`), kept as asked: a new source
 * (another survey, bounds or zoom range) replaces both, a change of paint or layout alone is sent as property changes,
 * keeping the tiles that are loaded (as react-map-gl's Layer and Source components do). Tiles that fail with a 5xx, a
 * 429 or no answer are asked for again (MapLibre never retries a tile).
 */
export class RasterSlot {
  private wanted: RasterSpec | null = null;
  /** What the map holds, once the style is ready. */
  private drawn: RasterSpec | null = null;
  private ready = false;
  private hidden = false;
  private readonly retrier: TileRetrier;

  constructor(
    private readonly map: MapLibreMap,
    public spec: ImagerySpec,
    private readonly host: RasterHost,
  ) {
    this.retrier = new TileRetrier(spec.ids.source, () => this.reload());
  }

  /** Draws this imagery, or none. */
  show(raster: RasterSpec | null): void {
    this.wanted = raster;
    if (this.ready) this.apply();
    this.host.shown?.(this);
  }

  /** Whether it is drawn alone now (the map's other imagery hidden meanwhile). */
  get shownAlone(): boolean {
    return this.spec.alone === true && this.wanted !== null;
  }

  /** Hidden by the map (imagery drawn alone, maps beside covering it): kept as asked, drawn when shown again. */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    if (this.ready) this.apply();
  }

  /** Whether a tile URL is one of the imagery drawn now. */
  owns(url: string): boolean {
    return this.drawn?.source.tiles?.some((template) => url.startsWith(templatePrefix(template))) ?? false;
  }

  /** The style is ready (again, after it was replaced): the layer goes in as last asked. */
  install(): void {
    this.ready = true;
    this.drawn = null;
    this.apply();
  }

  /** Asks for every tile in view again (e.g. after the credential was renewed); loaded ones come from the cache. */
  reload(): void {
    const source = this.ready ? this.map.getSource<RasterTileSource>(this.spec.ids.source) : undefined;
    if (source && this.drawn?.source.tiles) source.setTiles(this.drawn.source.tiles);
  }

  /** Feed every map `error` event here. */
  tileFailed(event: ErrorEvent & TileErrorEvent): void {
    if (event.sourceId !== this.spec.ids.source) return;
    if (event.error?.status === 401) this.host.refused(this);
    this.retrier.tileFailed(event);
  }

  networkRestored(): void {
    this.retrier.networkRestored();
  }

  destroy(): void {
    this.retrier.reset();
    this.ready = false;
  }

  private apply(): void {
    const { drawn } = this;
    const wanted = !this.hidden || !this.wanted ? this.wanted : this.spec.keepTiles ? hiddenLayer(this.wanted) : null;
    if (wanted && drawn && same(wanted.source, drawn.source) && this.map.getLayer(this.spec.ids.layer)) {
      this.update(wanted, drawn);
    } else {
      this.replace(wanted);
    }
    this.drawn = wanted;
  }

  private replace(next: RasterSpec | null): void {
    const { source, layer } = this.spec.ids;
    this.retrier.reset();
    this.host.order.remove(layer);
    if (this.map.getSource(source)) this.map.removeSource(source);
    if (!next) return;
    this.map.addSource(source, next.source);
    this.host.order.add(
      { ...next.layer, id: layer, type: 'raster', source },
      { band: this.spec.band ?? 'imagery', order: this.spec.order },
    );
  }

  private update(next: RasterSpec, previous: RasterSpec): void {
    const id = this.spec.ids.layer;
    for (const key of changedKeys(next.layer.paint, previous.layer.paint))
      this.map.setPaintProperty(id, key, next.layer.paint?.[key]);
    for (const key of changedKeys(next.layer.layout, previous.layer.layout))
      this.map.setLayoutProperty(id, key, next.layer.layout?.[key]);
    if (next.layer.minzoom !== previous.layer.minzoom || next.layer.maxzoom !== previous.layer.maxzoom)
      this.map.setLayerZoomRange(id, next.layer.minzoom ?? 0, next.layer.maxzoom ?? 24);
  }
}
