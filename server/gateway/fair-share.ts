/**
 * Whether one more upstream request fits, from one minute's counts of every person's requests (this one counted): the
 * person's own share (GATEWAY_USER_RATE_LIMIT), the team's budget (GATEWAY_TEAM_RATE_LIMIT) and, when the team's budget
 * is contended, a fair share of it. The people using the budget are those who asked this minute or the last; each is
 * owed `team / people`. A person past that share is still served while what is left would cover everyone else's unmet
 * share (the budget is not held idle for nobody), and refused once it would not: so a person who starts asking while
 * another floods still gets their share, and two people flooding get half each. Pure: the same rule for one gateway's
 * counts and for replicas' counts in Redis.
 */
export interface MinuteCounts {
  /** This minute's requests per person, the request being decided included. */
  counts: Map<string, number>;
  /** Who asked last minute (still using the budget, if quiet this minute so far). */
  lastMinute: Iterable<string>;
}

export interface ShareLimits {
  /** One person's requests a minute; 0: no limit of their own. */
  perPerson: number;
  /** Everyone's requests a minute together; 0: no team limit. */
  team: number;
}

export type Refusal =
  | { why: 'person'; limit: number }
  | { why: 'team'; limit: number }
  | { why: 'fair'; limit: number };

export function refusal(person: string, { counts, lastMinute }: MinuteCounts, limits: ShareLimits): Refusal | null {
  const used = counts.get(person) ?? 0;
  if (limits.perPerson > 0 && used > limits.perPerson) return { why: 'person', limit: limits.perPerson };
  if (limits.team <= 0) return null;
  let total = 0;
  for (const count of counts.values()) total += count;
  if (total > limits.team) return { why: 'team', limit: limits.team };
  const people = new Set([...counts.keys(), ...lastMinute]);
  const fair = Math.max(1, Math.floor(limits.team / people.size));
  if (used <= fair) return null;
  let owed = 0;
  for (const other of people) if (other !== person) owed += Math.max(0, fair - (counts.get(other) ?? 0));
  return total + owed > limits.team ? { why: 'fair', limit: fair } : null;
}
