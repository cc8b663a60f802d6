import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { AreaGeometry } from '../../../core/geo/geometry.ts';
import { AREA_SOURCE } from './area-sources.ts';
import { areaColours } from './draw-modes.ts';

const SOURCE = AREA_SOURCE;
const FILL = 'area-fill';
const OUTLINE = 'area-outline';

/**
 * Shows the area while nobody edits it (and an area terra-draw cannot hold, one with holes, always),
 * styled like a drawn one. Constant paint: the fill and line programs the map has already compiled,
 * where terra-draw's data-driven styles would cost four more (150–600 ms each in SwiftShader).
 */
export class AreaLayer {
  constructor(
    private readonly map: MapLibreMap,
    /** Layer ids to draw the fill and the outline under; on top when absent. */
    private readonly below: { fill?: string; outline?: string } = {},
  ) {}

  show(area: AreaGeometry | null): void {
    const data = {
      type: 'FeatureCollection' as const,
      features: area ? [{ type: 'Feature' as const, geometry: area, properties: {} }] : [],
    };
    const source = this.map.getSource<GeoJSONSource>(SOURCE);
    if (source) {
      source.setData(data);
      return;
    }
    if (!area) return;
    this.map.addSource(SOURCE, { type: 'geojson', data });
    this.map.addLayer(
      {
        id: FILL,
        type: 'fill',
        source: SOURCE,
        paint: { 'fill-color': areaColours.fill, 'fill-opacity': 0.14, 'fill-antialias': false },
      },
      this.below.fill,
    );
    this.map.addLayer(
      { id: OUTLINE, type: 'line', source: SOURCE, paint: { 'line-color': areaColours.outline, 'line-width': 2.5 } },
      this.below.outline,
    );
  }

  remove(): void {
    for (const id of [OUTLINE, FILL]) if (this.map.getLayer(id)) this.map.removeLayer(id);
    if (this.map.getSource(SOURCE)) this.map.removeSource(SOURCE);
  }
}
