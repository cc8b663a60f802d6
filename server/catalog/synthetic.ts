/**
 * Synthetic catalog for scale tests: n small staircase-footprint surveys scattered over the
 * continental US. Deterministic for a given (n, seed). The service holds them compactly
 * (SyntheticSurveys): a million are a few typed arrays, ready in about a second.
 */
import type { Position } from 'geojson';
import { type Extent, extentOf } from '../../core/geo/geometry.ts';
import { latOfTileY, lonOfTileX, tileAt } from '../../core/geo/tile-address.ts';
import { mulberry32, mulberry32After } from '../procedural/noise.ts';
import { withoutCollinear } from './demo.ts';
import type { Survey } from './survey.ts';
import type { SurveyRows } from './survey-rows.ts';

const DAY = 86400000;
const START = Date.UTC(2015, 0, 1);
const END = Date.UTC(2026, 9, 31);
const ID_PREFIX = 'SYN-';

/** toISOString's parts, kept by day and by time of day: a survey's four times are made each time it is asked for. */
const days = new Map<number, string>();
const timesOfDay = new Map<number, string>();

/** ISO 8601 to the second (the times are whole minutes from 2015 on: a few thousand days, 1,440 times of day). */
function iso(t: number): string {
  const day = Math.floor(t / DAY);
  const time = t - day * DAY;
  let date = days.get(day);
  if (date === undefined) {
    date = new Date(day * DAY).toISOString().slice(0, 11);
    days.set(day, date);
  }
  let clock = timesOfDay.get(time);
  if (clock === undefined) {
    clock = new Date(time).toISOString().slice(11, 19);
    timesOfDay.set(time, clock);
  }
  return `${date}${clock}Z`;
}

/** One survey's numbers: a footprint of tile cells and epoch milliseconds. */
interface SurveyDraw {
  z: number;
  x0: number;
  y0: number;
  /** Each column's height in cells. */
  heights: number[];
  captureStart: number;
  captureEnd: number;
  published: number;
  lastUpdated: number;
  cloudCover: number;
  resolutionClass: string;
}

/** One survey's numbers, drawn in the order that defines the catalog. */
function drawSurvey(rnd: () => number): SurveyDraw {
  // Continental US, roughly: lon -124..-67, lat 25..49 (some points fall offshore; fine for tests).
  const lon = -124 + rnd() * 57;
  const lat = 25 + rnd() * 24;
  const z = rnd() < 0.5 ? 13 : 14;
  const { x: x0, y: y0 } = tileAt(lon, lat, z);
  const cols = 1 + Math.floor(rnd() * 4);
  const heights: number[] = [];
  for (let c = 0; c < cols; c++) heights.push(1 + Math.floor(rnd() * 3));
  const captureStart = START + Math.floor(rnd() * ((END - START) / 60000 - 60 * 24 * 30)) * 60000;
  const captureEnd = captureStart + Math.round((2 + rnd() * (rnd() < 0.7 ? 8 : 24 * 14)) * 60) * 60000;
  const published = captureEnd + Math.round((3 + rnd() * 10) * 24) * 3600000;
  const lastUpdated = published + (rnd() < 0.5 ? 0 : Math.round(rnd() * 90) * DAY);
  const cloudCover = rnd() < 0.3 ? 0 : Math.round(rnd() * 400) / 10;
  const resolutionClass = rnd() < 0.5 ? '7.5cm' : '10.0cm';
  return { z, x0, y0, heights, captureStart, captureEnd, published, lastUpdated, cloudCover, resolutionClass };
}

/**
 * The footprint's ring: a few Web Mercator tile cells (z13/z14) in a "skyline" staircase shape, a run of columns
 * sharing the top edge, each with its own height.
 */
function ringOf({ z, x0, y0, heights }: SurveyDraw): Position[] {
  // Ring in tile-vertex space (y down, north up): built clockwise, reversed below to CCW.
  const cols = heights.length;
  const verts: [number, number][] = [];
  verts.push([x0, y0], [x0 + cols, y0]);
  for (let c = cols - 1; c >= 0; c--) {
    const h = heights[c];
    const last = verts[verts.length - 1];
    if (last[1] !== y0 + h) verts.push([x0 + c + 1, y0 + h]);
    verts.push([x0 + c, y0 + h]);
  }
  // Close via the left edge back to the start; drop collinear points.
  const ring: Position[] = withoutCollinear(verts).map(([x, y]) => [lonOfTileX(x, z), latOfTileY(y, z)]);
  ring.reverse();
  ring.push([ring[0][0], ring[0][1]]);
  return ring;
}

