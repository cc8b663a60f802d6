/** What other features use of the area search: the area of interest and its search. */
export { type ActiveArea, type AreaSearch, areaSearchStore, useAreaSearch } from './area-search-store.ts';
