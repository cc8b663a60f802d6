/**
 * The area search with the coverage, saved areas and export it shows, loaded on demand: the sidebar panel and what it
 * puts on the map.
 */
export { AreaSearchOverlay } from './AreaSearchOverlay.tsx';
export { AreaSearchPanel } from './AreaSearchPanel.tsx';
