/** The GeoTIFF export of an area's imagery: its button and dialog, for the area search's panel. */
export { GeoTiffExport } from './GeoTiffExport.tsx';
