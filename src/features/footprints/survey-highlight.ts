import type { IdFeature } from '../../map/feature-diff.ts';
import type { GeoJsonSlot } from '../../map/geojson-slot.ts';

const sameProperties = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key]);

/**
 * Whether two lists draw the same: the same geometry objects with the same properties. A collection made again per
 * answer (a new footprint arriving beside the selected one) makes new feature objects around the same geometries.
 */
const sameFeatures = (a: readonly IdFeature[], b: readonly IdFeature[]): boolean =>
  a.length === b.length &&
  a.every((f, i) => f === b[i] || (f.geometry === b[i].geometry && sameProperties(f.properties, b[i].properties)));

/**
 * A source holding one survey's features (the hovered or the selected one), drawn by its own layers
 * above the thousands of footprints: a change of survey re-tiles one footprint, not every footprint of
 * a source (as a filter or paint change on the big sources would).
 */
export class SurveyHighlight {
  private shown: readonly IdFeature[] = [];

  constructor(
    private readonly slot: GeoJsonSlot,
    readonly sourceId: string,
  ) {}

  /** Shows these features; nothing is sent when they draw the same as the ones shown. */
  show(features: readonly IdFeature[]): void {
    if (sameFeatures(features, this.shown)) return;
    this.slot.setData(this.sourceId, { type: 'FeatureCollection', features: [...features] });
    this.shown = features;
  }
}
