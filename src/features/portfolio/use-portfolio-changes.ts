import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Connection } from '../../api/connection.ts';
import { changeQueryOptions } from './change-queries.ts';
import { changePlan } from './location-change.ts';
import type { Portfolio } from './portfolio.ts';
import type { PortfolioRow } from './portfolio-rows.ts';
import { usePortfolio } from './portfolio-store.ts';

/** What the rows would compare now (their pairs, their tiles), and the scores of that plan once asked for. */
export function usePortfolioChanges(connection: Connection, portfolio: Portfolio | null, rows: PortfolioRow[]) {
  const radiusM = portfolio?.radiusM ?? 0;
  const eventDate = portfolio?.eventDate ?? null;
  // Without an event date no row has a pair: nothing to plan.
  const plan = useMemo(() => changePlan(eventDate ? rows : [], radiusM), [rows, radiusM, eventDate]);
  const asked = usePortfolio((s) => s.changeAsked === plan.key);
  const options = changeQueryOptions(connection, plan, asked);
  const query = useQuery(options);
  return { plan, query, queryKey: options.queryKey };
}
