import type { Survey } from './survey.ts';

/**
 * A block of the catalog's surveys, held by row however the block likes: a Survey is made when asked for. The catalog
 * (catalog.ts) orders, indexes and looks up across its blocks through these alone.
 */
export interface SurveyRows {
  readonly size: number;
  /** The survey in a row (0 ≤ row < size): the same object each time, or made anew. */
  survey(row: number): Survey;
  id(row: number): string;
  /** The row of the survey with this id, or -1. */
  rowOf(id: string): number;
  /** The extent of each row's footprint: west, south, east, north of row 0, then of row 1… */
  readonly boxes: Float64Array;
  /** The rows in `newestFirst` order. */
  readonly newestFirst: Uint32Array;
  /** The rows in `updatedFirst` order. */
  readonly updatedFirst: Uint32Array;
}

/** Newest capture first; ties broken by id so paging is stable. */
export function newestFirst(a: Survey, b: Survey): number {
  return (
    b.captureEnd.localeCompare(a.captureEnd) || b.captureStart.localeCompare(a.captureStart) || a.id.localeCompare(b.id)
  );
}

/** Most recently updated first; ties newest capture first. */
export const updatedFirst = (a: Survey, b: Survey): number =>
  b.lastUpdated.localeCompare(a.lastUpdated) || newestFirst(a, b);

/** The rows of `rows`, sorted by `order` of their surveys. */
function sortedRows(rows: SurveyRows, order: (a: Survey, b: Survey) => number): Uint32Array {
  const sorted = new Uint32Array(rows.size);
  for (let row = 0; row < sorted.length; row++) sorted[row] = row;
  return sorted.sort((a, b) => order(rows.survey(a), rows.survey(b)));
}

/** Surveys given as objects (the demo catalog, an operator's file, tests): each row is its object. */
export class ListedSurveys implements SurveyRows {
  private readonly rows = new Map<string, number>();
  private boxesOfRows: Float64Array | undefined;
  private capturedOrder: Uint32Array | undefined;
  private updatedOrder: Uint32Array | undefined;

  private readonly surveys: readonly Survey[];

  constructor(surveys: readonly Survey[]) {
    this.surveys = [...surveys];
    surveys.forEach((survey, row) => {
      if (this.rows.has(survey.id)) throw new Error(`Duplicate survey id "${survey.id}"`);
      this.rows.set(survey.id, row);
    });
  }

  get size(): number {
    return this.surveys.length;
  }

  survey(row: number): Survey {
    return this.surveys[row];
  }

  id(row: number): string {
    return this.surveys[row].id;
  }

  rowOf(id: string): number {
    return this.rows.get(id) ?? -1;
  }

  get boxes(): Float64Array {
    this.boxesOfRows ??= Float64Array.from(this.surveys.flatMap((survey) => survey.bbox));
    return this.boxesOfRows;
  }

  get newestFirst(): Uint32Array {
    this.capturedOrder ??= sortedRows(this, newestFirst);
    return this.capturedOrder;
  }

  get updatedFirst(): Uint32Array {
    this.updatedOrder ??= sortedRows(this, updatedFirst);
    return this.updatedOrder;
  }
}
