/**
 * The standard layer endpoints' URLs (WMTS, XYZ, TileJSON), opened with a read-only tile key: written once for the
 * service's documents and the viewer's "Copy layer URL".
 */

export type LayerImageFormat = 'png' | 'jpeg';

const keyQuery = (key: string) => `key=${encodeURIComponent(key)}`;

/** OGC WMTS 1.0.0 RESTful GetCapabilities: the key's surveys as layers. */
export const wmtsCapabilitiesUrl = (baseUrl: string, key: string): string =>
  `${baseUrl}/wmts/1.0.0/WMTSCapabilities.xml?${keyQuery(key)}`;

/** The XYZ template of a survey's tiles, `{z}/{x}/{y}` as MapLibre, QGIS and GDAL's TMS read it. */
export const xyzTemplate = (baseUrl: string, surveyId: string, key: string, ext: LayerImageFormat = 'png'): string =>
  `${baseUrl}/tiles/${encodeURIComponent(surveyId)}/{z}/{x}/{y}.${ext}?${keyQuery(key)}`;

/** A survey's TileJSON 3.0.0 document. */
export const tileJsonUrl = (baseUrl: string, surveyId: string, key: string): string =>
  `${baseUrl}/tiles/${encodeURIComponent(surveyId)}/tilejson.json?${keyQuery(key)}`;
