/**
 * The survey id that stands for the newest imagery at each tile, across all surveys: the provider's value is
 * `basemap`, which is not the viewer's vector basemap style (src/map/basemap-style.ts).
 */
export const LATEST_IMAGERY = 'basemap';
