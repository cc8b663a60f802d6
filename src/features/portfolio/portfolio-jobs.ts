import { areaToWkt } from '../../area/wkt.ts';
import { assignSurveys, type FoundFootprint } from './assign-surveys.ts';
import { groupLocations } from './group-locations.ts';
import type { LocationResult } from './location-result.ts';
import type { LocationPlace } from './location.ts';

/** A coverage query planned for some locations: their ids and the WKT sent. */
export interface PlannedQuery {
  ids: number[];
  wkt: string;
}

/** The geometry work of a coverage check, done off the page's thread. */
export type PortfolioJob =
  | { kind: 'plan'; locations: LocationPlace[]; radiusM: number }
  | { kind: 'assign'; locations: LocationPlace[]; radiusM: number; found: FoundFootprint[] };

export function runPortfolioJob(job: PortfolioJob): PlannedQuery[] | LocationResult[] {
  if (job.kind === 'plan')
    return groupLocations(job.locations, job.radiusM).map((group) => ({ ids: group.ids, wkt: areaToWkt(group.area) }));
  return assignSurveys(job.locations, job.radiusM, job.found);
}
