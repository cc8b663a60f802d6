/** What other features use of an area's coverage: its queries and results. */
export type { CoverageResult } from './coverage-results.ts';
export type { CoverageAnswer } from './use-coverage.ts';
