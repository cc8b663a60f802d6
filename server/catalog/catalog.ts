import Flatbush from 'flatbush';
import { LRUCache } from 'lru-cache';
import { prepareArea } from '../../core/geo/prepared-area.ts';
import type { AreaGeometry, Extent } from '../../core/geo/geometry.ts';
import { mergeSorted } from './merge-sorted.ts';
import type { Survey } from './survey.ts';
import { ListedSurveys, newestFirst, type SurveyRows, updatedFirst } from './survey-rows.ts';

export interface CoverageFilter {
  /** YYYY-MM-DD: keep surveys whose capture ends on or after this day. */
  observedStart?: string;
  /** YYYY-MM-DD: keep surveys whose capture starts on or before this day. */
  observedEnd?: string;
}

export type ListOrder = 'captured' | 'updated';

const rowsOf = (part: readonly Survey[] | SurveyRows): SurveyRows =>
  Array.isArray(part) ? new ListedSurveys(part) : (part as SurveyRows);

/**
 * The surveys a service instance publishes, with a spatial index over their footprints. They are held in blocks
 * (survey-rows.ts): surveys given as objects, and generated ones (synthetic.ts) held as numbers and made when asked
 * for. Across the blocks a survey is known by its row: its block's first row plus its row in the block; the lists and
 * the index hold rows, so that a million surveys are a few typed arrays, not a million objects.
 */
export class Catalog {
  private readonly blocks: SurveyRows[];
  /** Each block's first row. */
  private readonly starts: number[] = [];
  /** Rows, newest capture first: a survey's place here is also its item in the index. */
  private readonly captured: Uint32Array;
  private updated: Uint32Array | undefined;
  private readonly index: Flatbush | undefined;
  private extentOfAll: Extent | undefined;
  /**
   * Surveys lately asked for by id or by tile: asked for again (for their next tiles), they are the same objects, and
   * what is cached on them (rendering, ETags) is used again.
   */
  private readonly recent = new LRUCache<number, Survey>({ max: 4096 });

  constructor(...parts: (readonly Survey[] | SurveyRows)[]) {
    this.blocks = parts.map(rowsOf).filter((block) => block.size > 0);
    let size = 0;
    for (const block of this.blocks) {
      this.starts.push(size);
      size += block.size;
    }
    this.refuseSharedIds();
    this.captured = this.merged((block) => block.newestFirst, newestFirst);
    if (size > 0) {
      const boxes = this.boxes();
      this.index = new Flatbush(size);
      for (const row of this.captured)
        this.index.add(boxes[4 * row], boxes[4 * row + 1], boxes[4 * row + 2], boxes[4 * row + 3]);
      this.index.finish();
    }
  }

  get size(): number {
    return this.captured.length;
  }

  get(id: string): Survey | undefined {
    for (const [b, block] of this.blocks.entries()) {
      const row = block.rowOf(id);
      if (row >= 0) return this.kept(this.starts[b] + row);
    }
    return undefined;
  }

  /** Every survey, newest capture first or (order "updated") most recently updated first (ties: newest capture). */
  list(order: ListOrder = 'captured'): Survey[] {
    return Array.from(this.rows(order), (row) => this.surveyAt(row));
  }

  /** One page of the list, newest capture first or (order "updated") most recently updated first. */
  page(page: number, pageSize: number, order: ListOrder = 'captured'): { results: Survey[]; total: number } {
    const start = (page - 1) * pageSize;
    const rows = this.rows(order);
    const results = Array.from(rows.slice(start, start + pageSize), (row) => this.surveyAt(row));
    return { results, total: rows.length };
  }

  /** The extent of every footprint (undefined for an empty catalog), made on first use. */
  get extent(): Extent | undefined {
    if (this.size === 0) return undefined;
    if (!this.extentOfAll) {
      const all: Extent = [180, 90, -180, -90];
      const boxes = this.boxes();
      for (const row of this.captured) {
        all[0] = Math.min(all[0], boxes[4 * row]);
        all[1] = Math.min(all[1], boxes[4 * row + 1]);
        all[2] = Math.max(all[2], boxes[4 * row + 2]);
        all[3] = Math.max(all[3], boxes[4 * row + 3]);
      }
      this.extentOfAll = all;
    }
    return this.extentOfAll;
  }

