import { swappedReading } from '../../area/swapped-reading.ts';
import type { ActiveArea, AreaOrigin } from './area-search-store.ts';
import { activeAreaFrom } from './accept-area.ts';

/** Areas whose numbers someone typed or copied (a drawn outline is where it was drawn). */
const TYPED: readonly AreaOrigin[] = ['pasted', 'imported', 'linked', 'restored'];

/**
 * The area with latitude and longitude exchanged, as it would be accepted, when that could be what was meant: the area
 * came as numbers, and its swapped reading is a valid area small enough to search; otherwise null.
 */
export function swappedAlternative(area: ActiveArea): ActiveArea | null {
  if (!TYPED.includes(area.origin)) return null;
  const geometry = swappedReading(area.geometry);
  if (!geometry) return null;
  const outcome = activeAreaFrom(geometry, area.origin);
  return outcome.ok && !outcome.area.tooLarge ? outcome.area : null;
}
