import type { ImportProblem } from './import-problems.ts';
import type { LocationRefusal, Portfolio, RunStatus } from './portfolio.ts';
import type { PortfolioRow } from './portfolio-rows.ts';

/** What became of one input row: checked, not read (why), refused by the service (its answer), or not checked yet. */
type LineStatus = 'checked' | 'not read' | 'refused' | 'not checked';

/** One input row of an export, in the file's order: a location (with its answer so far) or a row that was not read. */
export type ExportLine =
  | { kind: 'location'; row: PortfolioRow; status: LineStatus; reason: string; refusal: LocationRefusal | null }
  | { kind: 'not read'; problem: ImportProblem; status: 'not read'; reason: string; refusal: null };

/** Why the locations without an answer have none, from how the last run ended. */
export function notCheckedReason(status: RunStatus, failure: unknown): string {
  switch (status) {
    case 'running':
      return 'the check is under way';
    case 'paused':
      return 'the check was paused before this location';
    case 'cancelled':
      return 'the check was cancelled before this location';
    case 'failed':
      return `the check stopped before this location: ${failure instanceof Error ? failure.message : 'see the app'}`;
    default:
      return 'the coverage check has not been run';
  }
}

/**
 * Every input row in the file's order (by line): each location with its status, and each row that was not read with
 * its reason, so that an export loses nothing.
 */
export function exportLines(
  portfolio: Pick<Portfolio, 'problems'>,
  rows: readonly PortfolioRow[],
  refused: readonly LocationRefusal[],
  notChecked: string,
): ExportLine[] {
  const refusals = new Map(refused.map((r) => [r.id, r]));
  const locations = rows.map((row): ExportLine => {
    const refusal = row.result ? null : (refusals.get(row.location.id) ?? null);
    if (row.result) return { kind: 'location', row, status: 'checked', reason: '', refusal };
    if (refusal) return { kind: 'location', row, status: 'refused', reason: refusal.message, refusal };
    return { kind: 'location', row, status: 'not checked', reason: notChecked, refusal };
  });
  const problems = portfolio.problems.map(
    (problem): ExportLine => ({ kind: 'not read', problem, status: 'not read', reason: problem.reason, refusal: null }),
  );
  const lineOf = (line: ExportLine) => (line.kind === 'location' ? line.row.location.line : line.problem.line);
  // Both lists are in file order already (as the readers make them): merged, not sorted.
  const merged: ExportLine[] = [];
  let p = 0;
  for (const location of locations) {
    while (
      p < problems.length &&
      // Stryker disable next-line EqualityOperator: a line is a location or a row not read, never both: never equal.
      lineOf(problems[p]) < lineOf(location)
    )
      merged.push(problems[p++]);
    merged.push(location);
  }
  return merged.concat(problems.slice(p));
}
