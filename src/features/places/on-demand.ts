/** The place search over the map, loaded with the signed-in shell. */
export { PlaceSearch } from './PlaceSearch.tsx';
