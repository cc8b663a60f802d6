import { withinCloudLimit } from '../../../core/wire/model.ts';
import { isoDay } from '../../format/date-format.ts';
/** What the coverage check found for one location. */
export interface LocationResult {
  id: number;
  /** Surveys whose footprint meets the location, in the service's order. */
  surveyIds: string[];
  /** Share (0–100) of the location's area inside those footprints together. */
  percentCovered: number;
}

/** A survey met by some location: what the results table and the map need of it. */
export interface MetSurvey {
  id: string;
  captureStart: string;
  captureEnd: string;
  /** Percent of the survey under cloud, where the service says (the provider's catalog does not). */
  cloudCover?: number | null;
}

/**
 * One location's surveys read against the event date: newest, latest before it and first after it — of those within
 * the cloud limit.
 */
export interface CaptureSummary {
  latest: MetSurvey | null;
  before: MetSurvey | null;
  after: MetSurvey | null;
  /** Surveys meeting the location but not within the cloud limit: never chosen as latest, before or after. */
  cloudy: number;
}

/** How a location's captures are chosen: around the event date (YYYY-MM-DD), within a cloud limit (percent). */
export interface CaptureRules {
  eventDate: string | null;
  maxCloudCover: number | null;
}

/** A capture's time as the views order captures: its start, as the timeline, list and readouts show it. */
const startOf = (survey: MetSurvey) => survey.captureStart || survey.captureEnd;

/**
 * Latest by capture start (as every view shows a capture by its start; the later end breaks a tie); before the event:
 * captured entirely before its day; after: captured from its day on (a survey flown across the event date is
 * neither). Surveys over the cloud limit are counted, not chosen.
 */
export function summariseCaptures(
  surveys: readonly MetSurvey[],
  { eventDate, maxCloudCover }: CaptureRules,
): CaptureSummary {
  let latest: MetSurvey | null = null;
  let before: MetSurvey | null = null;
  let after: MetSurvey | null = null;
  let cloudy = 0;
  for (const survey of surveys) {
    if (!withinCloudLimit(survey.cloudCover, maxCloudCover)) {
      cloudy += 1;
      continue;
    }
    if (
      !latest ||
      startOf(survey) > startOf(latest) ||
      (startOf(survey) === startOf(latest) && survey.captureEnd > latest.captureEnd)
    )
      latest = survey;
    if (!eventDate) continue;
    if (isoDay(survey.captureEnd) < eventDate && (!before || survey.captureEnd > before.captureEnd)) before = survey;
    if (isoDay(survey.captureStart) >= eventDate && (!after || survey.captureStart < after.captureStart))
      after = survey;
  }
  return { latest, before, after, cloudy };
}