  /** Surveys whose bounding box meets the box, newest first. */
  inBox(minX: number, minY: number, maxX: number, maxY: number): Survey[] {
    if (!this.index) return [];
    return this.index
      .search(minX, minY, maxX, maxY)
      .sort((a, b) => a - b)
      .map((i) => this.kept(this.captured[i]));
  }

  /**
   * Surveys whose footprint truly intersects (shares at least a point with) the area, newest first.
   * Index first: bounding boxes from the R-tree, then the area prepared once (a grid of its edges and
   * inside/outside cells) answers each candidate, most by bounding box alone.
   */
  intersecting(area: AreaGeometry, filter: CoverageFilter = {}): Survey[] {
    return [...this.intersectingInTurn(area, filter)];
  }

  /** `intersecting`, one survey at a time: each candidate's test is done when the next survey is asked for. */
  *intersectingInTurn(area: AreaGeometry, filter: CoverageFilter = {}): Generator<Survey, void, undefined> {
    if (!this.index) return;
    const prepared = prepareArea(area);
    const [minX, minY, maxX, maxY] = prepared.bbox;
    const candidates = Uint32Array.from(this.index.search(minX, minY, maxX, maxY)).sort();
    for (const i of candidates) {
      const survey = this.surveyAt(this.captured[i]);
      if (matchesDates(survey, filter) && prepared.intersects(survey.footprint, survey.bbox)) yield survey;
    }
  }

  private rows(order: ListOrder): Uint32Array {
    if (order === 'captured') return this.captured;
    this.updated ??= this.merged((block) => block.updatedFirst, updatedFirst);
    return this.updated;
  }

  private blockOf(row: number): number {
    let b = this.blocks.length - 1;
    while (this.starts[b] > row) b--;
    return b;
  }

  private surveyAt(row: number): Survey {
    const b = this.blockOf(row);
    return this.blocks[b].survey(row - this.starts[b]);
  }

  private kept(row: number): Survey {
    let survey = this.recent.get(row);
    if (survey === undefined) {
      survey = this.surveyAt(row);
      this.recent.set(row, survey);
    }
    return survey;
  }

  /** Every row's box, four numbers a row (see SurveyRows.boxes). */
  private boxes(): Float64Array {
    if (this.blocks.length === 1) return this.blocks[0].boxes;
    const all = new Float64Array(4 * this.size);
    for (const [b, block] of this.blocks.entries()) all.set(block.boxes, 4 * this.starts[b]);
    return all;
  }

  /** The blocks' own orders of their rows, merged into one by `order` of the surveys. */
  private merged(ordered: (block: SurveyRows) => Uint32Array, order: (a: Survey, b: Survey) => number): Uint32Array {
    const byRows = (a: number, b: number) => order(this.surveyAt(a), this.surveyAt(b));
    return this.blocks.reduce((all: Uint32Array, block, b) => {
      const start = this.starts[b];
      const rows = Uint32Array.from(ordered(block));
      if (start > 0) for (let i = 0; i < rows.length; i++) rows[i] += start;
      return all.length === 0 ? rows : mergeSorted(all, rows, byRows);
    }, new Uint32Array(0));
  }

  /** An id in two blocks is refused, as one given twice in a block is. */
  private refuseSharedIds(): void {
    for (const [b, block] of this.blocks.entries()) {
      for (const other of this.blocks.slice(0, b)) {
        const [few, many] = block.size <= other.size ? [block, other] : [other, block];
        for (let row = 0; row < few.size; row++) {
          if (many.rowOf(few.id(row)) >= 0) throw new Error(`Duplicate survey id "${few.id(row)}"`);
        }
      }
    }
  }
}

function matchesDates(survey: Survey, { observedStart, observedEnd }: CoverageFilter): boolean {
  if (observedStart && survey.captureEnd.slice(0, 10) < observedStart) return false;
  if (observedEnd && survey.captureStart.slice(0, 10) > observedEnd) return false;
  return true;
}
