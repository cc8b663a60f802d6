import { QueryClient } from '@tanstack/react-query';
import { bboxPolygon } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import type { CoverageSurvey } from '../../core/wire/model.ts';
import { answeredSurvey } from './answered-surveys.ts';
import { coverageKeys } from './coverage-queries.ts';

const BASE = 'https://service.test';
const survey = (id: string): CoverageSurvey => ({
  id,
  captureStart: '2024-06-01T00:00:00Z',
  captureEnd: '2024-06-02T00:00:00Z',
  lastUpdated: null,
  cloudCover: null,
  spectralRange: null,
  footprint: bboxPolygon([0, 0, 1, 1]).geometry,
});
const search = (wkt: string) => ({ wkt, observedStart: '', observedEnd: '' });

describe('which survey an id is, among the coverage answers', () => {
  it('finds a survey in any search answered (the area, the view, the timeline), by its whole id', () => {
    const client = new QueryClient();
    client.setQueryData(coverageKeys.search(BASE, search('AREA')), [survey('S1')]);
    client.setQueryData(coverageKeys.search(BASE, search('VIEW')), [survey('S1-2'), survey('S2')]);
    expect(answeredSurvey(client, BASE, 'S2')?.id).toBe('S2');
    expect(answeredSurvey(client, BASE, 'S1-2')?.id).toBe('S1-2');
    expect(answeredSurvey(client, BASE, 'S1')?.id).toBe('S1');
    expect(answeredSurvey(client, BASE, 'S')).toBeNull();
  });

  it("reads only this service's searches: not another service's, not a survey's tiles", () => {
    const client = new QueryClient();
    client.setQueryData(coverageKeys.search('https://other.test', search('AREA')), [survey('S1')]);
    client.setQueryData(coverageKeys.tiles(BASE, { surveyId: 'S1', wkt: 'AREA', zoom: 16 }), [survey('S1')]);
    expect(answeredSurvey(client, BASE, 'S1')).toBeNull();
  });
});
