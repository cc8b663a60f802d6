import { createHash } from 'node:crypto';
import type { Survey } from './survey.ts';

const versions = new WeakMap<Survey, string>();

/**
 * A digest of everything the service publishes or renders for a survey. Caches and ETags key on it,
 * so a reloaded catalog file changes them for exactly the surveys whose entry changed, even when the
 * operator forgot to bump last_updated.
 */
export function surveyVersion(survey: Survey): string {
  let version = versions.get(survey);
  if (version === undefined) {
    const content = JSON.stringify([
      survey.id,
      survey.captureStart,
      survey.captureEnd,
      survey.publishedDate,
      survey.lastUpdated,
      survey.cloudCover,
      survey.spectralRange,
      survey.resolutionClass,
      survey.seed,
      survey.footprint,
      survey.republished ?? null,
    ]);
    version = createHash('sha1').update(content).digest('base64url').slice(0, 16);
    versions.set(survey, version);
  }
  return version;
}
