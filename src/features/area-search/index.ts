/** What other features use of the area search: the area of interest, its search, and whether it is in view. */
export { areaInView } from './area-in-view.ts';
export {
  type ActiveArea,
  type AreaOrigin,
  type AreaSearch,
  areaSearchStore,
  DEFAULT_TILE_ZOOM,
  useAreaSearch,
} from './area-search-store.ts';
export { useAreaAsked } from './use-area-asked.ts';
// The map's area drawing, handed to the map as it is made.
export { areaDrawing } from './area-drawing-options.ts';
