import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import { percentsCovered, uncoveredPart, type UncoveredPart } from '../../area/coverage-share.ts';

/** The geometry work of ranking a search's results: what the coverage worker is asked. */
export interface CoverageJob {
  area: AreaGeometry;
  /** Only the footprints whose bounding box meets the area's (the others cover none of it). */
  footprints: AreaGeometry[];
}

export interface CoverageJobAnswer {
  /** Percent of the area each footprint covers, in the job's order. */
  percents: number[];
  uncovered: UncoveredPart;
}

export const runCoverageJob = ({ area, footprints }: CoverageJob): CoverageJobAnswer => ({
  percents: percentsCovered(area, footprints),
  uncovered: uncoveredPart(area, footprints),
});
