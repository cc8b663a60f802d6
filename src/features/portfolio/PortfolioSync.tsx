import { useEffect, useMemo, useRef, useState } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import type { PortfolioFeatures } from '../../map/portfolio-layer.ts';
import { locationArea } from '../../portfolio/location.ts';
import { portfolioRows, rankOf } from '../../portfolio/portfolio-rows.ts';
import { portfolioStore, usePortfolio } from '../../state/portfolio-store.ts';
import { isChecking, restorePortfolio, startCheck } from './portfolio-runner.ts';

/** While answers arrive, the map's locations are redrawn at most this often (re-clustering 50,000 points costs). */
const REDRAW_MS = 1_000;

/** Results as they stand, but at most once a second while they keep changing. */
function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return shown;
}

/**
 * The portfolio on the map (coloured by the age of each location's latest imagery) and its chosen location; reads the
 * portfolio kept in this browser and resumes a check that a reload or a crash interrupted.
 */
export function PortfolioSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const portfolio = usePortfolio((s) => s.portfolio);
  const results = useThrottled(
    usePortfolio((s) => s.results),
    REDRAW_MS,
  );
  const surveys = usePortfolio((s) => s.surveys);
  const chosenId = usePortfolio((s) => s.chosenId);

  useEffect(() => {
    let live = true;
    void restorePortfolio().then(() => {
      if (!live) return;
      const { run, portfolio: kept } = portfolioStore.getState();
      if (kept && run.status === 'running' && !isChecking()) void startCheck(connection);
    });
    return () => {
      live = false;
    };
  }, [connection]);

  const features = useMemo((): PortfolioFeatures | null => {
    if (!portfolio) return null;
    const now = Date.now();
    return {
      type: 'FeatureCollection',
      features: portfolioRows(portfolio.locations, results, surveys, portfolio.eventDate).map((row) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: row.location.position },
        properties: { id: row.location.id, rank: rankOf(row, now) },
      })),
    };
  }, [portfolio, results, surveys]);

  useEffect(() => surveyMap.showPortfolio(features), [surveyMap, features]);
  useEffect(() => {
    const location = portfolio && chosenId !== null ? portfolio.locations[chosenId] : null;
    surveyMap.showPortfolioLocation(location ? locationArea(location, portfolio?.radiusM ?? 0) : null);
  }, [surveyMap, portfolio, chosenId]);
  return null;
}
