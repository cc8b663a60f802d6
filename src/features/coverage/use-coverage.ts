import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createStore, useStore } from 'zustand';
import type { Connection } from '../../api/connection.ts';
import type { TileMetadataRequest } from '../../api/coverage.ts';
import type { DownloadProgress } from '../../api/http.ts';
import { useAreaSearch } from '../area-search/index.ts';
import { useSelection } from '../../state/selection-store.ts';
import { coverageSearchQueryOptions, surveyTilesQueryOptions } from '../../catalog/coverage-queries.ts';
import { coverageSummaryQueryOptions } from './coverage-summary-queries.ts';
import type { CoverageResult } from './coverage-results.ts';

/**
 * The coverage search of the current area and dates; once ranked (`ranking`), its results in order and the uncovered
 * part.
 */
export function useCoverage(connection: Connection) {
  const area = useAreaSearch((s) => s.area);
  const search = useAreaSearch((s) => s.search);
  const query = useQuery(coverageSearchQueryOptions(connection, search));
  const answer = query.data ? { surveys: query.data, answeredAt: query.dataUpdatedAt } : null;
  const ranking = useQuery(coverageSummaryQueryOptions(connection, search, area, answer));
  const summary = ranking.data ?? null;
  return { area, search, query, ranking, summary };
}

/** The area search's coverage answer, as useCoverage gives it (the shell hands it to features that show it). */
export type CoverageAnswer = ReturnType<typeof useCoverage>;

export interface ChosenResult {
  result: CoverageResult;
  request: TileMetadataRequest;
  /** Identifies the request, e.g. for the user's go-ahead on a large one. */
  requestKey: string;
}

/** The selected survey when it is one of the results, with the tile request for it at the chosen zoom. */
export function useChosenResult(connection: Connection): ChosenResult | null {
  const { area, summary } = useCoverage(connection);
  const selectedId = useSelection((s) => s.selectedId);
  const zoom = useAreaSearch((s) => s.tileZoom);
  return useMemo(() => {
    const result = summary?.results.find((r) => r.id === selectedId);
    if (!result || !area) return null;
    const request = { surveyId: result.id, wkt: area.wkt, zoom };
    return { result, request, requestKey: `${result.id}|${zoom}|${area.wkt}` };
  }, [summary, selectedId, area, zoom]);
}

interface ProgressState {
  byRequest: Readonly<Record<string, DownloadProgress>>;
  downloadProgressed(requestKey: string, progress: DownloadProgress): void;
}

/** How far each tile-metadata download has got (transient; not server data). */
const progressStore = createStore<ProgressState>()((set) => ({
  byRequest: {},
  downloadProgressed: (requestKey, progress) => set((s) => ({ byRequest: { ...s.byRequest, [requestKey]: progress } })),
}));

/**
 * The chosen result's tiles. Only the tiles panel fetches (it knows whether the user agreed);
 * the map and the tile details read the same cache entry.
 */
export function useSurveyTiles(connection: Connection, chosen: ChosenResult | null, fetch = false) {
  const requestKey = chosen?.requestKey ?? '';
  const query = useQuery(
    surveyTilesQueryOptions(
      connection,
      chosen?.request ?? { surveyId: '', wkt: '', zoom: 0 },
      fetch && chosen !== null,
      (progress) => progressStore.getState().downloadProgressed(requestKey, progress),
    ),
  );
  const progress = useStore(progressStore, (s) => s.byRequest[requestKey] ?? null);
  return { query, progress };
}
