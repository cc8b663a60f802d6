/** What other features use of the footprints: their queries. */
export { footprintByIdQueryOptions, footprintQueryOptions } from './footprint-queries.ts';
