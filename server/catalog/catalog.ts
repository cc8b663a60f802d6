import Flatbush from 'flatbush';
import { bbox as bboxOf, booleanIntersects } from '@turf/turf';
import type { Footprint, Survey } from './survey.ts';

export interface CoverageFilter {
  /** YYYY-MM-DD: keep surveys whose capture ends on or after this day. */
  observedStart?: string;
  /** YYYY-MM-DD: keep surveys whose capture starts on or before this day. */
  observedEnd?: string;
}

/** Newest capture first; ties broken by id so paging is stable. */
function newestFirst(a: Survey, b: Survey): number {
  return b.captureEnd.localeCompare(a.captureEnd) || b.captureStart.localeCompare(a.captureStart) || a.id.localeCompare(b.id);
}

/** The surveys a service instance publishes, with a spatial index over their footprints. */
export class Catalog {
  readonly surveys: readonly Survey[];
  private readonly byId = new Map<string, Survey>();
  private readonly index: Flatbush | undefined;

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

  page(page: number, pageSize: number): { results: Survey[]; total: number } {
    const start = (page - 1) * pageSize;
    return { results: this.surveys.slice(start, start + pageSize), total: this.surveys.length };
  }

  /** Surveys whose bounding box meets the box, newest first. */
  inBox(minX: number, minY: number, maxX: number, maxY: number): Survey[] {
    if (!this.index) return [];
    return this.index.search(minX, minY, maxX, maxY).sort((a, b) => a - b).map((i) => this.surveys[i]);
  }

  /** Surveys whose footprint truly intersects (shares at least a point with) the area, newest first. */
  intersecting(area: Footprint, filter: CoverageFilter = {}): Survey[] {
    const [minX, minY, maxX, maxY] = bboxOf(area);
    return this.inBox(minX, minY, maxX, maxY).filter(
      (survey) => matchesDates(survey, filter) && booleanIntersects(survey.footprint, area),
    );
  }
}

function matchesDates(survey: Survey, { observedStart, observedEnd }: CoverageFilter): boolean {
  if (observedStart && survey.captureEnd.slice(0, 10) < observedStart) return false;
  if (observedEnd && survey.captureStart.slice(0, 10) > observedEnd) return false;
  return true;
}
