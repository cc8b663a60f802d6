import { describe, expect, it } from 'vitest';
import type { AreaGeometry } from '../../core/geo/geometry.ts';
import { NO_FILTERS } from '../state/filter-store.ts';
import {
  decodeArea,
  EMPTY_LINK,
  encodeArea,
  linkFromHash,
  linkToHash,
  navigationKey,
  type LinkState,
} from './link-state.ts';

const area: AreaGeometry = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [-105.001234, 39.70001],
        [-104.9, 39.70001],
        [-104.9, 39.8],
        [-105.001234, 39.70001],
      ],
      [
        [-104.95, 39.72],
        [-104.93, 39.72],
        [-104.93, 39.74],
        [-104.95, 39.72],
      ],
    ],
    [
      [
        [-104.5, 39.5],
        [-104.4, 39.5],
        [-104.4, 39.6],
        [-104.5, 39.5],
      ],
    ],
  ],
};

const full: LinkState = {
  view: { center: [-104.99123, 39.73921], zoom: 15.25 },
  surveyId: 'us-co-denver-20240712',
  area,
  observed: { start: '2023-01-01', end: '' },
  filters: { captureFrom: '2022-01-01', captureTo: '2024-12-31', maxCloud: 10, idQuery: 'denver', sort: 'least-cloud' },
  compare: { a: 'A-1', b: 'B-2', mode: 'fade', swipe: 0.25, fade: 0.7 },
  sideBySide: ['A-1', 'B-2/20230806T150500_20230809T103300_20230812T233300_02310103010320', 'C-3'],
  tileZoom: 18,
  latestImagery: true,
  notes: 'eyJ0eXBlIjoiRmVhdHVyZUNvbGxlY3Rpb24ifQ',
  changes: { before: '2022-P1-NV-LAS', after: '2025Q1-NV-LAS' },
};

describe('link state', () => {
  it('round-trips every part exactly', () => {
    expect(linkFromHash(linkToHash(full))).toEqual(full);
  });

  it('round-trips areas, holes and several polygons included, at 6 decimals', () => {
    expect(decodeArea(encodeArea(area))).toEqual(area);
    const polygon: AreaGeometry = { type: 'Polygon', coordinates: area.coordinates[1] };
    expect(decodeArea(encodeArea(polygon))).toEqual(polygon);
  });

  it('is short: a 500-position area costs a few characters per position', () => {
    const ring = Array.from({ length: 499 }, (_, i) =>
      [-105 + Math.cos(i / 80) * 0.1, 39.7 + Math.sin(i / 80) * 0.1].map((v) => Number(v.toFixed(6))),
    );
    const big: AreaGeometry = { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
    expect(linkToHash({ ...EMPTY_LINK, area: big }).length / 500).toBeLessThan(12);
  });

  it('leaves defaults out and reads an empty fragment as no link', () => {
    expect(linkToHash(EMPTY_LINK)).toBe('');
    expect(linkFromHash('')).toBeNull();
    expect(linkToHash({ ...EMPTY_LINK, view: { center: [10, 20], zoom: 3 } })).toBe('#map=3/20/10');
  });

  it('keeps what it can of a damaged link', () => {
    const link = linkFromHash(
      '#map=abc&survey=S1&area=%%%&cloud=500&sort=sideways&grid=40' +
        '&compare=onlyA&cmp=fade,9,-1&observed=yesterday..2024-01-01',
    );
    expect(link).toEqual({
      ...EMPTY_LINK,
      surveyId: 'S1',
      filters: { ...NO_FILTERS, maxCloud: 100 },
      observed: { start: '', end: '2024-01-01' },
    });
  });

  it('writes the comparison Find changes shows readably, and reads only two different surveys', () => {
    const hash = linkToHash({ ...EMPTY_LINK, changes: { before: 'S1', after: 'S2' } });
    expect(hash).toBe('#changes=S1,S2');
    expect(linkFromHash(hash)?.changes).toEqual({ before: 'S1', after: 'S2' });
    for (const damaged of ['#changes=S1', '#changes=S1,S1', '#changes=S1,S2,S3', '#changes=,S2'])
      expect(linkFromHash(damaged)?.changes).toBeNull();
  });

  it('writes the captures side by side readably, and reads at most four distinct ones', () => {
    const hash = linkToHash({ ...EMPTY_LINK, sideBySide: ['S1', 'S2/C9'] });
    expect(hash).toBe('#sbs=S1,S2/C9');
    expect(linkFromHash('#sbs=A,B,,A,C,D,E')?.sideBySide).toEqual(['A', 'B', 'C', 'D']);
    expect(linkFromHash('#sbs=')?.sideBySide).toEqual([]);
  });

  it('marks selections, comparisons and areas as history steps, not view moves', () => {
    const moved = {
      ...full,
      view: { center: [0, 0] as [number, number], zoom: 2 },
      compare: { ...full.compare!, swipe: 0.9 },
    };
    expect(navigationKey(moved)).toBe(navigationKey(full));
    expect(navigationKey({ ...full, surveyId: 'other' })).not.toBe(navigationKey(full));
    expect(navigationKey({ ...full, sideBySide: ['A-1'] })).not.toBe(navigationKey(full));
  });
});
