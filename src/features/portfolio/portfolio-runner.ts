import { isApiError } from '../../api/api-error.ts';
import type { Connection } from '../../api/connection.ts';
import { searchCoverage } from '../../api/coverage.ts';
import { CHECK_CONCURRENCY, CHECK_MAX_RETRIES, checkCoverage } from './check-coverage.ts';
import { indexedDbPortfolio, type PortfolioStorage } from './portfolio-db.ts';
import { assignSurveysOffThread, planQueriesOffThread } from './portfolio-off-thread.ts';
import type { Portfolio } from './portfolio.ts';
import { authStore } from '../../auth/auth-store.ts';
import { portfolioStore } from './portfolio-store.ts';

const storage: PortfolioStorage = indexedDbPortfolio;
let running: AbortController | null = null;
let restoring: Promise<void> | null = null;

// Signing out stops a check (its requests would all fail); Resume goes on after signing in again.
authStore.subscribe(({ session }) => {
  if (!session) running?.abort();
});

const saveRun = () => storage.writeRun(portfolioStore.getState().run).catch(() => undefined);

/** Reads the portfolio kept in this browser, once per page. */
export function restorePortfolio(): Promise<void> {
  restoring ??= storage
    .read()
    .then((kept) => {
      if (kept && !portfolioStore.getState().portfolio) portfolioStore.getState().portfolioRestored(kept);
    })
    .catch(() => undefined);
  return restoring;
}

/**
 * A newly imported portfolio replaces the one kept (and its results). It is shown once stored, or (storage failing,
 * which then rejects) at once: it is still there until the page is left.
 */
export async function importPortfolio(portfolio: Portfolio): Promise<void> {
  running?.abort();
  try {
    await storage.writePortfolio(portfolio, true);
  } finally {
    portfolioStore.getState().portfolioImported(portfolio);
  }
  await saveRun();
}

export async function changeRadius(radiusM: number): Promise<void> {
  running?.abort();
  portfolioStore.getState().radiusChanged(radiusM);
  const { portfolio } = portfolioStore.getState();
  if (portfolio) await storage.writePortfolio(portfolio, true);
  await saveRun();
}

/** The event date and the cloud limit only change which of the answers' surveys are chosen: the answers hold. */
async function keepSettings(): Promise<void> {
  const { portfolio } = portfolioStore.getState();
  if (portfolio) await storage.writePortfolio(portfolio, false);
}

export async function changeEventDate(eventDate: string | null): Promise<void> {
  portfolioStore.getState().eventDateChanged(eventDate);
  await keepSettings();
}

export async function changeCloudLimit(maxCloudCover: number | null): Promise<void> {
  portfolioStore.getState().cloudLimitChanged(maxCloudCover);
  await keepSettings();
}

export async function clearPortfolio(): Promise<void> {
  running?.abort();
  portfolioStore.getState().portfolioCleared();
  await storage.clear();
}

export const pauseCheck = () => portfolioStore.getState().pauseAsked();
export const cancelCheck = () => running?.abort();
export const isChecking = () => running !== null;

/** Checks every location not answered yet (a paused, cancelled, failed or interrupted run goes on where it stopped). */
export async function startCheck(connection: Connection): Promise<void> {
  const state = portfolioStore.getState();
  const { portfolio } = state;
  if (running || !portfolio) return;
  const controller = new AbortController();
  running = controller;
  state.runStarted();
  await saveRun();
  try {
    const outcome = await checkCoverage(
      {
        locations: portfolio.locations,
        radiusM: portfolio.radiusM,
        done: new Set(portfolioStore.getState().results.keys()),
        concurrency: CHECK_CONCURRENCY,
        maxRetries: CHECK_MAX_RETRIES,
        signal: controller.signal,
        pausing: () => portfolioStore.getState().pausing,
        onProgress: ({ planned, sent }) => portfolioStore.getState().runPlanned(planned, sent),
        onRefused: (location, error) => {
          portfolioStore.getState().locationRefused({
            id: location.id,
            status: isApiError(error) ? error.status : 0,
            message: error instanceof Error ? error.message : String(error),
            correlationId: isApiError(error) ? error.correlationId : null,
          });
          void saveRun();
        },
      },
      {
        plan: planQueriesOffThread,
        assign: assignSurveysOffThread,
        query: async (wkt, signal) =>
          (await searchCoverage(connection, { wkt }, signal)).map(
            ({ id, captureStart, captureEnd, cloudCover, footprint }) => ({
              id,
              captureStart,
              captureEnd,
              cloudCover,
              footprint,
            }),
          ),
        save: async (results, surveys) => {
          if (controller.signal.aborted) return;
          // Shown even if storing fails (the run then stops and says why): nothing answered is lost from the page.
          portfolioStore.getState().resultsArrived(results, surveys);
          await storage.addResults(results, surveys);
          // The requests sent so far, kept for a reload in the middle.
          await saveRun();
        },
        failureOf: (error) => (isApiError(error) ? error : null),
      },
    );
    portfolioStore.getState().runEnded(outcome);
  } catch (error) {
    if (controller.signal.aborted) portfolioStore.getState().runEnded('cancelled');
    else portfolioStore.getState().runEnded('failed', error);
  } finally {
    if (running === controller) running = null;
    // A new import or radius replaced this run's portfolio: its state is not this run's to save.
    if (portfolioStore.getState().portfolio === portfolio) await saveRun();
  }
}
