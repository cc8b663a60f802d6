import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { AreaDrawingOptions } from './area-drawing.ts';
import type { MapView } from './map-camera.ts';

maplibregl.setWorkerUrl(workerUrl);

export interface SurveyMapOptions {
  style: maplibregl.StyleSpecification | string;
  /** Where the camera starts (e.g. a shared link's view), so that no other place is drawn first. */
  view?: MapView | null;
  /** The area's drawing tools, loaded once the first view is drawn (or an area is to be shown), and its print label. */
  areaDrawing: AreaDrawingOptions;
}

const OVERVIEW: MapView = { center: [-97, 38.5], zoom: 3.6 };

/** The page's MapLibre map: north up (no rotation), zoom 1–21, zoom buttons and a metric scale. */
export function createMap(
  container: HTMLElement,
  { style, view }: Pick<SurveyMapOptions, 'style' | 'view'>,
): maplibregl.Map {
  const { center, zoom } = view ?? OVERVIEW;
  const map = new maplibregl.Map({
    container,
    style,
    center,
    zoom,
    minZoom: 1,
    maxZoom: 21,
    dragRotate: false,
    pitchWithRotate: false,
    attributionControl: { compact: true },
  });
  map.touchZoomRotate.disableRotation();
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
  map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-right');
  return map;
}
