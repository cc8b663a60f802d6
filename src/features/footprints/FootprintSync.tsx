import { useEffect, useMemo, useRef } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { useAreaSearch } from '../area-search/index.ts';
import { selectionStore, useSelection } from '../../state/selection-store.ts';
import { type UiState, uiStore, useUi } from '../../state/ui-store.ts';
import { useSurveyList } from '../surveys/index.ts';
import { type DrawnCollection, drawnCollection } from './listed-collection.ts';
import { footprintsOf } from './survey-footprints.ts';
import { useListedFootprints } from './use-listed-footprints.ts';
import { useDebouncedStore } from './use-debounced.ts';
import { useListedFromView, useRestedView, useViewSurveys } from './view-footprints.ts';

const SCROLL_REST_MS = 150;
const surveysInView = (ui: UiState) => ui.surveysInView;

/**
 * Draws the footprints of every survey in view (and of the listed ones) and keeps map and list hover/selection in step.
 */
export function FootprintSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const { surveys, query, filtered, passes } = useSurveyList(connection);
  useRestedView(surveyMap);
  const inView = useViewSurveys(connection);
  useListedFromView(connection, inView, surveys);
  // Rows flying past in a fast scroll are not worth a request each: footprints are asked for where the list rests.
  // A list waiting for its next page (asked for as the rows ran short) is still being scrolled through, not resting,
  // however long the page takes; a filters' scan pages on its own, so it holds nothing.
  const paging = !filtered && query.isFetchingNextPage;
  const rows = useDebouncedStore(uiStore, surveysInView, SCROLL_REST_MS, paging);
  const selectedId = useSelection((s) => s.selectedId);
  const hoveredId = useSelection((s) => s.hoveredId);
  // On every tab; behind an area search's results (drawn on its tab) the catalog's are dimmed.
  const areaTab = useUi((s) => s.sidebarTab === 'area');
  const dimmed = useAreaSearch((s) => areaTab && s.search !== null);
  const wanted = useMemo(() => new Set(selectedId ? [...rows, selectedId] : rows), [rows, selectedId]);
  const listed = useListedFootprints(connection, surveys, wanted).collection;
  const drawn = useRef<DrawnCollection | null>(null);
  const collection = useMemo(() => {
    drawn.current = drawnCollection(drawn.current, listed, surveys, inView, passes);
    return drawn.current.collection;
  }, [listed, surveys, inView, passes]);

  const footprints = footprintsOf(surveyMap);
  useEffect(() => footprints.show(collection, dimmed), [footprints, collection, dimmed]);
  useEffect(() => footprints.highlight(hoveredId), [footprints, hoveredId]);
  useEffect(() => footprints.select(selectedId), [footprints, selectedId]);

  useEffect(() => {
    const offHover = footprints.on('hovered', (hover) =>
      selectionStore.getState().surveyHovered(hover?.id ?? null, 'map'),
    );
    const offClick = footprints.on('clicked', ({ surveyIds, x, y }) => {
      const ui = uiStore.getState();
      if (surveyIds.length === 1) {
        ui.overlapChoiceClosed();
        selectionStore.getState().surveySelected(surveyIds[0], 'map');
      } else if (surveyIds.length > 1) {
        ui.overlapClicked({ surveyIds, x, y });
      } else {
        ui.overlapChoiceClosed();
      }
    });
    return () => {
      offHover();
      offClick();
    };
  }, [footprints]);

  return null;
}
