import { useMemo } from 'react';
import type { Portfolio } from './portfolio.ts';
import { type PortfolioRow, portfolioRows } from './portfolio-rows.ts';
import { portfolioStore, usePortfolio } from './portfolio-store.ts';
import { useThrottled } from './use-throttled.ts';

/** While answers arrive, the rows (table and map) are rebuilt at most once a second: 50,000 rows take a while. */
const REFRESH_MS = 1_000;

let last: { portfolio: Portfolio; results: unknown; rows: PortfolioRow[] } | null = null;

/** Every location with its answer so far, in file order; one computation shared by the table and the map. */
export function usePortfolioRows(): { portfolio: Portfolio | null; rows: PortfolioRow[] } {
  const portfolio = usePortfolio((s) => s.portfolio);
  const live = usePortfolio((s) => s.results);
  const running = usePortfolio((s) => s.run.status === 'running');
  const throttled = useThrottled(live, REFRESH_MS);
  // Once the run is over, every answer shows at once.
  const results = running ? throttled : live;
  const rows = useMemo(() => {
    if (!portfolio) return [];
    if (last?.portfolio === portfolio && last.results === results) return last.rows;
    // The surveys only grow: those the (throttled) answers name are all there.
    const computed = portfolioRows(portfolio.locations, results, portfolioStore.getState().surveys, portfolio);
    last = { portfolio, results, rows: computed };
    return computed;
  }, [portfolio, results]);
  return { portfolio, rows };
}
