/**
 * The tiles of a survey (re)published in a time window (`mosaic_updates`), at a zoom: where the original publication
 * falls in the window, every tile of the footprint; otherwise only the tiles of the re-published zoom-14 patches.
 * Bounded like tile metadata: more than `cap` tiles to walk is refused (over-cap), and the walk spends the budget.
 */
import { type CoveredTile, surveyTilesInArea, type TileList, tilesCovering } from '../../core/geo/covered-tiles.ts';
import { tileExtent, tileOfQuadkey, tilePolygon } from '../../core/geo/tile-address.ts';
import { UNLIMITED, type WorkBudget } from '../../core/geo/work-budget.ts';
import type { UpdatedTile } from '../profiles/profile.ts';
import { captureQuadkey, capturesAt, publicationsOf } from './captures.ts';
import type { Survey } from './survey.ts';

export interface UpdateWindow {
  /** Epoch milliseconds, inclusive; open when absent. */
  since?: number;
  until?: number;
}

export interface UpdateWalk {
  cap: number;
  budget?: WorkBudget;
}

export function updatedTiles(
  survey: Survey,
  zoom: number,
  { since, until }: UpdateWindow,
  { cap, budget = UNLIMITED }: UpdateWalk,
): TileList<UpdatedTile> {
  const inWindow = (capture: Survey) => {
    const published = Date.parse(capture.publishedDate);
    return (since === undefined || published >= since) && (until === undefined || published <= until);
  };
  const published = publicationsOf(survey).filter(({ capture }) => inWindow(capture));
  if (published.length === 0) return { kind: 'tiles', tiles: [] };

  let tiles: CoveredTile[];
  if (published.some(({ quadkeys }) => quadkeys === null)) {
    const all = tilesCovering(survey.footprint, zoom, { cap, budget });
    if (all.kind === 'over-cap') return all;
    tiles = all.tiles.map(({ z, x, y, share }) => ({
      z,
      x,
      y,
      extent: tileExtent({ z, x, y }),
      percentCovered: Math.max(1, Math.round(share * 100)),
    }));
  } else {
    const patches = [...new Set(published.flatMap(({ quadkeys }) => [...(quadkeys ?? [])]))].sort();
    tiles = [];
    for (const quadkey of patches) {
      const patch = tileOfQuadkey(quadkey);
      if (!patch) continue;
      const listed = surveyTilesInArea(survey.footprint, tilePolygon(patch), zoom, {
        cap: cap - tiles.length,
        budget,
      });
      if (listed.kind === 'over-cap') return { kind: 'over-cap', cap };
      // A tile only touching the patch's edge is not in it.
      tiles.push(...listed.tiles.filter((tile) => captureQuadkey(tile) === quadkey));
    }
  }

  const updated: UpdatedTile[] = [];
  for (const tile of tiles) {
    const captures = capturesAt(survey, tile).filter(inWindow);
    if (captures.length > 0) updated.push({ tile, captures });
  }
  return { kind: 'tiles', tiles: updated };
}
