import * as maplibregl from 'maplibre-gl';
import { idleAfterMissingTiles } from './idle-after-missing-tiles.ts';

/** Pixel ratios a saved map image is drawn at. */
export const IMAGE_SCALES = [1, 2, 4] as const;
export type ImageScale = (typeof IMAGE_SCALES)[number];

const RENDER_TIMEOUT_MS = 60_000;

/**
 * The map as a PNG at `scale` times the screen's CSS pixels: the same style, sources and camera drawn again off-screen
 * at that pixel ratio (labels and lines stay sharp, imagery tiles at their full resolution), not a screenshot.
 */
export async function renderMapImage(
  map: maplibregl.Map,
  scale: ImageScale,
  transformRequest: maplibregl.RequestTransformFunction,
): Promise<Blob> {
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const element = document.createElement('div');
  element.setAttribute('aria-hidden', 'true');
  Object.assign(element.style, {
    position: 'fixed',
    left: '-100000px',
    top: '0',
    width: `${width}px`,
    height: `${height}px`,
  });
  document.body.append(element);
  const copy = new maplibregl.Map({
    container: element,
    style: map.getStyle(),
    center: map.getCenter(),
    zoom: map.getZoom(),
    bearing: map.getBearing(),
    pitch: map.getPitch(),
    pixelRatio: scale,
    interactive: false,
    attributionControl: false,
    fadeDuration: 0,
    canvasContextAttributes: { preserveDrawingBuffer: true },
    transformRequest,
  });
  const stopWatching = idleAfterMissingTiles(copy);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('The map image did not finish drawing in a minute.')),
        RENDER_TIMEOUT_MS,
      );
      copy.once('idle', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return await new Promise<Blob>((resolve, reject) =>
      copy
        .getCanvas()
        .toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the image.'))),
          'image/png',
        ),
    );
  } finally {
    stopWatching();
    copy.remove();
    element.remove();
  }
}
