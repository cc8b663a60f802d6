/** What other features use of the footprints: their queries. */
// The map's survey footprints, for the features that draw some (an area search's results) or hide them all.
export { FOOTPRINT_OVERLAYS, footprintColours, hovered } from './footprint-layers.ts';
export { type FootprintCollection, footprintsOf } from './survey-footprints.ts';
