import { formatAge } from '../../format/date-format.ts';
import type { ExportPlan } from './export-plan.ts';
import { captureDateText, cloudText } from './export-dialog-text.ts';
import type { SourceSurvey } from './tile-selection.ts';

/** Cloud cover above this (percent) is flagged: the survey list's stricter cloud limit. */
const CLOUD_FLAG_PERCENT = 10;
/** Imagery captured longer ago than this is flagged with its age. */
const AGE_FLAG_DAYS = 365;

const DAY_MS = 86_400_000;
const captured = (s: SourceSurvey) => s.captureEnd || s.captureStart;

/**
 * What a careful analyst would want to know about the imagery the plan uses, before the export: a survey over
 * CLOUD_FLAG_PERCENT cloud, one whose cloud cover is not published (unknown, not clear), one older than a year, and
 * newer imagery of the results that the rule did not take. `sources`: every survey the rule chose from.
 */
export function planFlags(
  plan: Pick<ExportPlan, 'surveys' | 'selection'>,
  sources: readonly SourceSurvey[],
  now: Date,
): string[] {
  const flags: string[] = [];
  const clearest = Math.min(...sources.map((s) => s.cloudCover ?? Number.POSITIVE_INFINITY));
  for (const survey of plan.surveys) {
    const { surveyId, cloudCover } = survey;
    if (cloudCover === null) flags.push(`${surveyId}: its cloud cover is not published, so it is unknown, not clear.`);
    else if (cloudCover > CLOUD_FLAG_PERCENT)
      flags.push(
        `${surveyId}: ${cloudText(cloudCover)} cloud cover, over ${CLOUD_FLAG_PERCENT} %: its tiles may show cloud.` +
          (clearest < cloudCover && plan.selection.rule !== 'least-cloud'
            ? ' Least cloud, or a cloud limit, takes clearer imagery where the results have some.'
            : ''),
      );
    if (now.getTime() - Date.parse(captured(survey)) > AGE_FLAG_DAYS * DAY_MS)
      flags.push(`${surveyId}: captured ${captureDateText(survey)}, ${formatAge(captured(survey), now)} ago.`);
  }
  const used = new Set(plan.surveys.map((s) => s.surveyId));
  const newestUsed = Math.max(...plan.surveys.map((s) => Date.parse(captured(s))));
  const newer = sources.filter((s) => !used.has(s.surveyId) && Date.parse(captured(s)) > newestUsed);
  if (plan.selection.rule !== 'newest' && newer.length > 0)
    flags.push(
      `Newer imagery in the results is not used: ${newer
        .map((s) => `${s.surveyId} (captured ${captureDateText(s)}, cloud ${cloudText(s.cloudCover)})`)
        .join(', ')}.`,
    );
  return flags;
}
