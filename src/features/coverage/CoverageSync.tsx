import { useEffect, useMemo, useRef } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { CoverageSurvey } from '../../../core/wire/model.ts';
import { tileExtent, tileOfZxyKey } from '../../../core/geo/tile-address.ts';
import { tileUrlTemplate } from '../../api/tiles.ts';
import type { FootprintCollection, SurveyMap, TileGridCollection } from '../../map/survey-map.ts';
import { areaSearchStore, useAreaSearch } from '../area-search/index.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { useUi } from '../../state/ui-store.ts';
import { coverageSearchQueryOptions } from './coverage-queries.ts';
import { coverageFootprints, tileGridOf } from './coverage-results.ts';
import { answerDrawn } from './drawn-answers.ts';
import { resultFrame } from './result-frame.ts';
import { type ChosenResult, useChosenResult, useCoverage, useSurveyTiles } from './use-coverage.ts';

const NO_GRID: TileGridCollection = { type: 'FeatureCollection', features: [] };
const NO_RESULTS: FootprintCollection = { type: 'FeatureCollection', features: [] };

/**
 * Hands an answer's footprints to the map — one collection per answer, so whoever hands it over second
 * sends nothing — and lets the ranking start once MapLibre has drawn them and come to rest.
 */
function drawAnswer(surveyMap: SurveyMap, answer: readonly CoverageSurvey[]): void {
  surveyMap.showCoverage(coverageFootprints(answer));
  void surveyMap.whenCoverageDrawn().then(() => answerDrawn(answer));
}

/**
 * A result chosen in the list is framed once (not again for another tile zoom): where its imagery and tile grid read,
 * over its part of the area.
 */
function useFrameChosenResult(surveyMap: SurveyMap, chosen: ChosenResult | null) {
  const area = useAreaSearch((s) => s.area?.geometry ?? null);
  const framed = useRef<string | null>(null);
  useEffect(() => {
    const id = chosen?.result.id ?? null;
    if (id === framed.current) return;
    framed.current = id;
    if (!chosen || !area || selectionStore.getState().selectedFrom !== 'area') return;
    const frame = resultFrame(area, chosen.result.footprint, chosen.request.zoom, surveyMap.camera.getView());
    if (frame) surveyMap.camera.frame(frame.extent, frame.centre, frame.minZoom);
  }, [surveyMap, chosen, area]);
}

/** Draws the search's results, the uncovered part and the chosen result's tile grid, while the area search is open. */
export function CoverageSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const open = useUi((s) => s.sidebarTab === 'area');
  const { query, summary } = useCoverage(connection);
  const chosen = useChosenResult(connection);
  const { query: tiles } = useSurveyTiles(connection, chosen);
  const selectedTileKey = useAreaSearch((s) => s.selectedTileKey);
  const shownCapture = useAreaSearch((s) => s.shownCapture);

  const client = useQueryClient();
  const search = useAreaSearch((s) => s.search);
  const answer = open ? query.data : undefined;
  const grid = useMemo(() => (open && tiles.data ? tileGridOf(tiles.data) : NO_GRID), [open, tiles.data]);
  const uncovered = open ? (summary?.uncovered.geometry ?? null) : null;

  // An answer goes to the map the moment it is in the cache: MapLibre's worker tiles thousands of
  // footprints while React renders the results (the render's own hand-over below then sends nothing).
  useEffect(() => {
    if (!open || !search) return;
    const key = hashKey(coverageSearchQueryOptions(connection, search).queryKey);
    return client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === key) {
        drawAnswer(surveyMap, event.query.state.data as CoverageSurvey[]);
      }
    });
  }, [client, connection, surveyMap, open, search]);
  useEffect(() => (answer ? drawAnswer(surveyMap, answer) : surveyMap.showCoverage(NO_RESULTS)), [surveyMap, answer]);
  useEffect(() => surveyMap.showUncovered(uncovered), [surveyMap, uncovered]);
  const tileZoom = chosen?.request.zoom;
  useEffect(() => surveyMap.showTileGrid(grid, tileZoom), [surveyMap, grid, tileZoom]);
  useFrameChosenResult(surveyMap, chosen);
  useEffect(() => surveyMap.selectTile(selectedTileKey), [surveyMap, selectedTileKey]);
  // An older capture applies while its tile stays open for the same result.
  const capture =
    open && shownCapture && shownCapture.tileKey === selectedTileKey && shownCapture.surveyId === chosen?.result.id
      ? shownCapture
      : null;
  useEffect(() => {
    const tile = capture && tileOfZxyKey(capture.tileKey);
    surveyMap.showCapture(
      capture && tile
        ? {
            tiles: tileUrlTemplate(connection, capture.surveyId, {}, capture.captureId),
            bounds: tileExtent(tile),
          }
        : null,
    );
  }, [surveyMap, connection, capture]);
  useEffect(() => surveyMap.on('tileClicked', (key) => areaSearchStore.getState().tileClicked(key)), [surveyMap]);
  useEffect(
    () => () => {
      surveyMap.showCoverage(NO_RESULTS);
      surveyMap.showUncovered(null);
      surveyMap.showTileGrid(NO_GRID);
      surveyMap.showCapture(null);
    },
    [surveyMap],
  );

  return null;
}
