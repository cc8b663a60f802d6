/**
 * What the footprints put on the page (the map's sync, its label, the choice among overlapping ones): loaded with the
 * signed-in shell.
 */
export { FootprintLabel } from './FootprintLabel.tsx';
export { FootprintSync } from './FootprintSync.tsx';
export { OverlapChooser } from './OverlapChooser.tsx';
