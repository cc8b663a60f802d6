import { describe, expect, it } from 'vitest';
import { parseAreaWkt } from '../../area/wkt.ts';
import type { AreaOrigin } from './area-search-store.ts';
import { activeAreaFrom } from './accept-area.ts';
import { swappedAlternative } from './swapped-axes.ts';

const TAMPA_SWAPPED = 'POLYGON((27.9 -82.4, 28.0 -82.4, 28.0 -82.5, 27.9 -82.5, 27.9 -82.4))';

const area = (wkt: string, origin: AreaOrigin) => {
  const outcome = activeAreaFrom(parseAreaWkt(wkt), origin);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.area;
};

describe('swappedAlternative', () => {
  it('offers a pasted "lat lon" area the other way round, as an area ready to search', () => {
    const swapped = swappedAlternative(area(TAMPA_SWAPPED, 'pasted'));
    expect(swapped?.wkt).toBe('POLYGON ((-82.4 27.9, -82.5 27.9, -82.5 28, -82.4 28, -82.4 27.9))');
    expect(swapped).toMatchObject({ origin: 'pasted', tooLarge: false });
  });

  it('offers nothing for a drawn area, a swap that is no area, or one too large to search', () => {
    expect(swappedAlternative(area(TAMPA_SWAPPED, 'drawn'))).toBeNull();
    expect(swappedAlternative(area('POLYGON((-105 39.7, -104.9 39.7, -104.9 39.8, -105 39.7))', 'pasted'))).toBeNull();
    // 30° × 4° near the pole; read the other way round, 30° of latitude by 4° at the equator: over the size limit.
    expect(swappedAlternative(area('POLYGON((0 80, 30 80, 30 84, 0 84, 0 80))', 'pasted'))).toBeNull();
  });
});
