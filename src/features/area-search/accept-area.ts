import { hasHoles, type AreaGeometry } from '../../../core/geo/geometry.ts';
import type { ImportedArea } from '../../area/area-from-geometries.ts';
import { AreaInputError } from '../../area/area-input-error.ts';
import { checkedArea } from '../../area/checked-area.ts';
import { areaToWkt } from '../../area/wkt.ts';
import { areaSearchStore, type ActiveArea, type AreaOrigin } from './area-search-store.ts';

export type AreaOutcome = { ok: true; area: ActiveArea } | { ok: false; message: string };

/**
 * A drawn, pasted, imported or restored geometry as the app's area: checked, rounded, simplified
 * when dense, flagged when too large; or the user-facing reason it cannot be one.
 */
export function activeAreaFrom(
  geometry: AreaGeometry,
  origin: AreaOrigin,
  notesBefore: readonly string[] = [],
): AreaOutcome {
  try {
    const checked = checkedArea(geometry);
    return {
      ok: true,
      area: {
        geometry: checked.geometry,
        wkt: areaToWkt(checked.geometry),
        km2: checked.km2,
        vertexCount: checked.vertexCount,
        tooLarge: checked.tooLarge,
        hasHoles: hasHoles(checked.geometry),
        origin,
        notes: [...notesBefore, ...checked.notes],
      },
    };
  } catch (error) {
    if (error instanceof AreaInputError) return { ok: false, message: error.message };
    throw error;
  }
}

/** Makes a geometry the area, or keeps the current one and says why not. */
export function acceptArea(
  geometry: AreaGeometry,
  origin: AreaOrigin,
  notesBefore: readonly string[] = [],
): AreaOutcome {
  const outcome = activeAreaFrom(geometry, origin, notesBefore);
  if (outcome.ok) areaSearchStore.getState().areaAccepted(outcome.area);
  else areaSearchStore.getState().areaRefused(outcome.message);
  return outcome;
}

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** What an import took and what it left out, e.g. "Imported 1 polygon from a.kml; left out 1 Point." */
export function importNote(
  fileName: string,
  { polygonCount, skipped }: Pick<ImportedArea, 'polygonCount' | 'skipped'>,
): string {
  const left = Object.entries(skipped).map(([type, count]) => `${count} ${type}${count === 1 ? '' : 's'}`);
  const merged = polygonCount > 1 ? ', merged into one area' : '';
  return (
    `Imported ${plural(polygonCount, 'polygon')} from ` +
    `${fileName}${merged}${left.length ? `; left out ${left.join(' and ')}` : ''}.`
  );
}
