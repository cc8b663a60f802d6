import type { LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { firstLabelLayer } from './first-label-layer.ts';

/**
 * The bands of the map, bottom to top. Under the basemap's labels: fills; imagery; outlines (and the drawn area); then
 * imagery that covers the outlines (as a second map over this one would). Fills sit under imagery, so nothing drawn
 * over it changes its colours: over tiles only outlines show. Above the labels: points (markers), then the marks a
 * slot puts wholly on top.
 */
export type Band = 'fills' | 'imagery' | 'lines' | 'cover' | 'points' | 'top';
const BANDS: readonly Band[] = ['fills', 'imagery', 'lines', 'cover', 'points', 'top'];

/** The hidden layers that mark where a band ends: its layers go under them. The top band ends at the top. */
export const BAND_MARKERS = {
  fills: 'slot-fills',
  imagery: 'slot-imagery',
  lines: 'slot-lines',
  cover: 'slot-comparison',
  points: 'slot-points',
} as const;

/** A layer's place: its band, then its slot's order (a layer may have its own), then its index in the slot. */
export interface LayerPlace {
  band: Band;
  order: number;
  index?: number;
}

/** The band a slot's layer goes in by its kind: fills under imagery, lines over it, points above the labels. */
export function bandOf(layer: LayerSpecification): Band {
  if (layer.type === 'fill') return 'fills';
  if (layer.type === 'line') return 'lines';
  if (layer.type === 'raster') return 'imagery';
  return 'points';
}

/** A layer that marks a place in the order: hidden, it draws nothing. */
const marker = (id: string): LayerSpecification => ({ id, type: 'background', layout: { visibility: 'none' } });

const rank = ({ band, order, index = 0 }: LayerPlace) => [BANDS.indexOf(band), order, index];
const after = (a: LayerPlace, b: LayerPlace) => {
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
};

/**
 * Where each of the app's layers goes on one map, whichever is added first: under the lowest layer of its band already
 * placed above it, else under its band's marker (or at the top).
 */
export class LayerOrder {
  private readonly placed = new Map<string, LayerPlace>();

  constructor(private readonly map: MapLibreMap) {}

  /** The style is ready: the bands' markers go in (under the labels; the points' on top). */
  install(): void {
    this.placed.clear();
    const labels = firstLabelLayer(this.map);
    for (const band of ['fills', 'imagery', 'lines', 'cover'] as const)
      this.map.addLayer(marker(BAND_MARKERS[band]), labels);
    this.map.addLayer(marker(BAND_MARKERS.points));
  }

  add(layer: LayerSpecification, place: LayerPlace): void {
    this.map.addLayer(layer, this.before(place));
    this.placed.set(layer.id, place);
  }

  remove(layerId: string): void {
    if (this.map.getLayer(layerId)) this.map.removeLayer(layerId);
    this.placed.delete(layerId);
  }

  private before(place: LayerPlace): string | undefined {
    let lowest: { id: string; place: LayerPlace } | null = null;
    for (const [id, other] of this.placed) {
      if (other.band !== place.band || !after(other, place) || !this.map.getLayer(id)) continue;
      if (!lowest || after(lowest.place, other)) lowest = { id, place: other };
    }
    if (lowest) return lowest.id;
    return place.band === 'top' ? undefined : BAND_MARKERS[place.band];
  }
}
