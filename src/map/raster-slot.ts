import type {
  ErrorEvent,
  Map as MapLibreMap,
  RasterLayerSpecification,
  RasterSourceSpecification,
  RasterTileSource,
} from 'maplibre-gl';
import { TileRetrier, type TileErrorEvent } from './tile-retry.ts';

/** What a raster slot draws: its source, and its layer without the ids the slot owns. */
export interface RasterSpec {
  source: RasterSourceSpecification;
  layer: Pick<RasterLayerSpecification, 'layout' | 'paint' | 'minzoom' | 'maxzoom'>;
}

export interface RasterSlotOptions {
  sourceId: string;
  layerId: string;
  /** Layer ids to insert under, first present wins; on top when none is. */
  below: () => readonly string[];
  /** A tile of this slot was refused (401): the credential needs renewing. */
  onUnauthorized?: () => void;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Properties set in either and not the same in both (one removed is set back to its default). */
function changedKeys<T extends object>(now: T = {} as T, before: T = {} as T): (keyof T)[] {
  const keys = new Set([...Object.keys(now), ...Object.keys(before)] as (keyof T)[]);
  return [...keys].filter((key) => !same(now[key], before[key]));
}

/**
 * One raster source and its layer, kept as asked: a new source (another survey, bounds or zoom range)
 * replaces both, a change of paint or layout alone is sent as property changes, keeping the tiles that
 * are loaded (as react-map-gl's Layer and Source components do). Tiles that fail with a 5xx, a 429 or
 * no answer are asked for again (MapLibre never retries a tile).
 */
export class RasterSlot {
  private wanted: RasterSpec | null = null;
  /** What the map holds, once the style is ready. */
  private drawn: RasterSpec | null = null;
  private ready = false;
  private readonly retrier: TileRetrier;

  constructor(
    private readonly map: MapLibreMap,
    private readonly options: RasterSlotOptions,
  ) {
    this.retrier = new TileRetrier(options.sourceId, () => this.reload());
  }

  get sourceId(): string {
    return this.options.sourceId;
  }

  get layerId(): string {
    return this.options.layerId;
  }

  show(spec: RasterSpec | null): void {
    this.wanted = spec;
    if (this.ready) this.apply();
  }

  /** The style is ready (again, after it was replaced): the layer goes in as last asked. */
  install(): void {
    this.ready = true;
    this.drawn = null;
    this.apply();
  }

  /** Asks for every tile in view again (e.g. after the credential was renewed); loaded ones come from the cache. */
  reload(): void {
    const source = this.ready ? this.map.getSource<RasterTileSource>(this.options.sourceId) : undefined;
    if (source && this.drawn?.source.tiles) source.setTiles(this.drawn.source.tiles);
  }

  /** Feed every map `error` event here. */
  tileFailed(event: ErrorEvent & TileErrorEvent): void {
    if (event.sourceId !== this.options.sourceId) return;
    if (event.error?.status === 401) this.options.onUnauthorized?.();
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
    const { wanted, drawn } = this;
    if (wanted && drawn && same(wanted.source, drawn.source) && this.map.getLayer(this.options.layerId)) {
      this.update(wanted, drawn);
    } else {
      this.replace(wanted);
    }
    this.drawn = wanted;
  }

  private replace(next: RasterSpec | null): void {
    const { sourceId, layerId } = this.options;
    this.retrier.reset();
    if (this.map.getLayer(layerId)) this.map.removeLayer(layerId);
    if (this.map.getSource(sourceId)) this.map.removeSource(sourceId);
    if (!next) return;
    this.map.addSource(sourceId, next.source);
    const before = this.options.below().find((id) => this.map.getLayer(id));
    this.map.addLayer({ ...next.layer, id: layerId, type: 'raster', source: sourceId }, before);
  }

  private update(next: RasterSpec, previous: RasterSpec): void {
    const id = this.options.layerId;
    for (const key of changedKeys(next.layer.paint, previous.layer.paint))
      this.map.setPaintProperty(id, key, next.layer.paint?.[key]);
    for (const key of changedKeys(next.layer.layout, previous.layer.layout))
      this.map.setLayoutProperty(id, key, next.layer.layout?.[key]);
    if (next.layer.minzoom !== previous.layer.minzoom || next.layer.maxzoom !== previous.layer.maxzoom)
      this.map.setLayerZoomRange(id, next.layer.minzoom ?? 0, next.layer.maxzoom ?? 24);
  }
}
