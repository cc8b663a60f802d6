import type { CoverageSurvey, Survey } from '../../../core/wire/model.ts';
import type { FootprintCollection } from './survey-footprints.ts';
import type { KnownFootprints } from './known-footprints.ts';

/** The listed surveys' footprints for the map, and what they were made from. */
export interface ListedCollection {
  known: KnownFootprints;
  surveys: readonly Survey[];
  collection: FootprintCollection;
}

const captureOrder = (survey: Survey) => Date.parse(survey.captureStart) || 0;

type Feature = FootprintCollection['features'][number];

// Where a click hits several, newer surveys are offered first, whatever order the list is sorted in.
const featureOf = (survey: Survey, geometry: Feature['geometry']): Feature => ({
  type: 'Feature',
  properties: { id: survey.id, order: captureOrder(survey) },
  geometry,
});

function featuresOf(known: KnownFootprints, surveys: readonly Survey[]): FootprintCollection['features'] {
  const byId = known.forSurveys(surveys);
  if (byId.size === 0) return [];
  return surveys.flatMap((survey) => {
    const footprint = byId.get(survey.id);
    return footprint ? [featureOf(survey, footprint.geometry)] : [];
  });
}

/** Whether `list` is `before` with rows added after it (pages append): comparing is cheaper than WeakSet look-ups. */
export const startsWith = (list: readonly Survey[], before: readonly Survey[]) =>
  list.length >= before.length && before.every((survey, i) => list[i] === survey);

/**
 * The known footprints of the listed surveys, in list order, as one collection. A list paged further is looked at
 * only in its new rows, and when they add no footprint the collection is the one before: a page of a long scroll
 * then costs the map nothing.
 */
export function listedCollection(
  before: ListedCollection | null,
  known: KnownFootprints,
  surveys: readonly Survey[],
): ListedCollection {
  if (before?.known === known && before.surveys === surveys) return before;
  if (before?.known === known && startsWith(surveys, before.surveys)) {
    const added = featuresOf(known, surveys.slice(before.surveys.length));
    const { collection } = before;
    return {
      known,
      surveys,
      collection: added.length === 0 ? collection : { ...collection, features: [...collection.features, ...added] },
    };
  }
  return { known, surveys, collection: { type: 'FeatureCollection', features: featuresOf(known, surveys) } };
}

/** What the map draws: the listed surveys' footprints and those of the other surveys in view. */
export interface DrawnCollection {
  listed: FootprintCollection;
  /** The surveys in view drawn besides the listed ones. */
  viewOnly: readonly CoverageSurvey[];
  viewFeatures: readonly Feature[];
  collection: FootprintCollection;
}

const sameSurveys = (a: readonly Survey[], b: readonly Survey[]) =>
  a.length === b.length && a.every((survey, i) => survey === b[i]);

/**
 * The listed footprints with those of the surveys in view that the list has not (yet) got and that pass its filters
 * (each answer carries its footprints). The collection before when neither part changed: a page of the list that adds
 * no footprint still costs the map nothing.
 */
export function drawnCollection(
  before: DrawnCollection | null,
  listed: FootprintCollection,
  listedSurveys: readonly Survey[],
  inView: readonly CoverageSurvey[],
  passes: ((survey: Survey) => boolean) | null,
): DrawnCollection {
  let viewOnly: readonly CoverageSurvey[] = inView;
  if (inView.length > 0) {
    // A listed survey whose row is not on screen may have no footprint in `listed`: the view's answer draws it then.
    const drawnIds = new Set(listed.features.map((feature) => feature.properties.id));
    const listedIds = new Set(listedSurveys.map((survey) => survey.id));
    viewOnly = inView.filter(
      (survey) => !drawnIds.has(survey.id) && (listedIds.has(survey.id) || !passes || passes(survey)),
    );
  }
  const sameView = before !== null && sameSurveys(before.viewOnly, viewOnly);
  if (sameView && before.listed === listed) return before;
  const viewFeatures = sameView ? before.viewFeatures : viewOnly.map((survey) => featureOf(survey, survey.footprint));
  const collection =
    viewFeatures.length === 0 ? listed : { ...listed, features: [...viewFeatures, ...listed.features] };
  return { listed, viewOnly, viewFeatures, collection };
}
