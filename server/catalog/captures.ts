/**
 * A survey's captures: the original publication and its re-publications over parts of it. A capture is shown to
 * the rest of the service as a Survey view — the same id and footprint with that capture's times (so the renderer
 * draws its season and buildings) and its own seed — so tiles, ETags and metadata items need nothing else.
 */
import { MIN_TILE_ZOOM } from '../../core/wire/limits.ts';
import { ancestorAt, quadkeyOf, type TileAddress } from '../../core/geo/tile-address.ts';
import type { Republication, Survey } from './survey.ts';

const views = new WeakMap<Republication, Survey>();

function captureView(survey: Survey, republication: Republication, index: number): Survey {
  let view = views.get(republication);
  if (view === undefined) {
    view = {
      ...survey,
      captureStart: republication.captureStart,
      captureEnd: republication.captureEnd,
      publishedDate: republication.publishedDate,
      lastUpdated: republication.publishedDate,
      cloudCover: 0,
      seed: (survey.seed + 7919 * (index + 1)) % 2_000_000_000,
    };
    views.set(republication, view);
  }
  return view;
}

/** The zoom-14 quadkey a tile (zoom ≥ 14) belongs to. */
export const captureQuadkey = (tile: TileAddress): string => quadkeyOf(ancestorAt(tile, MIN_TILE_ZOOM));

/** The captures of a survey at a tile, newest first: the re-publications covering it, then the original. */
export function capturesAt(survey: Survey, tile: TileAddress): Survey[] {
  const republished = survey.republished;
  if (!republished?.length) return [survey];
  const quadkey = captureQuadkey(tile);
  const captures: Survey[] = [];
  for (let i = republished.length - 1; i >= 0; i--) {
    if (republished[i].quadkeys.includes(quadkey)) captures.push(captureView(survey, republished[i], i));
  }
  captures.push(survey);
  return captures;
}

export interface Publication {
  capture: Survey;
  /** The zoom-14 quadkeys it covers, or null for the whole survey (the original publication). */
  quadkeys: ReadonlySet<string> | null;
}

/** Every publication of the survey, the original first. */
export function publicationsOf(survey: Survey): Publication[] {
  return [
    { capture: survey, quadkeys: null },
    ...(survey.republished ?? []).map((r, i) => ({
      capture: captureView(survey, r, i),
      quadkeys: new Set(r.quadkeys),
    })),
  ];
}
