import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Survey, SurveyFootprint } from '../../api/model.ts';
import { footprintKeys, versionOf } from './footprint-queries.ts';

const entryKey = (surveyId: string, version: string) => `${surveyId}|${version}`;

/** The detail key's survey id and version; null for other footprint keys (e.g. by id alone). */
function detailOf(queryKey: QueryKey, baseUrl: string): string | null {
  const [scope, base, surveyId, version] = queryKey as unknown[];
  const [wantedScope] = footprintKeys.all(baseUrl);
  if (scope !== wantedScope || base !== baseUrl || typeof surveyId !== 'string' || typeof version !== 'string' || version === 'by-id') return null;
  return entryKey(surveyId, version);
}

/**
 * The footprints of one service held in the query cache, by survey and version: an immutable
 * snapshot (a new one per batch of arrivals), so that what depends on it recomputes once per batch.
 */
export class KnownFootprints {
  private constructor(private readonly entries: ReadonlyMap<string, SurveyFootprint>, readonly baseUrl: string) {}

  static fromCache(client: QueryClient, baseUrl: string): KnownFootprints {
    const entries = new Map<string, SurveyFootprint>();
    for (const query of client.getQueryCache().findAll({ queryKey: footprintKeys.all(baseUrl) })) {
      const key = detailOf(query.queryKey, baseUrl);
      if (key && query.state.data) entries.set(key, query.state.data as SurveyFootprint);
    }
    return new KnownFootprints(entries, baseUrl);
  }

  /** The key under which a cache entry would be held here, or null when it is no footprint of this service's surveys. */
  keyOf(queryKey: QueryKey): string | null {
    return detailOf(queryKey, this.baseUrl);
  }

  /** This snapshot with the arrivals added; itself when they add nothing new. */
  with(arrivals: readonly [string, SurveyFootprint][]): KnownFootprints {
    const fresh = arrivals.filter(([key, footprint]) => this.entries.get(key) !== footprint);
    if (fresh.length === 0) return this;
    const entries = new Map(this.entries);
    for (const [key, footprint] of fresh) entries.set(key, footprint);
    return new KnownFootprints(entries, this.baseUrl);
  }

  /** The current footprint of each survey given, where known. */
  forSurveys(surveys: readonly Survey[]): Map<string, SurveyFootprint> {
    const byId = new Map<string, SurveyFootprint>();
    for (const survey of surveys) {
      const footprint = this.entries.get(entryKey(survey.id, versionOf(survey)));
      if (footprint) byId.set(survey.id, footprint);
    }
    return byId;
  }
}
