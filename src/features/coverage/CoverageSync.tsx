import { useEffect, useMemo, useRef } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { CoverageSurvey } from '../../../core/wire/model.ts';
import { tileExtent, tileOfZxyKey } from '../../../core/geo/tile-address.ts';
import { tileUrlTemplate } from '../../api/tiles.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { areaSearchStore, useAreaSearch } from '../area-search/index.ts';
import { type FootprintCollection, footprintsOf } from '../footprints/index.ts';
import { useCompare } from '../../state/compare-store.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { useUi } from '../../state/ui-store.ts';
import { captureImagery, captureRaster } from './capture-imagery.ts';
import { coverageSearchQueryOptions } from '../../catalog/coverage-queries.ts';
import { coverageFootprints, tileGridOf } from './coverage-results.ts';
import { answerDrawn } from './drawn-answers.ts';
import { resultFrame } from './result-frame.ts';
import { AreaDetailsOnMap, type TileGridCollection } from './tile-grid-on-map.ts';
import { type ChosenResult, useChosenResult, useCoverage, useSurveyTiles } from './use-coverage.ts';

const NO_GRID: TileGridCollection = { type: 'FeatureCollection', features: [] };
const NO_RESULTS: FootprintCollection = { type: 'FeatureCollection', features: [] };

/**
 * Hands an answer's footprints to the map — one collection per answer, so whoever hands it over second
 * sends nothing — and lets the ranking start once MapLibre has drawn them and come to rest.
 */
function drawAnswer(surveyMap: SurveyMap, answer: readonly CoverageSurvey[]): void {
  footprintsOf(surveyMap).showResults(coverageFootprints(answer));
  void surveyMap.camera.whenDrawn().then(() => answerDrawn(answer));
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

/**
 * Draws the search's results, the uncovered part, the chosen result's tile grid and an older capture of its open tile
 * (not while two surveys are compared), while the area search is open.
 */
export function CoverageSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const open = useUi((s) => s.sidebarTab === 'area');
  const { query, summary } = useCoverage(connection);
  const chosen = useChosenResult(connection);
  const { query: tiles } = useSurveyTiles(connection, chosen);
  const selectedTileKey = useAreaSearch((s) => s.selectedTileKey);
  const shownCapture = useAreaSearch((s) => s.shownCapture);
  const comparing = useCompare((s) => s.active && s.a !== null && s.b !== null);
  const details = useMemo(
    () => new AreaDetailsOnMap(surveyMap, (key) => areaSearchStore.getState().tileClicked(key)),
    [surveyMap],
  );
  const captureSlot = useMemo(() => surveyMap.imagery(captureImagery(connection)), [surveyMap, connection]);

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
  useEffect(
    () => (answer ? drawAnswer(surveyMap, answer) : footprintsOf(surveyMap).showResults(NO_RESULTS)),
    [surveyMap, answer],
  );
  useEffect(() => details.showUncovered(uncovered), [details, uncovered]);
  const tileZoom = chosen?.request.zoom;
  useEffect(() => details.showTileGrid(grid, tileZoom), [details, grid, tileZoom]);
  useFrameChosenResult(surveyMap, chosen);
  useEffect(() => details.selectTile(selectedTileKey), [details, selectedTileKey]);
  // An older capture applies while its tile stays open for the same result.
  const capture =
    open && shownCapture && shownCapture.tileKey === selectedTileKey && shownCapture.surveyId === chosen?.result.id
      ? shownCapture
      : null;
  useEffect(() => {
    const tile = capture && !comparing ? tileOfZxyKey(capture.tileKey) : null;
    captureSlot.show(
      capture && tile
        ? captureRaster({
            tiles: tileUrlTemplate(connection, capture.surveyId, {}, capture.captureId),
            bounds: tileExtent(tile),
          })
        : null,
    );
  }, [captureSlot, connection, capture, comparing]);
  useEffect(() => () => footprintsOf(surveyMap).showResults(NO_RESULTS), [surveyMap]);
  useEffect(
    () => () => {
      details.showUncovered(null);
      details.showTileGrid(NO_GRID);
    },
    [details],
  );
  useEffect(() => () => captureSlot.show(null), [captureSlot]);

  return null;
}
