import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQueryClient, type QueryCache, type QueryClient } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { Survey, SurveyFootprint } from '../../../core/wire/model.ts';
import { footprintKeys, footprintQueryOptions, versionOf } from '../../catalog/footprint-queries.ts';
import { readStoredFootprint } from '../../catalog/footprint-storage.ts';
import { KnownFootprints, type Arrival } from './known-footprints.ts';
import { type ListedCollection, listedCollection, startsWith } from './listed-collection.ts';
import type { FootprintCollection } from './survey-footprints.ts';

export interface ListedFootprints {
  /** The known footprints of the listed surveys, in list order: the same object while they stay the same. */
  collection: FootprintCollection;
}

const ignoreResults = () => null;

/**
 * Footprints of listed surveys: fetched only for the wanted ones (rows on screen, the selection),
 * while every footprint already known (cached or stored) stays available. Only the wanted surveys
 * are observed, so the work per render does not grow with the list; the others are read from the
 * query cache as they arrive.
 */
export function useListedFootprints(
  connection: Connection,
  surveys: readonly Survey[],
  wanted: ReadonlySet<string>,
): ListedFootprints {
  const client = useQueryClient();
  const wantedSurveys = useMemo(() => surveys.filter((survey) => wanted.has(survey.id)), [surveys, wanted]);
  useQueries({
    queries: wantedSurveys.map((survey) => footprintQueryOptions(connection, survey)),
    combine: ignoreResults,
  });

  const known = useKnownFootprints(client, connection.baseUrl);
  // Survey objects live as long as their page does, so identity says whether one was seen (no key to build).
  const seeded = useRef(new WeakSet<Survey>());
  // The list last seeded: a list paged further only adds rows after it, and only those are looked at.
  const seededList = useRef<readonly Survey[]>([]);
  // A new connection (another service) starts the record afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    seeded.current = new WeakSet();
    seededList.current = [];
  }, [connection]);
  useEffect(() => {
    const from = startsWith(surveys, seededList.current) ? seededList.current.length : 0;
    seededList.current = surveys;
    // A footprint stored by an earlier visit comes in as its survey is listed, in a cache entry made then, unobserved.
    // A survey with none gets no entry until it is wanted: an entry per row (its key hashed, the cache told) was the
    // largest part of this feature's work per page of a long scroll.
    for (let i = from; i < surveys.length; i++) {
      const survey = surveys[i];
      if (seeded.current.has(survey)) continue;
      seeded.current.add(survey);
      const stored = readStoredFootprint(connection.baseUrl, survey.id, versionOf(survey));
      if (!stored) continue;
      // The footprint just read, as the entry's first data: the options' initialData would read and parse it again.
      const options = { ...footprintQueryOptions(connection, survey, false), initialData: stored };
      client.getQueryCache().build(client, options as Parameters<QueryCache['build']>[1]);
    }
  }, [client, connection, surveys]);

  const last = useRef<ListedCollection | null>(null);
  const listed = useMemo(() => listedCollection(last.current, known, surveys), [known, surveys]);
  last.current = listed;
  return { collection: listed.collection };
}

/** This service's footprints in the query cache; a new snapshot per batch of arrivals. */
function useKnownFootprints(client: QueryClient, baseUrl: string): KnownFootprints {
  const [known, setKnown] = useState(() => KnownFootprints.fromCache(client, baseUrl));
  useEffect(() => {
    const initial = KnownFootprints.fromCache(client, baseUrl);
    setKnown(initial);
    let arrivals: Arrival[] = [];
    let frame = 0;
    const flush = () => {
      const batch = arrivals;
      arrivals = [];
      setKnown((current) => (current.baseUrl === baseUrl ? current : initial).with(batch));
    };
    const [scope] = footprintKeys.all(baseUrl);
    const off = client.getQueryCache().subscribe(({ query }) => {
      if (query.queryKey[0] !== scope || !query.state.data) return;
      const detail = initial.keyOf(query.queryKey);
      if (!detail) return;
      // One batch a frame: footprints arrive one response at a time, and each batch redraws every listed one.
      if (arrivals.length === 0) frame = requestAnimationFrame(flush);
      arrivals.push([...detail, query.state.data as SurveyFootprint]);
    });
    return () => {
      off();
      cancelAnimationFrame(frame);
    };
  }, [client, baseUrl]);
  return known;
}
