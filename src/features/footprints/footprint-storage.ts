import type { SurveyFootprint } from '../../api/model.ts';

/** Footprints kept across reloads (they rarely change). Geometry only: never a credential. */
const PREFIX = 'survey-viewer:footprint:v1:';

/** One entry per service and survey; the version stamp inside tells whether it is still current. */
const storageKey = (baseUrl: string, surveyId: string) => `${PREFIX}${baseUrl}|${surveyId}`;

interface StoredFootprint {
  version: string;
  footprint: SurveyFootprint;
}

export function readStoredFootprint(baseUrl: string, surveyId: string, version: string): SurveyFootprint | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(baseUrl, surveyId)) ?? 'null') as StoredFootprint | null;
    return stored?.version === version ? stored.footprint : undefined;
  } catch {
    return undefined;
  }
}

export function storeFootprint(baseUrl: string, version: string, footprint: SurveyFootprint): void {
  try {
    localStorage.setItem(storageKey(baseUrl, footprint.surveyId), JSON.stringify({ version, footprint } satisfies StoredFootprint));
  } catch {
    // Storage full or unavailable: the footprint is simply fetched again next time.
  }
}
