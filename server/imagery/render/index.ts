/**
 * Procedural aerial imagery for the reference tile service.
 *
 * The picture is a pure function of world position (Web Mercator metres scaled to approximate
 * ground metres over the US) plus a few per-survey parameters (capture date → season and
 * development stage, time of day → sun/shadows, cloud cover, colour grading). So the same ground
 * point looks the same at every zoom level, neighbouring tiles join seamlessly, and different
 * surveys of the same place differ plausibly (new subdivisions appear, seasons change, clouds move).
 *
 * Scene model, all axis-aligned like the US land survey grid:
 *  - half-mile "sections" (804.67 m) bounded by arterial roads in town and country roads outside;
 *  - each section has four "quarters" that are residential subdivisions, commercial lots with
 *    parking, parks, or farmland (crop fields with rows, centre-pivot circles), desert in arid areas;
 *  - a quarter's development year comes from a low-frequency "urbanness" field: the city edge grows
 *    over the years (graded dirt → slabs → framing → finished houses → lawns and growing trees);
 *  - lakes and meandering rivers from smooth noise fields, riparian trees along their banks;
 *  - trees as jittered discs with shading and shadows, buildings with facet-shaded hip and gable
 *    roofs and cast shadows; soft cumulus clouds and their shadows matching the cloud cover.
 *
 * Performance: low-frequency fields are evaluated on a coarse per-tile grid (~30 m nodes, the
 * same lattice at every zoom) and interpolated; the footprint is rasterised per row (even-odd
 * scanline fill) and only covered pixels are shaded. A tile is drawn in three passes: ground +
 * building shadows (mostly resolved analytically inside the pixel's own lot), tree canopies and
 * shadows splatted per tree, then trees/clouds composited and graded. Hot state lives in module
 * scratch objects/typed arrays (no per-pixel allocation), so rendering is synchronous and not
 * re-entrant. Geometry and per-survey parameters are cached in WeakMaps keyed by the footprint /
 * survey objects (replace, don't mutate, a survey's footprint).
 *
 * Each module copies what it imports into module-level consts (`const { set, mix } = paintModule`) and
 * keeps its mutable per-tile state in objects, never in exported `let`s: V8 constant-folds a
 * module's own consts into optimised code but reloads imported bindings on every use, which cost
 * ~40 % of the render time (and far more under Vitest, whose imports are getters).
 */
import type { Survey } from '../../catalog/survey.ts';
import * as classesModule from './classes.ts';
import * as classifyModule from './classify.ts';
import * as footprintGeometryModule from './footprint-geometry.ts';
import * as gradingModule from './grading.ts';
import * as levelOfDetailModule from './level-of-detail.ts';
import * as passBuffersModule from './pass-buffers.ts';
import * as rasteriseFootprintModule from './rasterise-footprint.ts';
import * as setupTileModule from './setup-tile.ts';
import * as shadeModule from './shade.ts';
import * as surveyContextModule from './survey-context.ts';
import * as tileCoverageModule from './tile-coverage.ts';
import * as treesModule from './trees.ts';
import * as worldModule from './world.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { CLASS_NAMES } = classesModule;
const { classify } = classifyModule;
const { geomOf } = footprintGeometryModule;
const { gradePixel, useGrade } = gradingModule;
const { lod } = levelOfDetailModule;
const { clsBuf, NO_CLASS } = passBuffersModule;
const { mask, rasterize } = rasteriseFootprintModule;
const { setupTile } = setupTileModule;
const { shadeBase, shadeFinish } = shadeModule;
const { surveyCtx } = surveyContextModule;
const { tileIntersectsFootprint } = tileCoverageModule;
const { splatTrees } = treesModule;
const { TILE_SIZE: T, mercatorUnit, WORLD } = worldModule;

export { tileCoverageFraction, tileIntersectsFootprint } from './tile-coverage.ts';

/**
 * Debug/analysis helper: the ground class the renderer draws at a point for a survey (before
 * trees and clouds), e.g. 'house', 'street', 'field', 'lake'.
 */
export function groundClassAt(survey: Survey, lon: number, lat: number): string {
  const z = 18;
  const n = 2 ** z;
  const [xf, yf] = mercatorUnit(lon, lat).map((unit) => unit * n);
  setupTile(survey, z, Math.floor(xf), Math.floor(yf));
  const u = (xf / n - 0.5) * WORLD;
  const v = (yf / n - 0.5) * WORLD;
  return CLASS_NAMES[classify(u, v)] ?? 'unknown';
}

/**
 * Render one 256×256 RGBA tile (row-major, 4 bytes per pixel) of the survey's procedural imagery,
 * or null when the tile does not intersect the survey footprint. Pixels outside the footprint are
 * fully transparent (alpha 0), pixels inside fully opaque.
 */
export function renderTile(survey: Survey, z: number, x: number, y: number): Uint8Array | null {
  if (!tileIntersectsFootprint(survey, z, x, y)) return null;
  const g = geomOf(survey.footprint);
  const out = new Uint8Array(T * T * 4);
  const covered = rasterize(g, z, x, y);
  if (covered === 0) return out;
  setupTile(survey, z, x, y);
  const n = 2 ** z;
  const ps = lod.ps;
  const uLeft = (x / n - 0.5) * WORLD;
  const vTop = (y / n - 0.5) * WORLD;
  const { rowStart, spans } = mask;
  // pass 1: ground, buildings, shadows
  clsBuf.fill(NO_CLASS);
  for (let j = 0; j < T; j++) {
    const s0 = rowStart[j];
    const s1 = rowStart[j + 1];
    const v = vTop + (j + 0.5) * ps;
    for (let sp = s0; sp < s1; sp += 2) {
      for (let i = spans[sp]; i < spans[sp + 1]; i++) shadeBase(uLeft + (i + 0.5) * ps, v, j * T + i);
    }
  }
  // pass 2: trees
  if (!lod.statTrees) splatTrees(uLeft, vTop, ps);
  // pass 3: trees and clouds over the base colour, then the grade
  useGrade(surveyCtx(survey));
  const gx0 = x * T;
  const gy0 = y * T;
  for (let j = 0; j < T; j++) {
    const s0 = rowStart[j];
    const s1 = rowStart[j + 1];
    if (s0 === s1) continue;
    const v = vTop + (j + 0.5) * ps;
    for (let sp = s0; sp < s1; sp += 2) {
      const i0 = spans[sp];
      const i1 = spans[sp + 1];
      for (let i = i0; i < i1; i++) {
        const po = j * T + i;
        shadeFinish(uLeft + (i + 0.5) * ps, v, po);
        gradePixel(out, po * 4, gx0 + i, gy0 + j, z);
      }
    }
  }
  return out;
}
