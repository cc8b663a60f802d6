import { queryOptions } from '@tanstack/react-query';
import { extentOf } from '../../../core/geo/geometry.ts';
import { tilesAround, zxyKey } from '../../../core/geo/tile-address.ts';
import type { Connection } from '../../api/connection.ts';
import { fetchTileMetadata, searchCoverage } from '../../api/coverage.ts';
import { CHANGE_ZOOM, type ChangePair, findChanges } from '../change/index.ts';
import { type Fold, foldByChange, pairKey } from './change-fold.ts';
import type { SurveyInView, TimelapseFrame } from './timelapse-frames.ts';
import type { TimelapseView } from './timelapse-view.ts';

const timelapseKeys = {
  view: (baseUrl: string, view: TimelapseView | null) =>
    ['timelapse', baseUrl, view?.wkt ?? '', view?.tileZoom ?? 0] as const,
  fold: (baseUrl: string, place: string, surveys: string) => ['timelapse', 'fold', baseUrl, place, surveys] as const,
};

/** Tile metadata requests in flight at once. */
const CONCURRENCY = 4;

/**
 * The surveys whose footprint meets the view's box (coverage search), each with its tile metadata over the view at the
 * zoom the map draws (which capture each tile shows): what the frames are made of.
 */
async function surveysInView(connection: Connection, view: TimelapseView, signal: AbortSignal) {
  const surveys = await searchCoverage(connection, { wkt: view.wkt }, signal);
  const out: SurveyInView[] = new Array(surveys.length);
  let next = 0;
  const worker = async () => {
    while (next < surveys.length) {
      const i = next++;
      const survey = surveys[i];
      const tiles = await fetchTileMetadata(
        connection,
        { surveyId: survey.id, wkt: view.wkt, zoom: view.tileZoom },
        signal,
      );
      out[i] = {
        survey: {
          id: survey.id,
          captureStart: survey.captureStart,
          captureEnd: survey.captureEnd,
          cloudCover: survey.cloudCover,
          bounds: extentOf(survey.footprint),
        },
        tiles,
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, surveys.length) }, worker));
  return out;
}

export const timelapseQueryOptions = (connection: Connection, view: TimelapseView | null) =>
  queryOptions({
    queryKey: timelapseKeys.view(connection.baseUrl, view),
    queryFn: ({ signal }) => surveysInView(connection, view!, signal),
    enabled: view !== null,
    staleTime: 10 * 60_000,
  });

/**
 * Which frames show a change at the place (the 2 × 2 tiles at the change engine's zoom around `centre`): each frame
 * scored against the last one kept, in rounds of the engine's workers, until the fold is known.
 */
export const changeFoldQueryOptions = (
  connection: Connection,
  frames: readonly TimelapseFrame[],
  centre: [lon: number, lat: number],
  enabled: boolean,
) => {
  const tiles = tilesAround(centre[0], centre[1], CHANGE_ZOOM);
  return queryOptions({
    queryKey: timelapseKeys.fold(connection.baseUrl, zxyKey(tiles[0]), frames.map((f) => f.survey.id).join(',')),
    queryFn: async ({ signal }): Promise<Fold> => {
      const scores = new Map<string, number>();
      const capture = (k: number) => ({
        surveyId: frames[k].survey.id,
        captureId: null,
        date: frames[k].survey.captureStart,
      });
      for (;;) {
        const step = foldByChange(frames.length, scores);
        if (step.kind === 'done') return step.fold;
        const pairs: ChangePair[] = step.pairs.flatMap(([a, b]) =>
          tiles.map((tile) => ({ ...tile, before: capture(a), after: capture(b) })),
        );
        const results = await findChanges(connection, pairs, { signal });
        step.pairs.forEach((pair, p) => {
          const indices = tiles.map((_, t) => p * tiles.length + t);
          scores.set(pairKey(pair), results.summary(indices).score);
        });
      }
    },
    enabled: enabled && frames.length > 1,
    staleTime: 10 * 60_000,
    retry: false,
  });
};
