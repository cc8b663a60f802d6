import type { Map as MapLibreMap } from 'maplibre-gl';

/** The basemap's first label layer: app layers that would hide place names go below it. */
export function firstLabelLayer(map: MapLibreMap): string | undefined {
  return map.getStyle().layers.find((layer) => layer.type === 'symbol')?.id;
}
