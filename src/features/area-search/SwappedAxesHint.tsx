import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { coverageSearchQueryOptions } from '../../catalog/coverage-queries.ts';
import { acceptArea } from './accept-area.ts';
import type { ActiveArea, AreaSearch } from './area-search-store.ts';
import { swappedAlternative } from './swapped-axes.ts';

/** What the hint reads of the area's coverage answer (the coverage feature's). */
interface AreaAnswer {
  area: ActiveArea | null;
  search: AreaSearch | null;
  query: { isSuccess: boolean; data?: readonly unknown[] };
}

/**
 * Under an empty coverage answer: when the area read the other way round (latitude for longitude) meets surveys, says
 * the numbers look swapped and offers to swap them. That reading is only searched once the area's own answer is empty.
 */
export function SwappedAxesHint({ connection, coverage }: { connection: Connection; coverage: AreaAnswer }) {
  const { area, search, query } = coverage;
  const empty = query.isSuccess && query.data?.length === 0;
  const swapped = useMemo(() => (empty && area ? swappedAlternative(area) : null), [empty, area]);
  const check = useQuery(
    coverageSearchQueryOptions(connection, swapped && search ? { ...search, wkt: swapped.wkt } : null),
  );
  if (!swapped || !check.data?.length) return null;
  return (
    <div className="notice notice--warning" role="status">
      <p>Latitude and longitude look swapped — the order is longitude latitude.</p>
      <button
        type="button"
        className="button button--small"
        onClick={() => acceptArea(swapped.geometry, swapped.origin)}
      >
        Swap latitude and longitude
      </button>
    </div>
  );
}
