import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { IdFeature } from './feature-diff.ts';

/**
 * A source holding one survey's features (the hovered or the selected one), drawn by its own layers
 * above the thousands of footprints: a change of survey re-tiles one footprint, not every footprint of
 * a source (as a filter or paint change on the big sources would).
 */
export class SurveyHighlight {
  private shown: readonly IdFeature[] = [];

  constructor(
    private readonly map: MapLibreMap,
    readonly sourceId: string,
  ) {}

  /** Adds the (empty) source; again after the style is replaced. */
  install(): void {
    this.shown = [];
    const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
    this.map.addSource(this.sourceId, { type: 'geojson', data: empty });
  }

  /** Shows these features; nothing is sent when they are the ones shown. */
  show(features: readonly IdFeature[]): void {
    const source = this.map.getSource<GeoJSONSource>(this.sourceId);
    if (!source || (features.length === this.shown.length && features.every((f, i) => f === this.shown[i]))) return;
    void source.setData({ type: 'FeatureCollection', features: [...features] });
    this.shown = features;
  }
}
