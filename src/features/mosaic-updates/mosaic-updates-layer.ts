import type { FeatureCollection, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { AddedOnFirstUse } from '../../map/added-on-first-use.ts';
import { OVERLAY_SLOTS } from '../../map/layer-order.ts';

export const MOSAIC_UPDATES_SOURCE = 'updated-tiles';
export const mosaicUpdatesLayerIds = { casing: 'updated-tiles-casing', outline: 'updated-tiles-outline' } as const;

const EMPTY: FeatureCollection<Polygon> = { type: 'FeatureCollection', features: [] };

/**
 * The tiles re-published since a date ("what changed"): outlines only, a dark casing under a bright line, so the
 * imagery inside keeps its colours.
 */
export class MosaicUpdatesLayer {
  private wanted: FeatureCollection<Polygon> = EMPTY;
  private readonly layers = new AddedOnFirstUse(() => this.addLayers());

  constructor(private readonly map: MapLibreMap) {}

  /** The style is ready (its source and layers go in when there are tiles to show). */
  install(): void {
    this.layers.ready(this.wanted.features.length > 0);
  }

  private addLayers(): void {
    this.map.addSource(MOSAIC_UPDATES_SOURCE, { type: 'geojson', data: this.wanted });
    this.map.addLayer(
      {
        id: mosaicUpdatesLayerIds.casing,
        type: 'line',
        source: MOSAIC_UPDATES_SOURCE,
        paint: { 'line-color': '#1b1b1b', 'line-width': 4, 'line-opacity': 0.8 },
      },
      OVERLAY_SLOTS.updatedTiles,
    );
    this.map.addLayer(
      {
        id: mosaicUpdatesLayerIds.outline,
        type: 'line',
        source: MOSAIC_UPDATES_SOURCE,
        paint: { 'line-color': '#ffb000', 'line-width': 2 },
      },
      OVERLAY_SLOTS.updatedTiles,
    );
  }

  show(tiles: FeatureCollection<Polygon> | null): void {
    this.wanted = tiles ?? EMPTY;
    if (this.layers.added) void this.map.getSource<GeoJSONSource>(MOSAIC_UPDATES_SOURCE)?.setData(this.wanted);
    else this.layers.use(this.wanted.features.length > 0);
  }
}
