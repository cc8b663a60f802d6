import { queryOptions } from '@tanstack/react-query';
import { fetchGazetteer } from '../../api/places.ts';

const placeKeys = {
  gazetteer: () => ['places', 'gazetteer'] as const,
};

/** The basemap's US places, loaded once when a search needs them (a static file of the app: it never changes). */
export const gazetteerQueryOptions = () =>
  queryOptions({
    queryKey: placeKeys.gazetteer(),
    queryFn: ({ signal }) => fetchGazetteer(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
