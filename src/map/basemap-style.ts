import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';

type PaintName = Parameters<MapLibreMap['setPaintProperty']>[1];

export type BasemapTheme = 'light' | 'dark';

/** The basemap's colours in each theme: the dark one keeps the light one's contrasts, on dark land and water. */
const palettes = {
  light: {
    water: '#cddbe6',
    land: '#f5f4f0',
    countryBorder: '#8f99a3',
    stateBorder: '#a9b1ba',
    countyLine: '#dcdad3',
    placeText: '#3f4a55',
    stateText: '#8b95a0',
    halo: 'rgba(255,255,255,0.9)',
  },
  dark: {
    water: '#0f1a24',
    land: '#1d2228',
    countryBorder: '#7b8794',
    stateBorder: '#5d6773',
    countyLine: '#2f363e',
    placeText: '#d4dae0',
    stateText: '#8a96a3',
    halo: 'rgba(15,20,26,0.9)',
  },
} as const;

export const FONT = ['Noto Sans Regular', 'DejaVu Sans', 'sans-serif'];

/**
 * The offline default basemap: Natural Earth land and borders, US Census states and counties, and
 * Natural Earth populated places, as GeoJSON files beside the app (built by scripts/build-basemap.mjs).
 * No glyphs URL: MapLibre draws labels with local fonts.
 */
export function offlineBasemapStyle(assetBase: string, theme: BasemapTheme = 'light'): StyleSpecification {
  const palette = palettes[theme];
  const data = (name: string) => new URL(`basemap/${name}.geojson`, assetBase).href;
  return {
    version: 8,
    name: 'Survey Viewer offline basemap',
    sources: {
      land: { type: 'geojson', data: data('land'), attribution: 'Natural Earth · US Census Bureau' },
      borders: { type: 'geojson', data: data('borders') },
      counties: { type: 'geojson', data: data('counties') },
      places: { type: 'geojson', data: data('places') },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': palette.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': palette.land, 'fill-antialias': false } },
      {
        id: 'county-lines',
        type: 'line',
        source: 'counties',
        minzoom: 6,
        paint: {
          'line-color': palette.countyLine,
          'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.4, 12, 1.2],
        },
      },
      {
        id: 'state-lines',
        type: 'line',
        source: 'borders',
        filter: ['==', ['get', 'kind'], 'state'],
        paint: {
          'line-color': palette.stateBorder,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 1.8],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'country-lines',
        type: 'line',
        source: 'borders',
        filter: ['==', ['get', 'kind'], 'country'],
        paint: {
          'line-color': palette.countryBorder,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.8, 10, 2],
        },
      },
      {
        id: 'state-labels',
        type: 'symbol',
        source: 'places',
        maxzoom: 7.5,
        filter: ['==', ['get', 'kind'], 'state'],
        layout: {
          'text-field': ['upcase', ['get', 'name']],
          'text-font': FONT,
          'text-size': 11,
          'text-letter-spacing': 0.15,
          'text-max-width': 8,
        },
        paint: { 'text-color': palette.stateText, 'text-halo-color': palette.halo, 'text-halo-width': 1.2 },
      },
      {
        id: 'place-labels',
        type: 'symbol',
        source: 'places',
        filter: ['==', ['get', 'kind'], 'city'],
        minzoom: 3,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': FONT,
          'text-size': ['interpolate', ['linear'], ['get', 'pop'], 10_000, 11, 1_000_000, 14, 8_000_000, 16],
          'symbol-sort-key': ['-', ['get', 'pop']],
          'text-padding': 4,
        },
        paint: { 'text-color': palette.placeText, 'text-halo-color': palette.halo, 'text-halo-width': 1.5 },
      },
    ],
  };
}

/**
 * Gives the basemap's layers the paint of `style` — the same layers in other colours (another theme) — in
 * place: the app's own sources and layers, and the imagery loaded, stay.
 */
export function repaintBasemap(map: MapLibreMap, style: StyleSpecification): void {
  for (const layer of style.layers) {
    if (!map.getLayer(layer.id)) continue;
    for (const [name, value] of Object.entries(layer.paint ?? {}))
      map.setPaintProperty(layer.id, name as PaintName, value);
  }
}
