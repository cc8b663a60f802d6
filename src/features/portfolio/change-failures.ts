/**
 * Locations whose change could not be scored (every tile of theirs failed): what the service said — HTTP status,
 * message, correlation id — as the table, the notice and the exports say it, and the part of a run a Retry asks again.
 */
import type { PairFailure } from '../change/index.ts';
import type { ChangePlan, LocationChange } from './location-change.ts';

/** "HTTP 503", or "No answer" where none arrived (a network failure, a tile that could not be read). */
export const failureStatus = ({ status }: PairFailure): string => (status === 0 ? 'No answer' : `HTTP ${status}`);

/** The whole of it in a line: "HTTP 503: The service is temporarily unavailable. (correlation id 6f0c…)". */
export const failureLine = (failure: PairFailure): string =>
  `${failureStatus(failure)}: ${failure.message}` +
  (failure.correlationId ? ` (correlation id ${failure.correlationId})` : '');

/** The failed locations grouped by what the service said (status and message), most first, in file order within. */
export function failureGroups(
  changes: ReadonlyMap<number, LocationChange> | undefined,
): { failure: PairFailure; count: number }[] {
  const groups = new Map<string, { failure: PairFailure; count: number }>();
  for (const { failure } of changes?.values() ?? []) {
    if (!failure) continue;
    const key = `${failure.status} ${failure.message}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { failure, count: 1 });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/**
 * What a run of the plan still has to compare, given the scores it has: the locations without one, and those whose
 * tiles all failed (a Retry asks them again and keeps every other score).
 */
export function unscoredPart(plan: ChangePlan, scored: ReadonlyMap<number, LocationChange> | undefined): ChangePlan {
  if (!scored) return plan;
  const pairs: ChangePlan['pairs'] = [];
  const locations: ChangePlan['locations'] = [];
  for (const { id, first, count } of plan.locations) {
    const change = scored.get(id);
    if (change && change.verdict !== 'failed') continue;
    locations.push({ id, first: pairs.length, count });
    pairs.push(...plan.pairs.slice(first, first + count));
  }
  return { ...plan, pairs, locations };
}
