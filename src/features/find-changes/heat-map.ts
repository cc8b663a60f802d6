/**
 * The heat map over the area: each changed cell a coloured ring (its colour the cell's score), each cell that could
 * not be compared crossed by a diagonal, so that neighbouring ones read as hatching. Lines only, over imagery.
 */
import type { FeatureCollection, MultiLineString, MultiPolygon, Position } from 'geojson';
import { extentPolygon } from '../../../core/geo/geometry.ts';
import { latOfTileY, lonOfTileX } from '../../../core/geo/tile-address.ts';
import type { IdFeature } from '../../map/feature-diff.ts';
import type { GeoJsonOverlaySpec } from '../../map/geojson-slot.ts';
import { CELL_GRID, type ChangePair, type ChangeResults, OBSCURED, PAIR_STATUS } from '../change/index.ts';
import { CHANGED_CELL } from './change-spots.ts';

/** The score classes of a changed cell, from the cell score byte (128: at the threshold, 255: twice it). */
export const HEAT_LEVELS = [
  { level: 1, from: CHANGED_CELL, colour: '#ffd21f', label: 'Changed: past the threshold' },
  { level: 2, from: 170, colour: '#ff7b00', label: 'More changed: past 1⅓ times the threshold' },
  { level: 3, from: 212, colour: '#ff2e88', label: 'Most changed: past 1⅔ times the threshold' },
] as const;
export const HATCH_COLOUR = '#4fa3ff';
export const HATCH_LABEL = 'Not compared (hatched): cloud, cloud shadow or no imagery in either capture';

export const HEAT_MAP_SOURCE = 'find-changes';

export const HEAT_MAP_OVERLAY: GeoJsonOverlaySpec = {
  // Over all else of the app's, between the updated tiles and the portfolio's locations.
  order: 15,
  onTop: true,
  print: { label: 'Change heat map' },
  // By id: while a run goes on, the map is sent only the tiles ended since it was last drawn.
  sources: { [HEAT_MAP_SOURCE]: { byId: true } },
  // Its marks are about the place: the swipe at a spot shows them over both captures.
  mirrored: true,
  layers: [
    {
      id: 'find-changes-hatch',
      type: 'line',
      source: HEAT_MAP_SOURCE,
      filter: ['==', ['get', 'kind'], 'obscured'],
      paint: { 'line-color': HATCH_COLOUR, 'line-width': 1.2 },
    },
    {
      id: 'find-changes-casing',
      type: 'line',
      source: HEAT_MAP_SOURCE,
      filter: ['==', ['get', 'kind'], 'changed'],
      paint: { 'line-color': '#1b1b1b', 'line-width': 3, 'line-opacity': 0.7 },
    },
    {
      id: 'find-changes-cells',
      type: 'line',
      source: HEAT_MAP_SOURCE,
      filter: ['==', ['get', 'kind'], 'changed'],
      paint: {
        'line-color': [
          'match',
          ['get', 'level'],
          3,
          HEAT_LEVELS[2].colour,
          2,
          HEAT_LEVELS[1].colour,
          HEAT_LEVELS[0].colour,
        ],
        'line-width': 1.5,
      },
    },
  ],
};

/** The class of a cell score byte (0: not changed). */
export function levelOf(score: number): number {
  let level = 0;
  for (const heat of HEAT_LEVELS) if (score >= heat.from) level = heat.level;
  return level;
}

/** Inset of a cell's ring, as a share of the cell: neighbouring rings stay apart. */
const INSET = 0.12;

function tileGeometry({ z, x, y }: ChangePair) {
  const lon = (cx: number) => lonOfTileX(x + cx / CELL_GRID, z);
  const lat = (cy: number) => latOfTileY(y + cy / CELL_GRID, z);
  return {
    ring(c: number): Position[][] {
      const cx = c % CELL_GRID;
      const cy = (c - cx) / CELL_GRID;
      return extentPolygon([lon(cx + INSET), lat(cy + 1 - INSET), lon(cx + 1 - INSET), lat(cy + INSET)]).coordinates;
    },
    diagonal(c: number): Position[] {
      const cx = c % CELL_GRID;
      const cy = (c - cx) / CELL_GRID;
      return [
        [lon(cx), lat(cy + 1)],
        [lon(cx + 1), lat(cy)],
      ];
    },
  };
}

type HeatFeature = IdFeature<MultiPolygon | MultiLineString>;

/**
 * One tile's features (none while it is pending): a ring set per score class, and the diagonals of its cells not
 * compared; each with an id of its own (pair index, kind and class).
 */
export function tileFeatures(results: ChangeResults, i: number, pair: ChangePair): HeatFeature[] {
  const status = results.status[i];
  const geometry = tileGeometry(pair);
  const all = Array.from({ length: CELL_GRID * CELL_GRID }, (_, c) => c);
  if (status === PAIR_STATUS.noImagery || status === PAIR_STATUS.failed) {
    const lines = all.map(geometry.diagonal);
    return [
      {
        type: 'Feature',
        properties: { id: `${i}-obscured`, kind: 'obscured' },
        geometry: { type: 'MultiLineString', coordinates: lines },
      },
    ];
  }
  if (status !== PAIR_STATUS.scored) return [];
  const scores = results.cellScores(i);
  const obscured = results.obscuredCells(i);
  const rings: Position[][][][] = HEAT_LEVELS.map(() => []);
  const diagonals: Position[][] = [];
  for (const c of all) {
    if (obscured[c] !== OBSCURED.clear) diagonals.push(geometry.diagonal(c));
    else if (scores[c] >= CHANGED_CELL) rings[levelOf(scores[c]) - 1].push(geometry.ring(c));
  }
  const features: HeatFeature[] = rings.flatMap((coordinates, k) =>
    coordinates.length > 0
      ? [
          {
            type: 'Feature' as const,
            properties: { id: `${i}-changed-${k + 1}`, kind: 'changed', level: k + 1 },
            geometry: { type: 'MultiPolygon' as const, coordinates },
          },
        ]
      : [],
  );
  if (diagonals.length > 0)
    features.push({
      type: 'Feature',
      properties: { id: `${i}-obscured`, kind: 'obscured' },
      geometry: { type: 'MultiLineString', coordinates: diagonals },
    });
  return features;
}

/** The heat map of a run (so far): the tiles ended, each as its features. */
export function heatMapFeatures(results: ChangeResults, pairs: readonly ChangePair[]): FeatureCollection {
  return { type: 'FeatureCollection', features: pairs.flatMap((pair, i) => tileFeatures(results, i, pair)) };
}
