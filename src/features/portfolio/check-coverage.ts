import { ApiError } from '../../api/api-error.ts';
import type { FailureLike } from '../../api/retry-policy.ts';
import { withRetries } from '../../api/retry-policy.ts';
import type { FoundFootprint } from './assign-surveys.ts';
import type { LocationResult, MetSurvey } from './location-result.ts';
import type { PortfolioLocation } from './location.ts';
import type { PlannedQuery } from './portfolio-jobs.ts';

/** A survey as a coverage query returns it: its dates and its footprint. */
export type FoundSurvey = MetSurvey & FoundFootprint;

export interface CheckDeps {
  plan(locations: PortfolioLocation[], radiusM: number): Promise<PlannedQuery[]>;
  query(wkt: string, signal: AbortSignal): Promise<FoundSurvey[]>;
  assign(locations: PortfolioLocation[], radiusM: number, found: FoundFootprint[]): Promise<LocationResult[]>;
  /** Keeps one query's results (IndexedDB) before they count as done. */
  save(results: LocationResult[], surveys: MetSurvey[]): Promise<void>;
  failureOf(error: unknown): FailureLike | null;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

interface CheckProgress {
  /** Queries planned for the locations not yet done when this run started. */
  planned: number;
  /** Requests sent (retries included). */
  sent: number;
}

export interface CheckOptions {
  locations: readonly PortfolioLocation[];
  radiusM: number;
  /** Locations already answered (a resumed run skips them). */
  done: ReadonlySet<number>;
  concurrency: number;
  maxRetries: number;
  signal: AbortSignal;
  /** Asked before each query: once true, the run stops taking new queries and ends when those in flight are saved. */
  pausing(): boolean;
  onProgress(progress: CheckProgress): void;
  /** A location the service refused even alone, as soon as it is: the export lists it with the service's answer. */
  onRefused?(location: PortfolioLocation, error: unknown): void;
}

/**
 * A refusal of what a query asked (its area: malformed, too large, too many vertices, too long for a URL), not of the
 * session or the service's state: other queries may still be answered.
 */
const REFUSALS = new Set([400, 413, 414, 422]);

/** Locations the service refused even alone: the first refusal, with every refused location's line. */
function refusedLocations(refused: { location: PortfolioLocation; error: unknown }[]): ApiError {
  const [{ error }] = refused;
  const first = error instanceof ApiError ? error : null;
  const lines = refused.map((r) => r.location.line).sort((a, b) => a - b);
  const which =
    refused.length === 1
      ? `location "${refused[0].location.label}" (line ${lines[0]})`
      : `${lines.length} locations (lines ${lines.join(', ')})`;
  return new ApiError(
    first?.status ?? 0,
    first?.code ?? 'refused',
    `The service refused the ${which}; every other location was checked. ${first?.message ?? String(error)}`,
    first?.correlationId ?? null,
  );
}

export const CHECK_CONCURRENCY = 4;
export const CHECK_MAX_RETRIES = 6;

/**
 * Checks the locations not yet done: groups them into coverage queries (off the page's thread), sends them a few at a
 * time (429 waits for Retry-After, 5xx and lost connections back off), assigns each query's surveys to its locations
 * and saves them as each query finishes. A query the service refuses for what it asks (see REFUSALS) is asked again
 * location by location, so that one location cannot hold back its group; the locations refused even alone are left
 * unanswered (a resumed run asks again) and reported once everything else is done. Resolves when every query is done
 * or the run was paused; rejects with the first failure that retrying cannot mend, the refused locations, or the
 * abort.
 */
export async function checkCoverage(options: CheckOptions, deps: CheckDeps): Promise<'done' | 'paused'> {
  const { locations, radiusM, signal } = options;
  const remaining = locations.filter((l) => !options.done.has(l.id));
  const queries = remaining.length > 0 ? await deps.plan(remaining, radiusM) : [];
  signal.throwIfAborted();
  const progress: CheckProgress = { planned: queries.length, sent: 0 };
  options.onProgress({ ...progress });
  let next = 0;
  let failure: unknown = null;
  const refused: { location: PortfolioLocation; error: unknown }[] = [];
  // Saving runs beside the next query (a location counts as done once saved); a save failing stops the run.
  const saving: Promise<void>[] = [];
  const slot = async () => {
    while (next < queries.length && failure === null && !options.pausing()) {
      const { ids, wkt } = queries[next++];
      try {
        const found = await withRetries(
          (attemptSignal) => {
            progress.sent += 1;
            options.onProgress({ ...progress });
            return deps.query(wkt, attemptSignal);
          },
          deps.failureOf,
          { maxRetries: options.maxRetries, signal, sleep: deps.sleep },
        );
        const results = await deps.assign(
          ids.map((id) => locations[id]),
          radiusM,
          found.map(({ id, footprint }) => ({ id, footprint })),
        );
        signal.throwIfAborted();
        const surveys = found.map(({ footprint, ...survey }) => survey);
        saving.push(
          deps.save(results, surveys).catch((error: unknown) => {
            failure ??= error;
          }),
        );
      } catch (error) {
        if (signal.aborted || !REFUSALS.has(deps.failureOf(error)?.status ?? 0)) {
          failure ??= error;
        } else if (ids.length === 1) {
          refused.push({ location: locations[ids[0]], error });
          options.onRefused?.(locations[ids[0]], error);
        } else {
          const alone = (await Promise.all(ids.map((id) => deps.plan([locations[id]], radiusM)))).flat();
          queries.push(...alone);
          progress.planned += alone.length;
          options.onProgress({ ...progress });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, Math.max(1, queries.length)) }, slot));
  await Promise.all(saving);
  if (failure !== null) throw failure;
  signal.throwIfAborted();
  if (next < queries.length) return 'paused';
  if (refused.length > 0) throw refusedLocations(refused);
  return 'done';
}