/** The ring's extent without the ring: its corners are the staircase's outermost tile edges. */
const extentOfDraw = ({ z, x0, y0, heights }: SurveyDraw): Extent => [
  lonOfTileX(x0, z),
  latOfTileY(y0 + Math.max(...heights), z),
  lonOfTileX(x0 + heights.length, z),
  latOfTileY(y0, z),
];

const idWidth = (n: number) => Math.max(6, String(n).length);
const idOf = (row: number, width: number) => `${ID_PREFIX}${String(row + 1).padStart(width, '0')}`;
const firstSeed = (seed: number) => seed * 0x9e3779b1 + 12345;

/** Survey `row` (ids `SYN-000001`…) from its numbers. */
function surveyOf(draw: SurveyDraw, row: number, seed: number, width: number): Survey {
  const footprint = { type: 'Polygon' as const, coordinates: [ringOf(draw)] };
  return {
    id: idOf(row, width),
    captureStart: iso(draw.captureStart),
    captureEnd: iso(draw.captureEnd),
    publishedDate: iso(draw.published),
    lastUpdated: iso(draw.lastUpdated),
    cloudCover: draw.cloudCover,
    spectralRange: 'visible',
    resolutionClass: draw.resolutionClass,
    footprint,
    bbox: extentOf(footprint),
    seed: seed * 1000003 + row + 1,
  };
}

/** n synthetic surveys as objects (tests, benchmarks); the service holds them as SyntheticSurveys. */
export function syntheticCatalog(n: number, seed = 1): Survey[] {
  const rnd = mulberry32(firstSeed(seed));
  const width = idWidth(n);
  return Array.from({ length: n }, (_, row) => surveyOf(drawSurvey(rnd), row, seed, width));
}

/**
 * The same n surveys held as numbers: per survey the generator's seed at its first draw (from which it is drawn again
 * when asked for), its extent and its update time: about 50 bytes, with its places in the two lists.
 */
export class SyntheticSurveys implements SurveyRows {
  readonly size: number;
  readonly newestFirst: Uint32Array;
  private readonly seeds: Uint32Array;
  readonly boxes: Float64Array;
  private readonly updatedAt: Float64Array;
  private updatedOrder: Uint32Array | undefined;
  private readonly width: number;

  constructor(
    n: number,
    private readonly seed = 1,
  ) {
    this.size = n;
    this.width = idWidth(n);
    this.seeds = new Uint32Array(n);
    this.boxes = new Float64Array(4 * n);
    this.updatedAt = new Float64Array(n);
    const capturedFrom = new Float64Array(n);
    const capturedTo = new Float64Array(n);
    const first = firstSeed(seed);
    const random = mulberry32(first);
    let draws = 0;
    const rnd = () => {
      draws++;
      return random();
    };
    for (let row = 0; row < n; row++) {
      this.seeds[row] = mulberry32After(first, draws);
      const draw = drawSurvey(rnd);
      this.boxes.set(extentOfDraw(draw), 4 * row);
      capturedFrom[row] = draw.captureStart;
      capturedTo[row] = draw.captureEnd;
      this.updatedAt[row] = draw.lastUpdated;
    }
    // Every time is written in one form (YYYY-MM-DDTHH:MM:SSZ), and every id is the prefix and the row number at one
    // width, so the numbers order the surveys as `newestFirst` orders their strings.
    this.newestFirst = new Uint32Array(n).map((_, row) => row);
    this.newestFirst.sort((a, b) => capturedTo[b] - capturedTo[a] || capturedFrom[b] - capturedFrom[a] || a - b);
  }

  survey(row: number): Survey {
    return surveyOf(drawSurvey(mulberry32(this.seeds[row])), row, this.seed, this.width);
  }

  id(row: number): string {
    return idOf(row, this.width);
  }

  rowOf(id: string): number {
    const digits = id.slice(ID_PREFIX.length);
    if (!id.startsWith(ID_PREFIX) || digits.length !== this.width || !/^\d+$/.test(digits)) return -1;
    const row = Number(digits) - 1;
    return row >= 0 && row < this.size ? row : -1;
  }

  /** As `updatedFirst` orders the strings (see the constructor). */
  get updatedFirst(): Uint32Array {
    if (!this.updatedOrder) {
      const place = new Uint32Array(this.size);
      this.newestFirst.forEach((row, i) => {
        place[row] = i;
      });
      const updatedAt = this.updatedAt;
      this.updatedOrder = Uint32Array.from(this.newestFirst).sort(
        (a, b) => updatedAt[b] - updatedAt[a] || place[a] - place[b],
      );
    }
    return this.updatedOrder;
  }
}
