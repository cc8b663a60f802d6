/** Find changes' section of the area search and its heat map on the map: loaded when they are first shown. */
export { ChangesSync } from './ChangesSync.tsx';
export { FindChanges } from './FindChanges.tsx';
