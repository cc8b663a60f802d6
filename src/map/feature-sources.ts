import type { GeoJSONSource, GeoJSONSourceSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { diffFeatures, diffIsEmpty, type IdFeature } from './feature-diff.ts';

/**
 * The GeoJSON sources whose features have ids: what each holds, by id, so that a change sends only what
 * changed (`updateData`), and a survey's features can be found again for its highlights.
 */
export class FeatureSources {
  private readonly held = new Map<string, Map<string, IdFeature>>();

  constructor(private readonly map: MapLibreMap) {}

  /**
   * Adds a source (again after the style is replaced), with any other options (clustering) and its first features
   * (none by default); `send` changes them.
   */
  add(sourceId: string, options: Partial<GeoJSONSourceSpecification> = {}, features: readonly IdFeature[] = []): void {
    this.held.set(sourceId, new Map(features.map((feature) => [feature.properties.id, feature])));
    this.map.addSource(sourceId, {
      ...options,
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [...features] },
      promoteId: 'id',
    });
  }

  /** Sends a source only what changed since the last call, or everything when that is as cheap. */
  send(sourceId: string, features: readonly IdFeature[]): void {
    const source = this.map.getSource<GeoJSONSource>(sourceId);
    if (!source) return;
    const held = this.held.get(sourceId) ?? new Map<string, IdFeature>();
    const diff = diffFeatures(held, features);
    if (diff && diffIsEmpty(diff)) return;
    if (diff) {
      void source.updateData(diff);
    } else {
      void source.setData({ type: 'FeatureCollection', features: [...features] });
    }
    this.held.set(sourceId, new Map(features.map((feature) => [feature.properties.id, feature])));
  }

  /** The feature with this id that a source holds, if any. */
  feature(sourceId: string, id: string): IdFeature | undefined {
    return this.held.get(sourceId)?.get(id);
  }

  /** Ids of the features a source holds. */
  ids(sourceId: string): IterableIterator<string> {
    return (this.held.get(sourceId) ?? new Map()).keys();
  }
}
