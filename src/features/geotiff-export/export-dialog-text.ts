import type { TileCount } from '../../../core/geo/covered-tiles.ts';
import { EXPORT_GRID_CAP, EXPORT_MIN_ZOOM, EXPORT_TILE_CAP, type PlanRefusal } from './export-plan.ts';
import type { SourceSurvey } from './tile-selection.ts';
import { formatCount } from '../../format/coverage-format.ts';
import { formatCaptureDays } from '../../format/date-format.ts';

/** A survey's capture day(s), as the app writes them on screen. */
export const captureDateText = ({ captureStart, captureEnd }: Pick<SourceSurvey, 'captureStart' | 'captureEnd'>) =>
  captureStart || captureEnd ? formatCaptureDays(captureStart || captureEnd, captureEnd) : 'not published';

export const cloudText = (cloudCover: number | null) => (cloudCover === null ? 'not published' : `${cloudCover} %`);

const tooManyText = (count: TileCount | { count: number; overCap: false }, zoom: number) =>
  `${count.overCap ? `More than ${formatCount(EXPORT_TILE_CAP)}` : formatCount(count.count)} tiles at z${zoom}`;

/** Why there is no plan at this zoom, in full. */
export function refusalText(refusal: PlanRefusal | { kind: 'overCap'; count: TileCount }, zoom: number): string {
  if (refusal.kind === 'empty')
    return refusal.overCloudLimit > 0
      ? `At z${zoom} only surveys over the cloud limit have imagery in the area ` +
          `(${formatCount(refusal.overCloudLimit)} tiles). Raise or clear the limit.`
      : `No tile of the chosen imagery meets the area at z${zoom}.`;
  if (refusal.kind === 'tooManyTiles' || refusal.kind === 'overCap') {
    const count = refusal.kind === 'overCap' ? refusal.count : { count: refusal.count, overCap: false as const };
    const remedy =
      zoom === EXPORT_MIN_ZOOM
        ? `z${EXPORT_MIN_ZOOM} is the coarsest zoom the service has: draw a smaller area.`
        : 'Choose a lower zoom or a smaller area.';
    return (
      `${tooManyText(count, zoom)}: an export holds at most ${formatCount(EXPORT_TILE_CAP)} tiles (the service ` +
      `lists at most that many per request, and the file must stay under 4 GiB). ${remedy}`
    );
  }
  return (
    `The tiles at z${zoom} span a grid of ${formatCount(refusal.cells)} tiles; an export's grid holds at most ` +
    `${formatCount(EXPORT_GRID_CAP)} (its tile index is written whole). Choose a lower zoom or a more compact area.`
  );
}

export type DownloadState =
  | { kind: 'no-imagery' }
  | { kind: 'reading-resolution' }
  | { kind: 'over-cap'; zoom: number }
  | { kind: 'listing'; zoom: number }
  | { kind: 'list-failed' }
  | { kind: 'refused'; refusal: PlanRefusal }
  | { kind: 'ready' };

/** Why Download is disabled, in a few words beside it (the notice above says more); null when it is not. */
export function blockedText(state: DownloadState): string | null {
  switch (state.kind) {
    case 'ready':
      return null;
    case 'no-imagery':
      return 'No result of the search has imagery in the area.';
    case 'reading-resolution':
      return "Reading the imagery's resolution…";
    case 'over-cap':
      return state.zoom === EXPORT_MIN_ZOOM
        ? `Over ${formatCount(EXPORT_TILE_CAP)} tiles even at z${EXPORT_MIN_ZOOM}: draw a smaller area.`
        : `Over ${formatCount(EXPORT_TILE_CAP)} tiles at z${state.zoom}: choose a lower zoom.`;
    case 'listing':
      return `Ready once the tiles at z${state.zoom} are listed.`;
    case 'list-failed':
      return 'The tiles could not be listed: retry above.';
    case 'refused':
      if (state.refusal.kind === 'empty')
        return state.refusal.overCloudLimit > 0 ? 'All the imagery here is over the cloud limit.' : 'No tiles here.';
      return state.refusal.kind === 'gridTooLarge'
        ? 'The grid is too large: choose a lower zoom.'
        : `Over ${formatCount(EXPORT_TILE_CAP)} tiles: choose a lower zoom.`;
  }
}
