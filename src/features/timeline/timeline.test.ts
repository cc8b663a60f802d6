import { describe, expect, it } from 'vitest';
import { parse } from 'wellknown';
import { area } from '@turf/turf';
import { inTimeOrder, stepSurvey } from './survey-stepping.ts';
import { assignLanes, ticksBetween, timeAxis } from './time-axis.ts';
import { centreCell, searchAround } from './timeline-area.ts';

const t = (iso: string) => Date.parse(iso);

describe('time axis', () => {
  it('places the first and last survey inside the padded range, in order', () => {
    const axis = timeAxis([t('2023-08-06T15:05:00Z'), t('2026-04-18T19:19:00Z'), t('2024-07-05T00:00:00Z')]);
    const [a, b, c] = [
      axis.position(t('2023-08-06T15:05:00Z')),
      axis.position(t('2024-07-05T00:00:00Z')),
      axis.position(t('2026-04-18T19:19:00Z')),
    ];
    expect(a).toBeGreaterThan(0);
    expect(c).toBeLessThan(1);
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(c);
  });

  it('has a usable range for one survey', () => {
    const axis = timeAxis([t('2025-01-08T14:06:00Z')]);
    expect(axis.end - axis.start).toBeGreaterThan(0);
    expect(axis.position(t('2025-01-08T14:06:00Z'))).toBeCloseTo(0.5);
  });

  it('ticks years on long spans, quarters on middling ones, months on short ones', () => {
    expect(ticksBetween(t('2019-06-01T00:00:00Z'), t('2026-03-01T00:00:00Z')).map((k) => k.label)).toEqual([
      '2020',
      '2021',
      '2022',
      '2023',
      '2024',
      '2025',
      '2026',
    ]);
    const quarters = ticksBetween(t('2024-02-10T00:00:00Z'), t('2025-06-01T00:00:00Z'));
    expect(quarters.map((k) => k.label)).toEqual(['Apr', 'Jul', 'Oct', '2025', 'Apr']);
    expect(quarters.find((k) => k.label === '2025')?.major).toBe(true);
    expect(ticksBetween(t('2025-01-15T00:00:00Z'), t('2025-04-20T00:00:00Z')).map((k) => k.label)).toEqual([
      'Feb',
      'Mar',
      'Apr',
    ]);
  });

  it('puts a tick exactly on a range that starts at a month boundary', () => {
    expect(ticksBetween(t('2025-01-01T00:00:00Z'), t('2025-02-15T00:00:00Z')).map((k) => k.time)).toEqual([
      t('2025-01-01T00:00:00Z'),
      t('2025-02-01T00:00:00Z'),
    ]);
  });

  it('stacks marks that are too close into lanes', () => {
    expect(assignLanes([0.1, 0.11, 0.5, 0.115], 0.03)).toEqual([0, 1, 0, 2]);
    expect(assignLanes([0.1, 0.2, 0.3], 0.03)).toEqual([0, 0, 0]);
  });
});

describe('survey stepping', () => {
  const surveys = inTimeOrder([
    { id: 'c', captureStart: '2025-01-01T00:00:00Z' },
    { id: 'a', captureStart: '2023-01-01T00:00:00Z' },
    { id: 'b', captureStart: '2024-01-01T00:00:00Z' },
    { id: 'b2', captureStart: '2024-01-01T00:00:00Z' },
  ]);

  it('orders by survey start, then id', () => {
    expect(surveys.map((c) => c.id)).toEqual(['a', 'b', 'b2', 'c']);
  });

  it('steps to neighbours and stays at the ends', () => {
    expect(stepSurvey(surveys, 'b', 'next')).toBe('b2');
    expect(stepSurvey(surveys, 'b', 'previous')).toBe('a');
    expect(stepSurvey(surveys, 'a', 'previous')).toBe('a');
    expect(stepSurvey(surveys, 'c', 'next')).toBe('c');
    expect(stepSurvey(surveys, 'b', 'first')).toBe('a');
    expect(stepSurvey(surveys, 'b', 'last')).toBe('c');
  });

  it('starts from the oldest or newest when nothing shown is current', () => {
    expect(stepSurvey(surveys, null, 'next')).toBe('a');
    expect(stepSurvey(surveys, 'elsewhere', 'previous')).toBe('c');
    expect(stepSurvey([], null, 'next')).toBeNull();
  });
});

describe('box around the map centre', () => {
  it('snaps nearby centres to one cell', () => {
    expect(centreCell([-105.0012, 39.7491])).toEqual(centreCell([-104.9899, 39.7601]));
    expect(centreCell([-105.0012, 39.7491])).toEqual([-105, 39.75]);
    expect(centreCell([190, 89])).toEqual([-170, 84]);
  });

  it('is a small polygon well within the service limit', () => {
    const { wkt } = searchAround([-105, 39.75]);
    const km2 = area(parse(wkt)!) / 1e6;
    expect(km2).toBeGreaterThan(50);
    expect(km2).toBeLessThan(200);
  });
});
