import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { compareStore } from '../../state/compare-store.ts';
import { useAreaSearch } from '../area-search/index.ts';
import { rankedSpots } from './change-spots.ts';
import { changeRunQueryOptions, runSoFarQueryOptions } from './find-changes-queries.ts';
import { findChangesStore, useFindChanges } from './find-changes-store.ts';
import { HEAT_MAP_OVERLAY, HEAT_MAP_SOURCE } from './heat-map.ts';
import { heatMapDraws } from './heat-map-draws.ts';

/** The map zoom a spot is shown at: the engine's tiles (zoom 17) at their full detail. */
const SPOT_ZOOM = 16.5;

/**
 * Find changes on the map: a linked comparison started once its area is searched, the heat map of the run over the
 * area (drawn as its tiles end, a couple of times a second; gone with a cancelled run, as its list is), and the chosen
 * spot opened in the swipe (the two captures compared there).
 */
export function ChangesSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const run = useFindChanges((s) => s.run);
  const linked = useFindChanges((s) => s.linked);
  const spot = useFindChanges((s) => s.spot);
  const spotRequests = useFindChanges((s) => s.spotRequests);
  const search = useAreaSearch((s) => s.search);
  const wkt = search?.wkt ?? null;

  useEffect(() => {
    if (linked && wkt) findChangesStore.getState().findChangesAsked({ ...linked, wkt });
  }, [linked, wkt]);
  useEffect(() => {
    if (run && run.wkt !== wkt) findChangesStore.getState().areaChanged();
  }, [run, wkt]);

  const query = useQuery(changeRunQueryOptions(connection, run));
  const soFar = useQuery(runSoFarQueryOptions(connection, run)).data;
  const overlay = useMemo(() => surveyMap.overlay(HEAT_MAP_OVERLAY), [surveyMap]);
  const drawn = query.data ?? (query.isFetching ? soFar : undefined);
  const pairs = drawn?.pairs;
  // One run's tiles, each made into features once: the run's answer holds the pairs it had so far.
  const draws = useMemo(
    () => (pairs ? heatMapDraws(pairs, (features) => overlay.updateData(HEAT_MAP_SOURCE, features)) : null),
    [overlay, pairs],
  );
  useEffect(() => {
    if (!draws || !drawn) overlay.updateData(HEAT_MAP_SOURCE, []);
    else if (query.data) draws.ended(drawn.results);
    else draws.soFar(drawn.results);
  }, [overlay, draws, drawn, query.data]);
  useEffect(() => () => draws?.stop(), [draws]);
  useEffect(() => () => overlay.updateData(HEAT_MAP_SOURCE, []), [overlay]);

  const spots = useMemo(() => (query.data ? rankedSpots(query.data.results, query.data.pairs) : []), [query.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each request for a spot moves the map, the same one too.
  useEffect(() => {
    if (spot === null || spots.length === 0) return;
    const { pair, place } = spots[spot % spots.length];
    const compare = compareStore.getState();
    compare.comparePicked('a', pair.before.surveyId);
    compare.comparePicked('b', pair.after.surveyId);
    compare.compareModeChosen('swipe');
    surveyMap.camera.zoomTo(place, SPOT_ZOOM);
  }, [spot, spotRequests, spots, surveyMap]);
  return null;
}
