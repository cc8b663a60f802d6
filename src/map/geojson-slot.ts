import type { FeatureCollection } from 'geojson';
import type {
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
import { OVERLAY_SLOTS } from './layer-order.ts';

/** A source's options other than its data; `byId` keeps its features by `properties.id` and sends only changes. */
type OverlaySourceOptions = Partial<Omit<GeoJSONSourceSpecification, 'type' | 'data'>> & { byId?: boolean };

/** What a feature draws over the map: its GeoJSON sources and layers, and its place among the overlays. */
export interface GeoJsonOverlaySpec {
  order: keyof typeof OVERLAY_SLOTS;
  sources: Readonly<Record<string, OverlaySourceOptions>>;
  layers: readonly LayerSpecification[];
  /** Its marks are drawn on a swipe's second map too (they are about the place, not one survey's imagery). */
  mirrored?: boolean;
  /** The layers whose features take clicks (the pointer shows over them). */
  pointerLayers?: readonly string[];
}

/** A click on one of a slot's pointer layers: whether the slot's owner took it (nothing under it then gets it). */
export type OverlayClick = (feature: MapGeoJSONFeature, point: PointLike) => boolean;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * One feature's GeoJSON overlay, beside RasterSlot: its sources and layers go in under its place in the overlays'
 * order the first time there is something to draw, once the style is ready (added-on-first-use.ts); `setData`
 * replaces a source's data, `updateData` sends a by-id source only what changed. The feature holds this handle
 * (SurveyMap.overlay), so a new overlay adds no method to SurveyMap.
 */
export class GeoJsonSlot {
  private readonly wanted = new Map<string, FeatureCollection>();
  /** The by-id sources, which hold their features as sent last. */
  private readonly byIdSources: FeatureSources;
  private readonly layers = new AddedOnFirstUse(() => this.add());
  private click: OverlayClick | null = null;

  constructor(
    private readonly map: MapLibreMap,
    readonly spec: GeoJsonOverlaySpec,
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

  /** What a click on the slot's pointer layers does (one handler; null removes it). */
  onClick(handler: OverlayClick | null): void {
    this.click = handler;
  }

  /** For the map's click handling: offers a click to the handler; whether it was taken. */
  clicked(point: PointLike): boolean {
    const layers = this.spec.pointerLayers;
    if (!this.click || !layers) return false;
    const [feature] = this.featuresAt(point, layers);
    return feature ? this.click(feature, point) : false;
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
    for (const layer of this.spec.layers) this.map.addLayer(layer, OVERLAY_SLOTS[this.spec.order]);
  }
}
