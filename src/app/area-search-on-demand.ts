/**
 * The area search with the coverage, saved areas and export it shows, loaded on demand: the sidebar panel and what it
 * puts on the map.
 */
export { AreaSearchOnMap } from './AreaSearchOnMap.tsx';
export { AreaSearchPanel } from './AreaSearchPanel.tsx';
