import { useMemo } from 'react';
import { useQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyPage } from '../../../core/wire/model.ts';
import { useFilters, type SurveyFilters } from '../../state/filter-store.ts';
import { gazetteerQueryOptions } from '../places/index.ts';
import { surveyPlaceNames } from '../places/index.ts';
import { filterSurveys, matchesFilters, type PlaceNamesOf } from './survey-filters.ts';
import { surveysOf } from './surveys-of.ts';
import { useRowsPaging } from './use-rows-paging.ts';

export interface SurveyListView {
  /** The paging behind the rows: the plain list, or the catalog scan while filters are on. */
  query: UseInfiniteQueryResult<InfiniteData<SurveyPage>>;
  /** The rows: the catalog in the service's order, or the matches in the chosen order. */
  surveys: Survey[];
  /** The catalog's size, where known. */
  total: number | null;
  filters: SurveyFilters;
  filtered: boolean;
  /** Catalog surveys read so far. */
  searched: number;
  /** The search text waits for the place names it may match. */
  placesPending: boolean;
  /** Whether a survey passes the filters (null while none is on), e.g. one found on the map rather than listed. */
  passes: ((survey: Survey) => boolean) | null;
}

const wholeAnswer = (data: InfiniteData<SurveyPage>) => data;
const placeNames = new WeakMap<object, PlaceNamesOf>();
let lastMatches: { read: Survey[]; filters: SurveyFilters; placesOf?: PlaceNamesOf; matches: Survey[] } | null = null;
function matchesOf(read: Survey[], filters: SurveyFilters, placesOf?: PlaceNamesOf): Survey[] {
  const last = lastMatches;
  if (last?.read === read && last.filters === filters && last.placesOf === placesOf) return last.matches;
  lastMatches = { read, filters, placesOf, matches: filterSurveys(read, filters, placesOf) };
  return lastMatches.matches;
}

/** The listed surveys so far (narrowed and ordered by the filters), and what is known about the whole catalog. */
export function useSurveyList(connection: Connection): SurveyListView {
  const filters = useFilters((s) => s.filters);
  const { query, filtered } = useRowsPaging(connection, wholeAnswer);

  const read = surveysOf(query.data);
  // The search text also finds places ("Denver"): the ids' codes read with the basemap's place data.
  const byText = filters.idQuery.trim() !== '';
  const places = useQuery({ ...gazetteerQueryOptions(), enabled: byText });
  const placesOf = places.data && (placeNames.get(places.data) ?? surveyPlaceNames(places.data));
  if (places.data && placesOf) placeNames.set(places.data, placesOf);
  const surveys = filtered ? matchesOf(read, filters, placesOf) : read;
  const first = query.data?.pages[0];
  const total = first?.totalResults ?? (query.data && !query.hasNextPage ? read.length : null);
  const placesPending = filtered && byText && places.isPending;
  const passes = useMemo(
    () => (filtered ? (survey: Survey) => matchesFilters(survey, filters, placesOf) : null),
    [filtered, filters, placesOf],
  );
  return { query, surveys, total, filters, filtered, searched: read.length, placesPending, passes };
}
