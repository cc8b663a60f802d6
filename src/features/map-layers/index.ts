/** The map's layers panel, and what it puts on the map (the latest imagery). */
export { MapLayersPanel } from './MapLayersPanel.tsx';
export { MapLayersSync } from './MapLayersSync.tsx';
