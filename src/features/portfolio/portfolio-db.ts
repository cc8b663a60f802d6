import { openedOnFirstUse } from '../../state/indexed-db.ts';
import type { LocationResult, MetSurvey } from './location-result.ts';
import type { Portfolio, RunState } from './portfolio.ts';

/** Where the portfolio and its results are kept: IndexedDB, so a reload or a crash resumes where it stopped. */
export interface PortfolioStorage {
  read(): Promise<{ portfolio: Portfolio; run: RunState; results: LocationResult[]; surveys: MetSurvey[] } | null>;
  /** Replaces the portfolio; `clearResults` drops every result (a new file, or another radius). */
  writePortfolio(portfolio: Portfolio, clearResults: boolean): Promise<void>;
  writeRun(run: RunState): Promise<void>;
  /** One query's results, with the surveys they name. */
  addResults(results: readonly LocationResult[], surveys: readonly MetSurvey[]): Promise<void>;
  clear(): Promise<void>;
}

const DB_NAME = 'survey-viewer-portfolio';
const PORTFOLIO = 'portfolio';
const RESULTS = 'results';
const SURVEYS = 'surveys';
const KEY = 'current';
const RUN_KEY = 'run';
const NO_RUN: RunState = { status: 'idle', queriesSent: 0 };

const database = openedOnFirstUse(DB_NAME, 1, {
  upgrade(db) {
    db.createObjectStore(PORTFOLIO);
    // One record per query answered (a few hundred locations each): thousands of records cost the page seconds.
    db.createObjectStore(RESULTS, { autoIncrement: true });
    db.createObjectStore(SURVEYS, { keyPath: 'id' });
  },
});

export const indexedDbPortfolio: PortfolioStorage = {
  async read() {
    const db = await database();
    const tx = db.transaction([PORTFOLIO, RESULTS, SURVEYS]);
    const [portfolio, run, results, surveys] = await Promise.all([
      tx.objectStore(PORTFOLIO).get(KEY) as Promise<Portfolio | undefined>,
      tx.objectStore(PORTFOLIO).get(RUN_KEY) as Promise<RunState | undefined>,
      tx.objectStore(RESULTS).getAll() as Promise<LocationResult[][]>,
      tx.objectStore(SURVEYS).getAll() as Promise<MetSurvey[]>,
    ]);
    return portfolio ? { portfolio, run: run ?? NO_RUN, results: results.flat(), surveys } : null;
  },
  async writePortfolio(portfolio, clearResults) {
    const tx = (await database()).transaction([PORTFOLIO, RESULTS, SURVEYS], 'readwrite');
    await Promise.all([
      tx.objectStore(PORTFOLIO).put(portfolio, KEY),
      ...(clearResults ? [tx.objectStore(RESULTS).clear(), tx.objectStore(SURVEYS).clear()] : []),
      tx.done,
    ]);
  },
  async writeRun(run) {
    await (await database()).put(PORTFOLIO, run, RUN_KEY);
  },
  async addResults(results, surveys) {
    const tx = (await database()).transaction([RESULTS, SURVEYS], 'readwrite');
    await Promise.all([
      tx.objectStore(RESULTS).add(results),
      ...surveys.map((s) => tx.objectStore(SURVEYS).put(s)),
      tx.done,
    ]);
  },
  async clear() {
    const tx = (await database()).transaction([PORTFOLIO, RESULTS, SURVEYS], 'readwrite');
    await Promise.all([
      tx.objectStore(PORTFOLIO).clear(),
      tx.objectStore(RESULTS).clear(),
      tx.objectStore(SURVEYS).clear(),
      tx.done,
    ]);
  },
};
