/**
 * Drawing a set's locations: a seeded stream of candidates — a metro of the set, a pair of its captures (two surveys,
 * or a survey and a re-published capture of it), a point both cover — each judged by the renderer's truth and kept
 * while its kind's quota is open.
 */
import { publicationsOf } from '../../server/catalog/captures.ts';
import { DEMO_METROS, demoCatalog } from '../../server/catalog/demo.ts';
import type { Survey } from '../../server/catalog/survey.ts';
import { tileCoverageFraction } from '../../server/imagery/render.ts';
import {
  ancestorAt,
  latOfTileY,
  lonOfTileX,
  quadkeyOf,
  tileCoordinates,
  tileOfQuadkey,
} from '../../core/geo/tile-address.ts';
import { MIN_TILE_ZOOM } from '../../core/wire/limits.ts';
import { prng } from '../lib/stats.ts';
import { LOCATION_ZOOM, type SampleSet } from './sets.ts';

/** One capture of a demo survey: its original publication (0) or its n-th re-publication (n). */
export interface CaptureRef {
  surveyId: string;
  publication: number;
}

export interface Location {
  metro: string;
  /** Its centre: the corner shared by its 2 × 2 tiles. */
  lon: number;
  lat: number;
  z: number;
  /** The top-left tile of the 2 × 2. */
  x: number;
  y: number;
  before: CaptureRef;
  after: CaptureRef;
}

/** The four tiles of a location: top-left, top-right, bottom-left, bottom-right. */
export const locationTiles = ({ z, x, y }: Pick<Location, 'z' | 'x' | 'y'>) =>
  [
    [x, y],
    [x + 1, y],
    [x, y + 1],
    [x + 1, y + 1],
  ].map(([tx, ty]) => ({ z, x: tx, y: ty }));

const catalog = new Map(demoCatalog().map((survey) => [survey.id, survey]));

/** The capture a reference names (the same objects every call, as the renderer's caches want). */
export function captureOf({ surveyId, publication }: CaptureRef): Survey {
  const survey = catalog.get(surveyId);
  if (!survey) throw new Error(`no demo survey ${surveyId}`);
  return publicationsOf(survey)[publication].capture;
}

interface Pair {
  before: CaptureRef;
  after: CaptureRef;
  /** The z14 tiles the re-published captures of the pair cover (none: both whole surveys). */
  patches: ReadonlySet<string>[];
}

/** Every pair of captures of a metro, the earlier first. */
function pairsOf(metro: string): Pair[] {
  const { state, code } = DEMO_METROS.find((m) => m.code === metro) ?? {};
  if (!code) throw new Error(`no demo metro ${metro}`);
  const captures = [...catalog.values()]
    .filter((survey) => survey.id.endsWith(`-${state}-${code}`))
    .flatMap((survey) =>
      publicationsOf(survey).map(({ capture, quadkeys }, publication) => ({
        ref: { surveyId: survey.id, publication },
        start: capture.captureStart,
        quadkeys,
      })),
    )
    .sort((a, b) => (a.start < b.start ? -1 : 1));
  const pairs: Pair[] = [];
  for (const [i, a] of captures.entries()) {
    for (const b of captures.slice(i + 1)) {
      const patches = [a.quadkeys, b.quadkeys].filter((quadkeys) => quadkeys !== null);
      pairs.push({ before: a.ref, after: b.ref, patches });
    }
  }
  return pairs;
}

/** Whether both captures have imagery over the whole of the location's four tiles. */
function covered(location: Location, patches: ReadonlySet<string>[]): boolean {
  return locationTiles(location).every(
    (tile) =>
      patches.every((patch) => patch.has(quadkeyOf(ancestorAt(tile, MIN_TILE_ZOOM)))) &&
      [location.before, location.after].every(
        (ref) => tileCoverageFraction(captureOf(ref), tile.z, tile.x, tile.y) === 1,
      ),
  );
}

/** A seeded, endless stream of candidate locations of the set: metros in turn, pairs and points at random. */
export function* candidates(set: SampleSet): Generator<Location> {
  const random = prng(set.seed);
  const pairs = new Map(set.metros.map((metro) => [metro, pairsOf(metro)]));
  for (let turn = 0; ; turn++) {
    const metro = set.metros[turn % set.metros.length];
    const metroPairs = pairs.get(metro)!;
    if (metroPairs.length === 0) continue;
    const pair = metroPairs[Math.floor(random() * metroPairs.length)];
    let lon: number;
    let lat: number;
    if (pair.patches.length > 0) {
      const patch = [...pair.patches[0]];
      const tile = tileOfQuadkey(patch[Math.floor(random() * patch.length)])!;
      lon = lonOfTileX(tile.x + random(), tile.z);
      lat = latOfTileY(tile.y + random(), tile.z);
    } else {
      const [w, s, e, n] = captureOf(pair.before).bbox;
      lon = w + random() * (e - w);
      lat = s + random() * (n - s);
    }
    const [xf, yf] = tileCoordinates(lon, lat, LOCATION_ZOOM);
    const x = Math.round(xf) - 1;
    const y = Math.round(yf) - 1;
    const location: Location = {
      metro,
      lon: lonOfTileX(x + 1, LOCATION_ZOOM),
      lat: latOfTileY(y + 1, LOCATION_ZOOM),
      z: LOCATION_ZOOM,
      x,
      y,
      before: pair.before,
      after: pair.after,
    };
    if (covered(location, pair.patches)) yield location;
  }
}
