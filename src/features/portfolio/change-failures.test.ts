import { describe, expect, it } from 'vitest';
import { CHANGE_ZOOM, type ChangePair } from '../change/index.ts';
import { failureGroups, failureLine, failureStatus, unscoredPart } from './change-failures.ts';
import type { ChangePlan, LocationChange } from './location-change.ts';

const capture = (surveyId: string) => ({ surveyId, captureId: null, date: '2024-01-01T00:00:00Z' });
const pair = (x: number): ChangePair => ({ z: CHANGE_ZOOM, x, y: 1, before: capture('A'), after: capture('B') });
const UNAVAILABLE = { status: 503, message: 'Try later.', correlationId: 'c-1' };
const REFUSED = { status: 403, message: 'Not yours.', correlationId: null };
const change = (verdict: LocationChange['verdict'], failure?: LocationChange['failure']): LocationChange => ({
  verdict,
  score: 0,
  changedShare: 0,
  obscuredShare: verdict === 'failed' ? 1 : 0,
  differentSeasons: false,
  beforeId: 'A',
  afterId: 'B',
  tiles: 2,
  ...(failure && { failure }),
});

describe('locations whose change failed', () => {
  it('say the status, the message and the correlation id', () => {
    expect(failureStatus(UNAVAILABLE)).toBe('HTTP 503');
    expect(failureLine(UNAVAILABLE)).toBe('HTTP 503: Try later. (correlation id c-1)');
    expect(failureLine(REFUSED)).toBe('HTTP 403: Not yours.');
    expect(failureLine({ status: 0, message: 'Could not reach the service.', correlationId: null })).toBe(
      'No answer: Could not reach the service.',
    );
  });

  it('are grouped by what the service said, most first', () => {
    const changes = new Map([
      [1, change('failed', REFUSED)],
      [2, change('changed')],
      [3, change('failed', UNAVAILABLE)],
      [4, change('failed', { ...UNAVAILABLE, correlationId: 'c-2' })],
    ]);
    expect(failureGroups(changes)).toEqual([
      { failure: UNAVAILABLE, count: 2 },
      { failure: REFUSED, count: 1 },
    ]);
    expect(failureGroups(undefined)).toEqual([]);
  });

  it('are all a Retry compares again: the other scores are kept', () => {
    const plan: ChangePlan = {
      pairs: [pair(0), pair(1), pair(2), pair(3), pair(4), pair(5)],
      locations: [
        { id: 1, first: 0, count: 2 },
        { id: 2, first: 2, count: 2 },
        { id: 3, first: 4, count: 2 },
      ],
      overCap: [],
      key: 'k',
    };
    expect(unscoredPart(plan, undefined)).toBe(plan);
    const part = unscoredPart(
      plan,
      new Map([
        [1, change('failed', UNAVAILABLE)],
        [2, change('unchanged')],
      ]),
    );
    expect(part.locations).toEqual([
      { id: 1, first: 0, count: 2 },
      { id: 3, first: 2, count: 2 },
    ]);
    expect(part.pairs.map((p) => p.x)).toEqual([0, 1, 4, 5]);
  });
});
