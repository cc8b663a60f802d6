import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Survey, SurveyFootprint } from '../../../core/wire/model.ts';
import { footprintKeys, versionOf } from '../../catalog/footprint-queries.ts';

type Versions = ReadonlyMap<string, SurveyFootprint>;
export type Arrival = [surveyId: string, version: string, footprint: SurveyFootprint];

/** The detail key's survey id and version; null for other footprint keys (e.g. by id alone). */
function detailOf(queryKey: QueryKey, baseUrl: string): [string, string] | null {
  const [scope, base, surveyId, version] = queryKey as unknown[];
  const [wantedScope] = footprintKeys.all(baseUrl);
  if (
    scope !== wantedScope ||
    base !== baseUrl ||
    typeof surveyId !== 'string' ||
    typeof version !== 'string' ||
    version === 'by-id'
  )
    return null;
  return [surveyId, version];
}

/**
 * The footprints of one service held in the query cache, by survey and version: an immutable
 * snapshot (a new one per batch of arrivals), so that what depends on it recomputes once per batch.
 */
export class KnownFootprints {
  /** Survey id → version → footprint. */
  private constructor(
    private readonly entries: ReadonlyMap<string, Versions>,
    readonly baseUrl: string,
  ) {}

  static fromCache(client: QueryClient, baseUrl: string): KnownFootprints {
    const arrivals: Arrival[] = [];
    for (const query of client.getQueryCache().findAll({ queryKey: footprintKeys.all(baseUrl) })) {
      const detail = detailOf(query.queryKey, baseUrl);
      if (detail && query.state.data) arrivals.push([...detail, query.state.data as SurveyFootprint]);
    }
    return new KnownFootprints(new Map(), baseUrl).with(arrivals);
  }

  /**
   * The key under which a cache entry would be held here, or null when it is no footprint of this service's surveys.
   */
  keyOf(queryKey: QueryKey): [string, string] | null {
    return detailOf(queryKey, this.baseUrl);
  }

  /** This snapshot with the arrivals added; itself when they add nothing new. */
  with(arrivals: readonly Arrival[]): KnownFootprints {
    const fresh = arrivals.filter(([id, version, footprint]) => this.entries.get(id)?.get(version) !== footprint);
    if (fresh.length === 0) return this;
    const entries = new Map(this.entries);
    for (const [id, version, footprint] of fresh) entries.set(id, new Map(entries.get(id)).set(version, footprint));
    return new KnownFootprints(entries, this.baseUrl);
  }

  /** The current footprint of each survey given, where known. */
  forSurveys(surveys: readonly Survey[]): Map<string, SurveyFootprint> {
    const byId = new Map<string, SurveyFootprint>();
    for (const survey of surveys) {
      const footprint = this.entries.get(survey.id)?.get(versionOf(survey));
      if (footprint) byId.set(survey.id, footprint);
    }
    return byId;
  }
}
