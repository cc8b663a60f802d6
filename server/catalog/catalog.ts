import Flatbush from 'flatbush';
import { prepareArea } from '../../core/geo/prepared-area.ts';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import type { Survey } from './survey.ts';

export interface CoverageFilter {
  /** YYYY-MM-DD: keep surveys whose capture ends on or after this day. */
  observedStart?: string;
  /** YYYY-MM-DD: keep surveys whose capture starts on or before this day. */
  observedEnd?: string;
}

/** Newest capture first; ties broken by id so paging is stable. */
function newestFirst(a: Survey, b: Survey): number {
  return (
    b.captureEnd.localeCompare(a.captureEnd) || b.captureStart.localeCompare(a.captureStart) || a.id.localeCompare(b.id)
  );
}

/** The surveys a service instance publishes, with a spatial index over their footprints. */
export class Catalog {
  readonly surveys: readonly Survey[];
  private readonly byId = new Map<string, Survey>();
  private readonly index: Flatbush | undefined;
  private updatedOrder: Survey[] | undefined;

  constructor(surveys: Survey[]) {
    this.surveys = [...surveys].sort(newestFirst);
    for (const survey of this.surveys) {
      if (this.byId.has(survey.id)) throw new Error(`Duplicate survey id "${survey.id}"`);
      this.byId.set(survey.id, survey);
    }
    if (this.surveys.length > 0) {
      this.index = new Flatbush(this.surveys.length);
      for (const { bbox } of this.surveys) this.index.add(bbox[0], bbox[1], bbox[2], bbox[3]);
      this.index.finish();
    }
  }

  get size(): number {
    return this.surveys.length;
  }

  get(id: string): Survey | undefined {
    return this.byId.get(id);
  }

  /** Most recently updated first (ties: newest capture first), made on first use. */
  get byLastUpdated(): readonly Survey[] {
    this.updatedOrder ??= [...this.surveys].sort(
      (a, b) => b.lastUpdated.localeCompare(a.lastUpdated) || newestFirst(a, b),
    );
    return this.updatedOrder;
  }

  /** One page of the list, newest capture first or (order "updated") most recently updated first. */
  page(
    page: number,
    pageSize: number,
    order: 'captured' | 'updated' = 'captured',
  ): { results: Survey[]; total: number } {
    const start = (page - 1) * pageSize;
    const list = order === 'updated' ? this.byLastUpdated : this.surveys;
    return { results: list.slice(start, start + pageSize), total: list.length };
  }

  /** Surveys whose bounding box meets the box, newest first. */
  inBox(minX: number, minY: number, maxX: number, maxY: number): Survey[] {
    if (!this.index) return [];
    return this.index
      .search(minX, minY, maxX, maxY)
      .sort((a, b) => a - b)
      .map((i) => this.surveys[i]);
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
      const survey = this.surveys[i];
      if (matchesDates(survey, filter) && prepared.intersects(survey.footprint, survey.bbox)) yield survey;
    }
  }
}

function matchesDates(survey: Survey, { observedStart, observedEnd }: CoverageFilter): boolean {
  if (observedStart && survey.captureEnd.slice(0, 10) < observedStart) return false;
  if (observedEnd && survey.captureStart.slice(0, 10) > observedEnd) return false;
  return true;
}
