import type * as maplibregl from 'maplibre-gl';

/**
 * MapLibre draws no further frame when a tile answers 404 (no imagery there: normal at a survey's
 * edge), so when that tile was the last one loading, the map never fires `idle` — and work waiting
 * for it (first-idle overlays, the link, coverage drawn) waits until the user moves the map. While
 * tiles load, this looks once a frame; when all have settled and the last frame drawn saw them
 * loading, it asks for one more frame, which ends in `idle` as usual.
 */
export function idleAfterMissingTiles(map: maplibregl.Map): () => void {
  let frame = 0;
  let lastFrameSawLoading = false;
  const look = () => {
    frame = 0;
    if (!map.loaded()) frame = requestAnimationFrame(look);
    else if (lastFrameSawLoading) map.triggerRepaint();
  };
  const onRender = () => {
    lastFrameSawLoading = !map.loaded();
    if (lastFrameSawLoading && !frame) frame = requestAnimationFrame(look);
  };
  map.on('render', onRender);
  return () => {
    map.off('render', onRender);
    cancelAnimationFrame(frame);
  };
}
