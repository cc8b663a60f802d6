/**
 * The change benchmark's ground truth: what is built at a point of a capture, read from the renderer's own scene model
 * (the ground class its classify() finds for the capture's date), and where clouds and their shadows hide the ground.
 * Used only by the benchmark and tests, never by an HTTP route.
 *
 * Built state, and what counts as change (a state that differs between two captures):
 *  - undeveloped — farmland, woods, desert, farmsteads, water: crops, their rotation and the season change nothing;
 *  - rural road — the narrow gravel or asphalt roads on section lines outside town;
 *  - open ground — graded earth and everything done to it without building: the graded quarter, a lot's dirt, yards
 *    whether dirt or lawn, pools, patios and fences, parks, parkways and landscaped buffers (landscaping a yard after
 *    its house is finished, lawns greening and trees growing are no change);
 *  - paved — streets, sidewalks, arterials and their verges, driveways, parking lots (and the cars on them);
 *  - slab, framing — a house under construction;
 *  - building — finished houses, commercial buildings, barns.
 * So grading farmland, new streets and arterials, slabs, framing and finished buildings (and their demolition) are
 * change; season, sun, snow, haze, clouds, the colour of young asphalt and landscaping are not.
 */
import type { Survey } from '../../catalog/survey.ts';
import * as classesModule from './classes.ts';
import * as classifyModule from './classify.ts';
import * as cloudsModule from './clouds.ts';
import * as coarseFieldsModule from './coarse-fields.ts';
import * as sectionsModule from './sections.ts';
import * as setupTileModule from './setup-tile.ts';
import * as surveyStateModule from './survey-state.ts';
import * as worldModule from './world.ts';

const C = classesModule;
const { classify } = classifyModule;
const { cloudAlpha, cloudShadowAlpha } = cloudsModule;
const { F_CLOUD, F_CSHAD, locate, near, samp } = coarseFieldsModule;
const { developmentYearAt } = sectionsModule;
const { setupTile } = setupTileModule;
const { active } = surveyStateModule;
const { mercatorUnit, WORLD } = worldModule;

const BUILT_STATES = ['undeveloped', 'rural road', 'open ground', 'paved', 'slab', 'framing', 'building'] as const;
export type BuiltState = (typeof BUILT_STATES)[number];

const STATE_OF_CLASS = new Uint8Array(64);
const states: [BuiltState, number[]][] = [
  ['undeveloped', [C.C_LAKE, C.C_RIVER, C.C_SHORE, C.C_FIELD, C.C_FIELD_EDGE, C.C_WOOD, C.C_DESERT, C.C_FARMYARD]],
  ['rural road', [C.C_RURAL_ROAD]],
  [
    'open ground',
    [
      ...[C.C_GRADED, C.C_DIRT, C.C_LAWN_F, C.C_LAWN_B, C.C_POOL, C.C_PATIO, C.C_FENCE, C.C_PARKWAY],
      ...[C.C_LANDSCAPE, C.C_PARK, C.C_SPORT, C.C_BUFFER, C.C_WALL],
    ],
  ],
  ['paved', [C.C_ART, C.C_ART_SIDE, C.C_STREET, C.C_SIDEWALK, C.C_DRIVE, C.C_PARKING, C.C_CAR]],
  ['slab', [C.C_SLAB]],
  ['framing', [C.C_FRAME]],
  ['building', [C.C_HOUSE, C.C_COM_ROOF, C.C_BARN]],
];
for (const [state, classes] of states) for (const c of classes) STATE_OF_CLASS[c] = BUILT_STATES.indexOf(state);

/** A cloud, or its shadow, at least this opaque hides the ground. */
const HIDDEN = 0.5;

/** What hides world point (u, v) of the capture set up last (setupTile): 0 nothing, 1 cloud, 2 cloud shadow. */
function hiddenBy(u: number, v: number): number {
  if (!near.clouds) return 0;
  locate(u, v);
  if (cloudAlpha(samp(F_CLOUD), active.cloudT) >= HIDDEN) return 1;
  return cloudShadowAlpha(samp(F_CSHAD), active.cloudT) >= HIDDEN ? 2 : 0;
}

/** The built state at a point of a capture (a survey, or a re-published capture's view of it). */
export function builtStateAt(capture: Survey, lon: number, lat: number): BuiltState {
  const z = 18;
  const n = 2 ** z;
  const [xf, yf] = mercatorUnit(lon, lat).map((unit) => unit * n);
  setupTile(capture, z, Math.floor(xf), Math.floor(yf));
  return BUILT_STATES[STATE_OF_CLASS[classify((xf / n - 0.5) * WORLD, (yf / n - 0.5) * WORLD)]];
}

export interface TileTruth {
  /** Cells a side; cells are row-major, top row first. */
  grid: number;
  /** Per cell: the share (0–1) of its sample points whose built state differs between the two captures. */
  changed: Float32Array;
  /** Per cell: the share of its sample points hidden by cloud or cloud shadow in the earlier capture. */
  hiddenBefore: Float32Array;
  /** … in the later capture. */
  hiddenAfter: Float32Array;
  /** Per cell: the share of its sample points under cloud (not its shadow) in either capture. */
  cloud: Float32Array;
}

/**
 * The truth of one tile between two captures: each of its grid × grid cells sampled at samples × samples points (cell
 * centres of a finer grid), each point's built state compared, and clouds and shadows counted in each capture.
 */
export function tileTruth(
  before: Survey,
  after: Survey,
  z: number,
  x: number,
  y: number,
  { grid = 16, samples = 4 } = {},
): TileTruth {
  const side = grid * samples;
  const n = 2 ** z;
  const step = WORLD / n / side;
  const u0 = (x / n - 0.5) * WORLD;
  const v0 = (y / n - 0.5) * WORLD;
  const stateBefore = new Uint8Array(side * side);
  const truth: TileTruth = {
    grid,
    changed: new Float32Array(grid * grid),
    hiddenBefore: new Float32Array(grid * grid),
    hiddenAfter: new Float32Array(grid * grid),
    cloud: new Float32Array(grid * grid),
  };
  const cloudy = new Uint8Array(side * side);
  const share = 1 / (samples * samples);
  for (const later of [false, true]) {
    setupTile(later ? after : before, z, x, y);
    const hiddenShare = later ? truth.hiddenAfter : truth.hiddenBefore;
    for (let j = 0; j < side; j++) {
      const v = v0 + (j + 0.5) * step;
      for (let i = 0; i < side; i++) {
        const u = u0 + (i + 0.5) * step;
        const cell = Math.floor(j / samples) * grid + Math.floor(i / samples);
        const state = STATE_OF_CLASS[classify(u, v)];
        if (!later) stateBefore[j * side + i] = state;
        else if (stateBefore[j * side + i] !== state) truth.changed[cell] += share;
        const by = hiddenBy(u, v);
        if (by !== 0) hiddenShare[cell] += share;
        if (by === 1 && cloudy[j * side + i]++ === 0) truth.cloud[cell] += share;
      }
    }
  }
  return truth;
}

/**
 * The development years of the quarters under a 3 × 3 grid of points over a tile (at any zoom): what can change
 * there, and when (a quarter is graded 1.2 years before its year, built from half a year before to 1.6 after).
 */
export function developmentYearsOver(z: number, x: number, y: number): number[] {
  const n = 2 ** z;
  const years = new Set<number>();
  for (let j = 0; j <= 2; j++)
    for (let i = 0; i <= 2; i++)
      years.add(developmentYearAt(((x + i / 2) / n - 0.5) * WORLD, ((y + j / 2) / n - 0.5) * WORLD));
  return [...years];
}
