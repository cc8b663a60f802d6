import type { Point } from 'geojson';
import { useEffect, useMemo, useRef } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import {
  CHOSEN_SOURCE,
  chosenData,
  PORTFOLIO_OVERLAY,
  PORTFOLIO_SOURCE,
  type PortfolioFeature,
  portfolioHit,
} from './portfolio-layer.ts';
import { locationArea } from './location.ts';
import { rankOf } from './portfolio-rows.ts';
import { portfolioStore, usePortfolio } from './portfolio-store.ts';
import { uiStore } from '../../state/ui-store.ts';
import { openLocation } from './open-location.ts';
import { isChecking, restorePortfolio, startCheck } from './portfolio-runner.ts';
import { usePortfolioRows } from './use-portfolio-rows.ts';

/**
 * The portfolio on the map (coloured by the age of each location's latest imagery) and its chosen location; reads the
 * portfolio kept in this browser and resumes a check that a reload or a crash interrupted.
 */
export function PortfolioSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const { portfolio, rows } = usePortfolioRows();
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

  // One geometry object per location for as long as the portfolio stays: the map is then sent only changed colours.
  const points = useMemo(
    () => portfolio?.locations.map((l): Point => ({ type: 'Point', coordinates: l.position })) ?? [],
    [portfolio],
  );
  const features = useMemo((): PortfolioFeature[] => {
    const now = Date.now();
    return rows.map((row, i) => ({
      type: 'Feature',
      geometry: points[i],
      properties: { id: String(row.location.id), rank: rankOf(row, now) },
    }));
  }, [rows, points]);

  const overlay = useMemo(() => surveyMap.overlay(PORTFOLIO_OVERLAY), [surveyMap]);
  useEffect(() => overlay.updateData(PORTFOLIO_SOURCE, features), [overlay, features]);
  // A location clicked on the map opens as its row does, and the table shows that row; a cluster zooms in to split.
  const rowsNow = useRef(rows);
  rowsNow.current = rows;
  useEffect(() => {
    overlay.onClick((feature) => {
      if (!feature) return false;
      const hit = portfolioHit(feature);
      if ('cluster' in hit) {
        void overlay.expandCluster(PORTFOLIO_SOURCE, hit.cluster, hit.center);
        return true;
      }
      const row = rowsNow.current.find((r) => r.location.id === hit.location);
      if (row) {
        uiStore.getState().sidebarTabChosen('portfolio');
        openLocation(surveyMap, row);
      }
      return true;
    });
    return () => overlay.onClick(null);
  }, [surveyMap, overlay]);
  useEffect(() => {
    const location = portfolio && chosenId !== null ? portfolio.locations[chosenId] : null;
    overlay.setData(CHOSEN_SOURCE, chosenData(location ? locationArea(location, portfolio?.radiusM ?? 0) : null));
  }, [overlay, portfolio, chosenId]);
  return null;
}
