import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { useAreaSearch } from '../area-search/index.ts';
import { coverageSearchQueryOptions } from '../../catalog/coverage-queries.ts';
import { searchAround } from './timeline-area.ts';
import { useTimeline } from './timeline-store.ts';

type TimelineScope = 'area' | 'centre';

/**
 * The surveys the timeline shows: the area search's results while any of its area is in view, else those in a box
 * around the map centre (fetched only while the strip is open). `areaAway` says an area is set but out of view.
 */
export function useTimelineSurveys(connection: Connection) {
  const areaSearch = useAreaSearch((s) => s.search);
  const expanded = useTimeline((s) => s.expanded);
  const around = useTimeline((s) => s.around);
  const areaInView = useTimeline((s) => s.areaInView);
  const scope: TimelineScope = areaSearch && areaInView ? 'area' : 'centre';
  const search = scope === 'area' ? areaSearch : expanded && around ? searchAround(around) : null;
  const query = useQuery({ ...coverageSearchQueryOptions(connection, search), gcTime: 30 * 60_000 });
  return { query, scope, areaAway: areaSearch !== null && !areaInView, searching: search !== null };
}
