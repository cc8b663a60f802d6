import type { Extent } from '../../../core/geo/geometry.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';
import { newestCapture, type TileMetadataItem, withinCloudLimit } from '../../../core/wire/model.ts';

/** A survey with imagery near the view, as the timelapse needs it. */
export interface TimelapseSurvey {
  id: string;
  captureStart: string;
  captureEnd: string;
  cloudCover: number | null;
  /** Its footprint's extent: the frame asks for no tile outside it. */
  bounds: Extent;
}

/** A survey and its tile metadata over the view (every capture of every tile it has there). */
export interface SurveyInView {
  survey: TimelapseSurvey;
  tiles: readonly TileMetadataItem[];
}

export interface TimelapseFrame {
  survey: TimelapseSurvey;
  /** The capture behind each tile in view ("z/x/y" → capture), as the survey's tiles show it. */
  captures: ReadonlyMap<string, string>;
  /** Later surveys folded into this frame: no tile in view shows another capture than this frame's. */
  folded: TimelapseSurvey[];
}

export interface TimelapseFrames {
  /** Oldest first. */
  frames: TimelapseFrame[];
  /** Left out by the cloud limit (or for publishing no cloud cover while a limit is set). */
  cloudy: TimelapseSurvey[];
  /** Near the view (their footprint meets its box) but with no imagery on any tile in it. */
  withoutImagery: TimelapseSurvey[];
}

const byCaptureTime = (a: SurveyInView, b: SurveyInView) =>
  Date.parse(a.survey.captureStart) - Date.parse(b.survey.captureStart) || a.survey.id.localeCompare(b.survey.id);

/** The capture each tile in view shows: its newest (a re-flown patch shows the re-flight), where it holds imagery. */
function capturesBehindTiles(survey: TimelapseSurvey, tiles: readonly TileMetadataItem[]): Map<string, string> {
  const byTile = new Map<string, TileMetadataItem[]>();
  for (const item of tiles) {
    if (item.percentCovered === 0) continue;
    const key = zxyKey(item);
    byTile.set(key, [...(byTile.get(key) ?? []), item]);
  }
  const shown = new Map<string, string>();
  for (const [key, items] of byTile) {
    const item = newestCapture(items) ?? items[0];
    shown.set(key, item.captureId ?? `${survey.id}@${item.captureStart ?? survey.captureStart}`);
  }
  return shown;
}

const sameCaptures = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) =>
  a.size === b.size && [...a].every(([key, capture]) => b.get(key) === capture);

/**
 * The timelapse of a view: one frame per survey with imagery in it, oldest first; a survey whose tiles in view show
 * exactly the captures the previous frame's do (no tile changed) is folded into that frame, as Wayback's "local
 * changes" are; `maxCloud` (percent, null for any) leaves cloudier surveys out.
 */
export function timelapseFrames(inView: readonly SurveyInView[], maxCloud: number | null): TimelapseFrames {
  const frames: TimelapseFrame[] = [];
  const cloudy: TimelapseSurvey[] = [];
  const withoutImagery: TimelapseSurvey[] = [];
  for (const { survey, tiles } of [...inView].sort(byCaptureTime)) {
    if (!withinCloudLimit(survey.cloudCover, maxCloud)) {
      cloudy.push(survey);
      continue;
    }
    const captures = capturesBehindTiles(survey, tiles);
    if (captures.size === 0) {
      withoutImagery.push(survey);
      continue;
    }
    const previous = frames.at(-1);
    if (previous && sameCaptures(previous.captures, captures)) previous.folded.push(survey);
    else frames.push({ survey, captures, folded: [] });
  }
  return { frames, cloudy, withoutImagery };
}
