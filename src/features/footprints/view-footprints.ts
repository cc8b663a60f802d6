import { useEffect } from 'react';
import { keepPreviousData, type QueryCache, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BBox } from 'geojson';
import { createStore, useStore } from 'zustand';
import { extentOf } from '../../../core/geo/geometry.ts';
import type { CoverageSurvey, Survey } from '../../../core/wire/model.ts';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { uiStore } from '../../state/ui-store.ts';
import { type AreaSearch, areaInView, areaSearchStore, useAreaAsked } from '../area-search/index.ts';
import { coverageSearchQueryOptions } from '../../catalog/coverage-queries.ts';
import { footprintQueryOptions, versionOf } from '../../catalog/footprint-queries.ts';
import { storeFootprint } from '../../catalog/footprint-storage.ts';
import { viewBox, viewSearch } from './view-box.ts';

/** A view is asked about once the map has rested this long: a pan in steps asks once. */
const VIEW_REST_MS = 300;

/** The coverage search of the view the map last rested on, when there is one to make. */
const viewStore = createStore<{ search: AreaSearch | null }>()(() => ({ search: null }));

/**
 * The search for a view, or null: the view too far out for one, or an area search's results drawn on its tab while the
 * area is in view (those results are then what the map shows of the surveys there).
 */
function searchOfView(bounds: BBox): AreaSearch | null {
  const { area, search } = areaSearchStore.getState();
  const resultsShown = uiStore.getState().sidebarTab === 'area' && search !== null && areaInView(area, bounds);
  const box = resultsShown ? null : viewBox(bounds);
  return box && viewSearch(box);
}

/**
 * Keeps the search of the view the map rests on: from the map's first view on (asked while its tiles load), once a move
 * has rested, or once the area or the tab changed while it rests (a new area is framed first: the move puts the
 * question off).
 */
export function useRestedView(surveyMap: SurveyMap): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const moving = () => clearTimeout(timer);
    const ask = () => {
      const search = searchOfView(surveyMap.camera.getBounds());
      if (search?.wkt !== viewStore.getState().search?.wkt) viewStore.setState({ search });
    };
    const rest = () => {
      clearTimeout(timer);
      timer = setTimeout(ask, VIEW_REST_MS);
    };
    rest();
    const offs = [
      surveyMap.camera.onViewChange(moving),
      surveyMap.camera.onViewChange(rest, { settled: true }),
      areaSearchStore.subscribe((state, before) => {
        if (state.search !== before.search || state.area !== before.area) rest();
      }),
      uiStore.subscribe((state, before) => {
        if (state.sidebarTab !== before.sidebarTab) rest();
      }),
    ];
    return () => {
      for (const off of offs) off();
      clearTimeout(timer);
    };
  }, [surveyMap]);
}

const NO_SURVEYS: readonly CoverageSurvey[] = [];

/**
 * The surveys whose footprint meets the last view asked about, as the service's coverage search answers (cached).
 * A view not asked about (too far out) keeps the last answer: its footprints are still where they are.
 */
export function useViewSurveys(connection: Connection): readonly CoverageSurvey[] {
  const search = useStore(viewStore, (s) => s.search);
  const options = coverageSearchQueryOptions(connection, search);
  const areaAsked = useAreaAsked(connection);
  const query = useQuery({ ...options, enabled: options.enabled && areaAsked, placeholderData: keepPreviousData });
  return query.data ?? NO_SURVEYS;
}

/**
 * The footprints a view's answer brings for listed surveys go where theirs are kept (the query cache and the stored
 * copies), so that their rows need not ask for them.
 */
export function useListedFromView(
  connection: Connection,
  inView: readonly CoverageSurvey[],
  listed: readonly Survey[],
) {
  const client = useQueryClient();
  useEffect(() => {
    if (inView.length === 0) return;
    const listedById = new Map(listed.map((survey) => [survey.id, survey]));
    const cache = client.getQueryCache();
    for (const found of inView) {
      const survey = listedById.get(found.id);
      if (!survey || versionOf(survey) !== versionOf(found)) continue;
      const options = footprintQueryOptions(connection, survey, false);
      if (client.getQueryData(options.queryKey)) continue;
      const footprint = { surveyId: survey.id, geometry: found.footprint, bbox: extentOf(found.footprint) };
      const query = cache.build(client, { ...options, initialData: footprint } as Parameters<QueryCache['build']>[1]);
      if (!query.state.data) client.setQueryData(options.queryKey, footprint);
      storeFootprint(connection.baseUrl, versionOf(survey), footprint);
    }
  }, [client, connection, inView, listed]);
}
