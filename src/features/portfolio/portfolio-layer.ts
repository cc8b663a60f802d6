import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import type { ExpressionSpecification, MapGeoJSONFeature } from 'maplibre-gl';
import { RANK_COLOURS } from './portfolio-rows.ts';
import { FONT } from '../../map/basemap-style.ts';
import type { GeoJsonOverlaySpec } from '../../map/geojson-slot.ts';

export const PORTFOLIO_SOURCE = 'portfolio';
export const CHOSEN_SOURCE = 'portfolio-chosen';
const portfolioLayerIds = {
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

const CASING = '#1b1b1b';
const colour = [
  'match',
  ['get', 'rank'],
  ...RANK_COLOURS.slice(0, -1).flatMap((c, i) => [i, c]),
  RANK_COLOURS.at(-1),
] as unknown as ExpressionSpecification;
const clustered: ExpressionSpecification = ['has', 'point_count'];
const radius: ExpressionSpecification = ['step', ['get', 'point_count'], 13, 50, 17, 500, 22];

/**
 * The portfolio's locations as rings coloured by the age of their latest imagery (no fill: the imagery inside keeps
 * its colours), clustered below zoom 13 (a cluster ringed in its newest imagery's colour, with its count), and the
 * chosen location's checked area outlined. A click finds locations and clusters (drawn over all else of the app's).
 */
export const PORTFOLIO_OVERLAY: GeoJsonOverlaySpec = {
  order: 20,
  onTop: true,
  print: { label: 'Portfolio locations' },
  sources: {
    [PORTFOLIO_SOURCE]: {
      byId: true,
      cluster: true,
      clusterMaxZoom: 12,
      clusterRadius: 44,
      clusterProperties: { rank: ['min', ['get', 'rank']] },
    },
    [CHOSEN_SOURCE]: {},
  },
  pointerLayers: [portfolioLayerIds.points, portfolioLayerIds.clusters],
  layers: [
    {
      id: portfolioLayerIds.chosen,
      type: 'line',
      source: CHOSEN_SOURCE,
      paint: { 'line-color': '#ffffff', 'line-width': 2.5, 'line-dasharray': [2, 1.5] },
    },
    {
      id: portfolioLayerIds.clusterCasing,
      type: 'circle',
      source: PORTFOLIO_SOURCE,
      filter: clustered,
      paint: { 'circle-radius': radius, 'circle-opacity': 0, 'circle-stroke-width': 6, 'circle-stroke-color': CASING },
    },
    {
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
    },
    {
      id: portfolioLayerIds.clusterCounts,
      type: 'symbol',
      source: PORTFOLIO_SOURCE,
      filter: clustered,
      layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': FONT, 'text-size': 12 },
      paint: { 'text-color': '#1b1b1b', 'text-halo-color': '#ffffff', 'text-halo-width': 2 },
    },
    {
      id: portfolioLayerIds.pointCasing,
      type: 'circle',
      source: PORTFOLIO_SOURCE,
      filter: ['!', clustered],
      paint: { 'circle-radius': 6, 'circle-opacity': 0, 'circle-stroke-width': 5, 'circle-stroke-color': CASING },
    },
    {
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
    },
  ],
};

/** The location (its id) or the cluster of them that a clicked feature is. */
export function portfolioHit(feature: MapGeoJSONFeature): PortfolioHit {
  const { cluster_id: cluster, id } = feature.properties;
  if (typeof cluster === 'number')
    return { cluster, center: (feature.geometry as Point).coordinates as [number, number] };
  return { location: Number(id) };
}

/** The area checked for the chosen location (its circle or its own polygon) as the outline's data, or none. */
export function chosenData(area: Polygon | MultiPolygon | null): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: area ? [{ type: 'Feature', geometry: area, properties: {} }] : [],
  };
}
