/** What other features use of places: the gazetteer and matching places to surveys. */
export { gazetteerQueryOptions } from './place-queries.ts';
export { placesMatch, surveyPlaceNames } from './places.ts';
