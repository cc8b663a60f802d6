import { queryOptions } from '@tanstack/react-query';
import { extentOf } from '../../../core/geo/geometry.ts';
import type { Connection } from '../../api/connection.ts';
import { fetchTileMetadata, searchCoverage } from '../../api/coverage.ts';
import type { SurveyInView } from './timelapse-frames.ts';
import type { TimelapseView } from './timelapse-view.ts';

const timelapseKeys = {
  view: (baseUrl: string, view: TimelapseView | null) =>
    ['timelapse', baseUrl, view?.wkt ?? '', view?.tileZoom ?? 0] as const,
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
