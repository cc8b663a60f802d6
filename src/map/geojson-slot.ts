import type { FeatureCollection } from 'geojson';
import type {
  FilterSpecification,
  GeoJSONSource,
  GeoJSONSourceSpecification,
  LayerSpecification,
  MapGeoJSONFeature,
  Map as MapLibreMap,
  PointLike,
} from 'maplibre-gl';
import { AddedOnFirstUse } from './added-on-first-use.ts';
import type { IdFeature } from './feature-diff.ts';
import { FeatureSources } from './feature-sources.ts';
import { bandOf, type LayerOrder } from './layer-order.ts';
import type { PrintLabel } from './print-style.ts';

/** A source's options other than its data; `byId` keeps its features by `properties.id` and sends only changes. */
type OverlaySourceOptions = Partial<Omit<GeoJSONSourceSpecification, 'type' | 'data'>> & { byId?: boolean };

/** What a feature draws over the map: its GeoJSON sources and layers, and their place. */
export interface GeoJsonOverlaySpec {
  /** Its place among the app's marks, bottom to top: each layer in its band (fills, lines, points) by this order. */
  order: number;
  /** A layer's own order, where it is not the slot's (its marks interleave with another slot's). */
  layerOrders?: Readonly<Record<string, number>>;
  /** Every layer on top of all else, whatever its kind (the user's own marks). */
  onTop?: boolean;
  sources: Readonly<Record<string, OverlaySourceOptions>>;
  layers: readonly LayerSpecification[];
  /** Its marks are drawn on a swipe's second map too (they are about the place, not one survey's imagery). */
  mirrored?: boolean;
  /** The layers whose features take the pointer (it shows over them) and the slot's hover and clicks. */
  pointerLayers?: readonly string[];
  /** How a print names its marks, which the user may leave out. */
  print?: PrintLabel;
}

/**
 * A click on the map while the slot's layers are there: the feature of its pointer layers under it, or null (beside
 * them). Whether the slot's owner took it (nothing under it then gets it).
 */
export type OverlayClick = (feature: MapGeoJSONFeature | null, point: PointLike) => boolean;
/** The pointer over a feature of the slot's pointer layers, or off them (null). */
export type OverlayHover = (feature: MapGeoJSONFeature | null, point: PointLike | null) => void;

/** Paint, layout and filter set on one of a slot's layers after its spec. */
interface LayerStyle {
  paint?: Record<string, unknown>;
  layout?: Record<string, unknown>;
  filter?: FilterSpecification;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * One feature's GeoJSON overlay, beside RasterSlot: its sources and layers go in, each layer at its place, the first
 * time there is something to draw, once the style is ready (added-on-first-use.ts); `setData` replaces a source's data,
 * `updateData` sends a by-id source only what changed, `restyle` changes a layer's paint, layout or filter (kept for
 * when the layers go in). The feature holds this handle (SurveyMap.overlay), so a new overlay adds no method to
 * SurveyMap.
 */
export class GeoJsonSlot {
  private readonly wanted = new Map<string, FeatureCollection>();
  /** The by-id sources, which hold their features as sent last. */
  private readonly byIdSources: FeatureSources;
  private readonly layers = new AddedOnFirstUse(() => this.add());
  private readonly styles = new Map<string, LayerStyle>();
  private click: OverlayClick | null = null;
  private hover: OverlayHover | null = null;

  constructor(
    private readonly map: MapLibreMap,
    readonly spec: GeoJsonOverlaySpec,
    private readonly order: LayerOrder,
  ) {
    this.byIdSources = new FeatureSources(map);
  }

  /** The style is ready: the sources and layers go in at once if there is already something to draw. */
  install(): void {
    this.layers.ready(this.hasSomethingToDraw());
  }

  /** Whether its sources and layers are on the map. */
  get added(): boolean {
    return this.layers.added;
  }

  get sourceIds(): string[] {
    return Object.keys(this.spec.sources);
  }

  /** Replaces a source's features. */
  setData(sourceId: string, data: FeatureCollection): void {
    this.wanted.set(sourceId, data);
    if (this.layers.added) void this.map.getSource<GeoJSONSource>(sourceId)?.setData(data);
    else this.layers.use(this.hasSomethingToDraw());
  }

