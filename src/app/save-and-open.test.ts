import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CoverageSurvey } from '../../core/wire/model.ts';
import { square } from '../../core/test/shapes.ts';
import { areaSearchStore } from '../features/area-search/area-search-store.ts';
import { savedAreasStore } from '../features/saved-areas/saved-areas-store.ts';
import { coverageSearchQueryOptions } from '../catalog/coverage-queries.ts';
import { acceptArea, activeAreaFrom } from '../features/area-search/accept-area.ts';
import { openSavedArea } from '../features/saved-areas/open-saved-area.ts';
import { saveArea } from '../features/saved-areas/save-area.ts';

const connection = { baseUrl: 'https://service.example' };
const survey = (id: string, lastUpdated: string | null): CoverageSurvey => ({
  id,
  captureStart: '2025-01-01T00:00:00Z',
  captureEnd: '2025-01-02T00:00:00Z',
  lastUpdated,
  cloudCover: 0,
  spectralRange: null,
  footprint: square(0, 0, 1, 1),
});
const prepared = () => {
  const outcome = activeAreaFrom(square(-105, 39.7, -104.95, 39.75), 'drawn');
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.area;
};

describe('saving and opening an area', () => {
  beforeEach(() => {
    for (const { id } of savedAreasStore.getState().areas) savedAreasStore.getState().savedAreaDeleted(id);
  });

  it('counts from the surveys of a date-less search of the area already on screen', () => {
    const queryClient = new QueryClient();
    const area = prepared();
    queryClient.setQueryData(
      coverageSearchQueryOptions(connection, { wkt: area.wkt, observedStart: '', observedEnd: '' }).queryKey,
      [survey('A', 'u1')],
    );
    const id = saveArea(queryClient, connection, 'Here', area);
    expect(savedAreasStore.getState().areas).toEqual([
      expect.objectContaining({ id, name: 'Here', wkt: area.wkt, snapshot: { A: 'u1' } }),
    ]);
  });

  it('leaves the baseline to the first check when only a search with dates is known', () => {
    const queryClient = new QueryClient();
    const area = prepared();
    queryClient.setQueryData(
      coverageSearchQueryOptions(connection, { wkt: area.wkt, observedStart: '2025-01-01', observedEnd: '' }).queryKey,
      [survey('A', 'u1')],
    );
    saveArea(queryClient, connection, 'Here', area);
    expect(savedAreasStore.getState().areas[0].snapshot).toBeNull();
  });

  it('opens as the area, with the same WKT, and takes what is there now as the new baseline', () => {
    const area = prepared();
    saveArea(new QueryClient(), connection, 'Here', area);
    areaSearchStore.getState().areaDeleted();
    openSavedArea(
      savedAreasStore.getState().areas[0],
      [survey('A', 'u2'), survey('B', null)],
      (geometry) => acceptArea(geometry, 'restored').ok,
    );
    expect(areaSearchStore.getState().area).toMatchObject({ wkt: area.wkt, origin: 'restored' });
    expect(areaSearchStore.getState().search).toMatchObject({ wkt: area.wkt });
    expect(savedAreasStore.getState().areas[0]).toMatchObject({
      snapshot: { A: 'u2', B: null },
      openedAt: expect.any(String),
    });
  });
});
