import type { GeoJSONSource, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';

/**
 * The user's marks (the measurement, the annotations) drawn on a second map too: the swipe's right-hand map covers the
 * main map there, so without this they would stop at the divider. The sources and layers are copied once the copy's
 * style is ready, and each source's data whenever the main map's changes.
 */
export function mirrorMarks(main: MapLibreMap, copy: MapLibreMap, sourceIds: readonly string[]): () => void {
  const dataOf = (id: string) => main.getSource<GeoJSONSource>(id)?.serialize().data;
  // Source by source and layer by layer: the whole style would serialize every footprint too.
  const install = () => {
    for (const id of sourceIds) {
      const source = main.getSource<GeoJSONSource>(id);
      if (source && !copy.getSource(id)) copy.addSource(id, source.serialize());
    }
    for (const id of main.getLayersOrder()) {
      const layer = main.getLayer(id);
      if (layer && sourceIds.includes(layer.source) && !copy.getLayer(id)) copy.addLayer(layer.serialize());
    }
  };
  const follow = (event: MapSourceDataEvent) => {
    if (event.sourceDataType !== 'content' || !sourceIds.includes(event.sourceId)) return;
    // The main map adds its marks' source and layers only once there are marks (added-on-first-use.ts).
    if (!copy.getSource(event.sourceId)) {
      if (copy.isStyleLoaded()) install();
      return;
    }
    const data = dataOf(event.sourceId);
    if (data) void copy.getSource<GeoJSONSource>(event.sourceId)?.setData(data);
  };
  if (copy.loaded()) install();
  else copy.once('load', install);
  main.on('sourcedata', follow);
  return () => {
    copy.off('load', install);
    main.off('sourcedata', follow);
  };
}
