import { describe, expect, it } from 'vitest';
import type { TileMetadataItem } from '../../../core/wire/model.ts';
import type { ImageryTileUrl } from '../../api/tiles.ts';
import { groupCaptures } from './shown-captures.ts';

const tile = (surveyId: string, x: number, captureId: string | null = null): ImageryTileUrl => ({
  surveyId,
  captureId,
  z: 17,
  x,
  y: 1,
  query: {},
});
const item = (captureId: string, start: string, end: string): TileMetadataItem => ({
  z: 17,
  x: 0,
  y: 0,
  url: '',
  extent: null,
  captureId,
  captureStart: start,
  captureEnd: end,
  publishedDate: null,
  resolution: null,
  fileFormat: null,
  percentCovered: null,
});

describe('groupCaptures', () => {
  it('counts each tile once under the capture it shows (its newest), newest capture first', () => {
    const older = item('C-OLD', '2024-03-01T10:00:00Z', '2024-03-01T11:00:00Z');
    const newer = item('C-NEW', '2025-06-02T09:00:00Z', '2025-06-02T09:30:00Z');
    const newerLater = item('C-NEW', '2025-06-02T09:10:00Z', '2025-06-02T10:45:00Z');
    expect(
      groupCaptures([
        { tile: tile('S-1', 1), items: [older, newer] },
        { tile: tile('S-1', 2), items: [newerLater] },
        { tile: tile('S-1', 3), items: [older] },
        { tile: tile('S-1', 4), items: [] },
      ]),
    ).toEqual([
      { surveyId: 'S-1', captureId: 'C-NEW', start: '2025-06-02T09:00:00Z', end: '2025-06-02T10:45:00Z', tiles: 2 },
      { surveyId: 'S-1', captureId: 'C-OLD', start: '2024-03-01T10:00:00Z', end: '2024-03-01T11:00:00Z', tiles: 1 },
    ]);
  });

  it('takes the capture a historical tile URL names, even when a newer one exists', () => {
    const older = item('C-OLD', '2024-03-01T10:00:00Z', '2024-03-01T11:00:00Z');
    const newer = item('C-NEW', '2025-06-02T09:00:00Z', '2025-06-02T09:30:00Z');
    expect(groupCaptures([{ tile: tile('S-1', 1, 'C-OLD'), items: [newer, older] }])).toEqual([
      { surveyId: 'S-1', captureId: 'C-OLD', start: '2024-03-01T10:00:00Z', end: '2024-03-01T11:00:00Z', tiles: 1 },
    ]);
  });
});
