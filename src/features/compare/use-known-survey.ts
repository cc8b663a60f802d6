import { useMemo } from 'react';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { bboxPolygon } from '@turf/turf';
import type { BBox } from 'geojson';
import { areaToWkt } from '../../area/wkt.ts';
import { extentOf } from '../../../core/geo/geometry.ts';
import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyFootprint } from '../../../core/wire/model.ts';
import { useAnsweredSurveys } from '../../catalog/answered-surveys.ts';
import { coverageKeys, coverageSearchQueryOptions } from '../../catalog/coverage-queries.ts';
import { footprintByIdQueryOptions, footprintQueryOptions } from '../../catalog/footprint-queries.ts';
import { useAreaAsked } from '../area-search/index.ts';
import { useListedSurveys } from '../surveys/index.ts';

const unknownSurvey = (id: string): Survey => ({
  id,
  captureStart: '',
  captureEnd: '',
  lastUpdated: null,
  cloudCover: null,
  spectralRange: null,
});
/** Stands in while nothing is asked for; its query stays disabled. */
const NO_SURVEY = unknownSurvey('');

/**
 * A survey known only by its id (e.g. from a shared link): its catalog entry has not been loaded, its footprint can be.
 */
export const isDetailsUnknown = (survey: Survey): boolean => survey.captureStart === '';

/** The coverage search over a footprint's extent: its answer holds the survey's catalog entry (capture dates). */
const searchOver = ([west, south, east, north]: BBox) => ({
  wkt: areaToWkt(bboxPolygon([west, south, east, north]).geometry),
  observedStart: '',
  observedEnd: '',
});

/**
 * A survey and its footprint, when known: from the catalog list, the area search's results, the
 * timeline's captures, or any coverage answer still cached (results may hold surveys the list has
 * not paged in yet, footprint included); or else (a shared link to a survey further down the
 * catalog) by id, with its footprint, and its capture dates once a search over that footprint answers.
 */
export function useKnownSurvey(
  connection: Connection,
  id: string | null,
): { survey: Survey | null; footprint: SurveyFootprint | null } {
  // Only this survey is read from the list: a page that does not bring it re-renders nothing.
  const ids = useMemo(() => (id ? [id] : []), [id]);
  const list = useListedSurveys(connection, ids);
  const answered = useAnsweredSurveys(connection);
  const listed = list.surveys[0] ?? null;
  const found = (!listed && id && answered(id)) || null;
  const listedFootprint = useQuery(footprintQueryOptions(connection, listed ?? NO_SURVEY, listed !== null));
  const foundFootprint = useMemo<SurveyFootprint | null>(
    () => (found ? { surveyId: found.id, geometry: found.footprint, bbox: extentOf(found.footprint) } : null),
    [found],
  );
  // Its catalog entry comes from a coverage search over its footprint's extent (any profile answers one).
  const idFootprint = useQuery(footprintByIdQueryOptions(connection, id, false));
  const overFootprint = useMemo(() => idFootprint.data && searchOver(idFootprint.data.bbox), [idFootprint.data]);
  // Asked for by id only once the first catalog page (asked for at sign-in) and the coverage searches under way (the
  // area's, the view's) have not got it either; a restored area's search goes first.
  const areaAsked = useAreaAsked(connection);
  const searching =
    useIsFetching({
      queryKey: coverageKeys.all(connection.baseUrl),
      predicate: ({ queryKey, state }) =>
        queryKey[2] === 'search' && state.status === 'pending' && queryKey[3] !== overFootprint?.wkt,
    }) > 0;
  // Once asked, it stays: a search that starts later (the view's, on a move) does not take the survey away meanwhile.
  const byIdOnly =
    id !== null && !listed && !found && (idFootprint.data !== undefined || (areaAsked && !searching && !list.pending));
  useQuery(footprintByIdQueryOptions(connection, id, byIdOnly));
  const entrySearch = byIdOnly ? (overFootprint ?? null) : null;
  const entry = useQuery(coverageSearchQueryOptions(connection, entrySearch)).data?.find((s) => s.id === id) ?? null;
  const idOnly = useMemo(() => (byIdOnly && id ? (entry ?? unknownSurvey(id)) : null), [byIdOnly, id, entry]);
  // A linked survey's footprint may have been asked for by id before the list reached it: the same shape, so no wait
  // for the listed copy.
  if (listed) return { survey: listed, footprint: listedFootprint.data ?? idFootprint.data ?? null };
  if (found) return { survey: found, footprint: foundFootprint };
  return { survey: idOnly, footprint: idOnly ? (idFootprint.data ?? null) : null };
}
