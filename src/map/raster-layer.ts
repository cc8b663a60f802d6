import type { Map as MapLibreMap, RasterLayerSpecification, RasterSourceSpecification } from 'maplibre-gl';

export interface RasterSpec {
  source: RasterSourceSpecification;
  layer: RasterLayerSpecification;
  /** Layer id to insert under; on top when absent. */
  before?: string;
}

/** Takes a raster layer and its source off the map (where present), then adds `next` under the same ids, if any. */
export function replaceRaster(map: MapLibreMap, layerId: string, sourceId: string, next: RasterSpec | null): void {
  if (map.getLayer(layerId)) map.removeLayer(layerId);
  if (map.getSource(sourceId)) map.removeSource(sourceId);
  if (!next) return;
  map.addSource(sourceId, next.source);
  map.addLayer(next.layer, next.before);
}
