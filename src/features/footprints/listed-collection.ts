import type { Survey } from '../../../core/wire/model.ts';
import type { FootprintCollection } from '../../map/survey-map.ts';
import type { KnownFootprints } from './known-footprints.ts';

/** The listed surveys' footprints for the map, and what they were made from. */
export interface ListedCollection {
  known: KnownFootprints;
  surveys: readonly Survey[];
  collection: FootprintCollection;
}

const captureOrder = (survey: Survey) => Date.parse(survey.captureStart) || 0;

function featuresOf(known: KnownFootprints, surveys: readonly Survey[]): FootprintCollection['features'] {
  const byId = known.forSurveys(surveys);
  if (byId.size === 0) return [];
  return surveys.flatMap((survey) => {
    const footprint = byId.get(survey.id);
    // Where a click hits several, newer surveys are offered first, whatever order the list is sorted in.
    return footprint
      ? [
          {
            type: 'Feature' as const,
            properties: { id: survey.id, order: captureOrder(survey) },
            geometry: footprint.geometry,
          },
        ]
      : [];
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