  /** A by-id source's features: only what changed since the last call is sent to MapLibre's worker. */
  updateData(sourceId: string, features: readonly IdFeature[]): void {
    this.wanted.set(sourceId, { type: 'FeatureCollection', features: features as IdFeature[] });
    if (this.layers.added) this.byIdSources.send(sourceId, features);
    else this.layers.use(this.hasSomethingToDraw());
  }

  /** The feature with this id that a by-id source holds as drawn, if any. */
  feature(sourceId: string, id: string): IdFeature | undefined {
    return this.byIdSources.feature(sourceId, id);
  }

  /** Ids of the features a by-id source holds as drawn. */
  ids(sourceId: string): IterableIterator<string> {
    return this.byIdSources.ids(sourceId);
  }

  /** Changes some of a layer's paint and layout properties or its filter, now or when the layers go in. */
  restyle(layerId: string, { paint = {}, layout = {}, filter }: LayerStyle): void {
    const kept = this.styles.get(layerId) ?? {};
    this.styles.set(layerId, {
      paint: { ...kept.paint, ...paint },
      layout: { ...kept.layout, ...layout },
      filter: filter ?? kept.filter,
    });
    if (!this.layers.added) return;
    for (const [key, value] of Object.entries(paint)) this.map.setPaintProperty(layerId, key as never, value as never);
    for (const [key, value] of Object.entries(layout))
      this.map.setLayoutProperty(layerId, key as never, value as never);
    if (filter) this.map.setFilter(layerId, filter);
  }

  /** A feature's state (e.g. `hover`, which its paint reads), once the layers are there. */
  setFeatureState(sourceId: string, id: string, state: Record<string, unknown>): void {
    if (this.layers.added) this.map.setFeatureState({ source: sourceId, id }, state);
  }

  /** The features of these layers (all of the slot's by default) under a point; none before the layers are added. */
  featuresAt(point: PointLike, layers: readonly string[] = this.spec.layers.map((l) => l.id)): MapGeoJSONFeature[] {
    if (!this.layers.added) return [];
    return this.map.queryRenderedFeatures(point, { layers: [...layers] });
  }

  /** Zooms in on a cluster of a clustered source as far as it takes to split it. */
  async expandCluster(sourceId: string, cluster: number, center: [number, number]): Promise<void> {
    const source = this.map.getSource<GeoJSONSource>(sourceId);
    if (!source) return;
    this.map.easeTo({ center, zoom: await source.getClusterExpansionZoom(cluster) });
  }

  /** What a click does while the slot's layers are there (one handler; null removes it). */
  onClick(handler: OverlayClick | null): void {
    this.click = handler;
  }

  /** What the pointer over the slot's pointer layers does (one handler; null removes it). */
  onHover(handler: OverlayHover | null): void {
    this.hover = handler;
  }

  /** For the map's click handling: offers a click to the handler; whether it was taken. */
  clicked(point: PointLike): boolean {
    if (!this.click || !this.layers.added) return false;
    const layers = this.spec.pointerLayers;
    const [feature] = layers ? this.featuresAt(point, layers) : [];
    return this.click(feature ?? null, point);
  }

  /** For the map's pointer handling: the feature under the pointer, or none. */
  hovered(feature: MapGeoJSONFeature | null, point: PointLike | null): void {
    if (this.layers.added) this.hover?.(feature, point);
  }

  private hasSomethingToDraw(): boolean {
    return [...this.wanted.values()].some((data) => data.features.length > 0);
  }

  /** Each source goes in with the features it has, not empty and then filled (a second round trip to the worker). */
  private add(): void {
    for (const [id, { byId, ...options }] of Object.entries(this.spec.sources)) {
      const data = this.wanted.get(id) ?? EMPTY;
      if (byId) this.byIdSources.add(id, options, data.features as IdFeature[]);
      else this.map.addSource(id, { ...options, type: 'geojson', data });
    }
    const { onTop, order, layerOrders = {} } = this.spec;
    this.spec.layers.forEach((layer, index) => {
      const style = this.styles.get(layer.id);
      const styled = style
        ? ({
            ...layer,
            paint: { ...(layer as { paint?: object }).paint, ...style.paint },
            layout: { ...layer.layout, ...style.layout },
            ...(style.filter ? { filter: style.filter } : {}),
          } as LayerSpecification)
        : layer;
      this.order.add(styled, { band: onTop ? 'top' : bandOf(layer), order: layerOrders[layer.id] ?? order, index });
    });
  }
}
