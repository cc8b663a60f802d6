import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import type {
  ExpressionSpecification,
  GeoJSONSource,
  LayerSpecification,
  Map as MapLibreMap,
  PointLike,
} from 'maplibre-gl';
import { RANK_COLOURS } from './portfolio-rows.ts';
import { AddedOnFirstUse } from '../../map/added-on-first-use.ts';
import { FONT } from '../../map/basemap-style.ts';
import { OVERLAY_SLOTS } from '../../map/layer-order.ts';
import type { FeatureSources } from '../../map/feature-sources.ts';

export const PORTFOLIO_SOURCE = 'portfolio';
const CHOSEN_SOURCE = 'portfolio-chosen';
export const portfolioLayerIds = {
  clusterCasing: 'portfolio-cluster-casing',
  clusters: 'portfolio-clusters',
  clusterCounts: 'portfolio-cluster-counts',
  pointCasing: 'portfolio-point-casing',
  points: 'portfolio-points',
  chosen: 'portfolio-chosen',
} as const;

/**
 * A portfolio's locations (id: the location's, as text), each with the rank of its colour (RANK_COLOURS); a cluster
 * takes its best rank. Keep each location's geometry object from one call to the next: only changed ranks are sent.
 */
export type PortfolioFeature = Feature<Point, { id: string; rank: number }>;

export type PortfolioHit = { location: number } | { cluster: number; center: [number, number] };

/** The layers a click or the pointer finds locations and clusters on. */
export const PORTFOLIO_TARGETS = [portfolioLayerIds.points, portfolioLayerIds.clusters];

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const CASING = '#1b1b1b';

/**
 * The portfolio's locations as rings coloured by the age of their latest imagery (no fill: the imagery inside keeps
 * its colours), clustered below zoom 13 (a cluster ringed in its newest imagery's colour, with its count), and the
 * chosen location's checked area outlined.
 */
export class PortfolioLayer {
  private wanted: readonly PortfolioFeature[] = [];
  private chosen: Polygon | MultiPolygon | null = null;
  private readonly layers = new AddedOnFirstUse(() => this.addLayers());

  constructor(
    private readonly map: MapLibreMap,
    private readonly sources: FeatureSources,
  ) {}

  /** The style is ready (the source and layers go in once there is something to draw). */
  install(): void {
    this.layers.ready(this.wanted.length > 0 || this.chosen !== null);
  }

  private addLayers(): void {
    const add = (layer: LayerSpecification) => this.map.addLayer(layer, OVERLAY_SLOTS.portfolio);
    const colour = [
      'match',
      ['get', 'rank'],
      ...RANK_COLOURS.slice(0, -1).flatMap((c, i) => [i, c]),
      RANK_COLOURS.at(-1),
    ] as unknown as ExpressionSpecification;
    this.sources.add(PORTFOLIO_SOURCE, {
      cluster: true,
      clusterMaxZoom: 12,
      clusterRadius: 44,
      clusterProperties: { rank: ['min', ['get', 'rank']] },
    });
    this.map.addSource(CHOSEN_SOURCE, { type: 'geojson', data: this.chosenData() });
    const clustered: ExpressionSpecification = ['has', 'point_count'];
    const radius: ExpressionSpecification = ['step', ['get', 'point_count'], 13, 50, 17, 500, 22];
    add({
      id: portfolioLayerIds.chosen,
      type: 'line',
      source: CHOSEN_SOURCE,
      paint: { 'line-color': '#ffffff', 'line-width': 2.5, 'line-dasharray': [2, 1.5] },
    });
    add({
      id: portfolioLayerIds.clusterCasing,
      type: 'circle',
      source: PORTFOLIO_SOURCE,
      filter: clustered,
      paint: { 'circle-radius': radius, 'circle-opacity': 0, 'circle-stroke-width': 6, 'circle-stroke-color': CASING },
    });
    add({
      id: portfolioLayerIds.clusters,
      type: 'circle',
      source: PORTFOLIO_SOURCE,
      filter: clustered,
      paint: {
        'circle-radius': radius,
        'circle-opacity': 0,
        'circle-stroke-width': 3.5,
        'circle-stroke-color': colour,
      },
    });
    add({
      id: portfolioLayerIds.clusterCounts,
      type: 'symbol',
      source: PORTFOLIO_SOURCE,
      filter: clustered,
      layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': FONT, 'text-size': 12 },
      paint: { 'text-color': '#1b1b1b', 'text-halo-color': '#ffffff', 'text-halo-width': 2 },
    });
    add({
      id: portfolioLayerIds.pointCasing,
      type: 'circle',
      source: PORTFOLIO_SOURCE,
      filter: ['!', clustered],
      paint: { 'circle-radius': 6, 'circle-opacity': 0, 'circle-stroke-width': 5, 'circle-stroke-color': CASING },
    });
    add({
      id: portfolioLayerIds.points,
      type: 'circle',
      source: PORTFOLIO_SOURCE,
      filter: ['!', clustered],
      paint: {
        'circle-radius': 6,
        'circle-opacity': 0,
        'circle-stroke-width': 2.5,
        'circle-stroke-color': colour,
      },
    });
    this.sources.send(PORTFOLIO_SOURCE, this.wanted);
  }

  private chosenData(): FeatureCollection {
    return this.chosen
      ? { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: this.chosen, properties: {} }] }
      : EMPTY;
  }

  /** The locations (none: an empty list); only what changed since the last call is sent to MapLibre's worker. */
  show(features: readonly PortfolioFeature[]): void {
    this.wanted = features;
    if (this.layers.added) this.sources.send(PORTFOLIO_SOURCE, features);
    else this.layers.use(features.length > 0);
  }

  /** The location (its id) or the cluster of them under a point, if any. */
  hitAt(point: PointLike): PortfolioHit | null {
    if (!this.layers.added) return null;
    const [hit] = this.map.queryRenderedFeatures(point, { layers: PORTFOLIO_TARGETS });
    if (!hit) return null;
    const { cluster_id: cluster, id } = hit.properties;
    if (typeof cluster === 'number')
      return { cluster, center: (hit.geometry as Point).coordinates as [number, number] };
    return { location: Number(id) };
  }

  /** Zooms in on a cluster as far as it takes to split it. */
  async expandCluster(cluster: number, center: [number, number]): Promise<void> {
    const source = this.map.getSource<GeoJSONSource>(PORTFOLIO_SOURCE);
    if (!source) return;
    this.map.easeTo({ center, zoom: await source.getClusterExpansionZoom(cluster) });
  }

  /** Outlines the area checked for the chosen location (its circle or its own polygon), or none. */
  showChosen(area: Polygon | MultiPolygon | null): void {
    this.chosen = area;
    if (this.layers.added) void this.map.getSource<GeoJSONSource>(CHOSEN_SOURCE)?.setData(this.chosenData());
    else this.layers.use(area !== null);
  }
}
