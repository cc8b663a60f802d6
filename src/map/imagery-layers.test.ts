import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { ImageryLayers } from './imagery-layers.ts';
import { LAYER_SLOTS } from './layer-order.ts';

/** A style's layers and their layout, as the imagery's slots leave them. */
function styleMap() {
  const layers: { id: string; visibility?: string }[] = [{ id: LAYER_SLOTS.imagery }, { id: LAYER_SLOTS.comparison }];
  const sources = new Set<string>();
  const find = (id: string) => layers.find((l) => l.id === id);
  const map = {
    getLayer: find,
    getSource: (id: string) => (sources.has(id) ? { setTiles: () => undefined } : undefined),
    addSource: (id: string) => sources.add(id),
    removeSource: (id: string) => sources.delete(id),
    addLayer: (layer: { id: string; layout?: { visibility?: string } }, before?: string) => {
      const at = before ? layers.findIndex((l) => l.id === before) : layers.length;
      layers.splice(at, 0, { id: layer.id, visibility: layer.layout?.visibility });
    },
    removeLayer: (id: string) =>
      layers.splice(
        layers.findIndex((l) => l.id === id),
        1,
      ),
    setPaintProperty: () => undefined,
    setLayoutProperty: (id: string, key: string, value: string) => {
      if (key === 'visibility') find(id)!.visibility = value;
    },
    setLayerZoomRange: () => undefined,
  };
  const shown = () => layers.filter((l) => !l.id.startsWith('slot-') && l.visibility !== 'none').map((l) => l.id);
  return { map: map as unknown as MapLibreMap, shown };
}

const side = (surveyId: string) => ({ surveyId, tiles: `https://t/${surveyId}/{z}/{x}/{y}`, bounds: null });

describe('imagery layers with a timelapse frame', () => {
  it('shows the frame alone, and the preview, latest imagery and comparison again after it', () => {
    const { map, shown } = styleMap();
    const imagery = new ImageryLayers(map, {
      style: 'style.json',
      transformRequest: () => undefined,
      onUnauthorized: () => undefined,
      mirrored: [],
    });
    imagery.install();
    imagery.showLatest('https://t/basemap/{z}/{x}/{y}');
    imagery.showPreview({
      surveyId: 'P',
      tiles: 'https://t/P/{z}/{x}/{y}',
      bounds: [0, 0, 1, 1],
      opacity: 1,
      visible: true,
    });
    expect(shown()).toEqual(['latest-imagery-raster', 'survey-preview-imagery']);

    imagery.showTimelapseFrame({ tiles: 'https://t/F/{z}/{x}/{y}', bounds: [0, 0, 1, 1] });
    expect(shown()).toEqual(['timelapse-frame-imagery']);
    imagery.showCompare({ a: side('A'), b: side('B'), mode: 'fade', swipe: 0.5, fade: 0.5 });
    expect(shown()).toEqual(['timelapse-frame-imagery']);

    imagery.showTimelapseFrame(null);
    expect(shown()).toEqual(['latest-imagery-raster', 'compare-a-imagery', 'compare-b-imagery']);
    imagery.showCompare(null);
    expect(shown()).toEqual(['latest-imagery-raster', 'survey-preview-imagery']);
  });
});
