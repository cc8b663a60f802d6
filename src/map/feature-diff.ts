import type { Feature, Geometry } from 'geojson';

export type IdFeature<G extends Geometry = Geometry> = Feature<G, { id: string } & Record<string, unknown>>;

/** What a GeoJSON source needs to go from the features it holds to the next ones, in MapLibre's `updateData` terms. */
export interface FeatureDiff<G extends Geometry = Geometry> {
  remove: string[];
  add: IdFeature<G>[];
  update: { id: string; addOrUpdateProperties: { key: string; value: unknown }[] }[];
}

/** Above this share of changed features, sending everything again costs no more than a diff. */
const REPLACE_SHARE = 0.5;

/**
 * The changes from `held` (by id) to `next`: features whose geometry object differs are re-added,
 * ones whose properties alone differ are updated in place. Null when replacing everything is as cheap
 * (nothing held yet, or most of it changed); empty from nothing to nothing.
 */
export function diffFeatures<G extends Geometry>(
  held: ReadonlyMap<string, IdFeature<G>>,
  next: readonly IdFeature<G>[],
): FeatureDiff<G> | null {
  if (held.size === 0) return next.length === 0 ? { remove: [], add: [], update: [] } : null;
  const diff: FeatureDiff<G> = { remove: [], add: [], update: [] };
  const seen = new Set<string>();
  for (const feature of next) {
    const id = feature.properties.id;
    seen.add(id);
    const before = held.get(id);
    if (!before || before.geometry !== feature.geometry) {
      diff.add.push(feature);
      continue;
    }
    const changed = changedProperties(before.properties, feature.properties);
    if (changed.length > 0) diff.update.push({ id, addOrUpdateProperties: changed });
  }
  for (const id of held.keys()) if (!seen.has(id)) diff.remove.push(id);
  const changes = diff.remove.length + diff.add.length + diff.update.length;
  return changes > REPLACE_SHARE * Math.max(held.size, next.length) ? null : diff;
}

export const diffIsEmpty = (diff: FeatureDiff): boolean =>
  diff.remove.length + diff.add.length + diff.update.length === 0;

function changedProperties(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { key: string; value: unknown }[] {
  const changed: { key: string; value: unknown }[] = [];
  for (const key of Object.keys(after)) if (before[key] !== after[key]) changed.push({ key, value: after[key] });
  return changed;
}
