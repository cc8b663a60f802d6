import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { type CheckDeps, type CheckOptions, checkCoverage, type FoundSurvey } from './check-coverage.ts';
import type { LocationResult, MetSurvey } from './location-result.ts';
import type { PortfolioLocation } from './location.ts';

const locations: PortfolioLocation[] = Array.from({ length: 10 }, (_, id) => ({
  id,
  line: id + 2,
  label: `L${id}`,
  position: [-104.9 + id * 0.001, 39.7],
  area: null,
  values: [],
}));

/** Two locations per query; every query finds one survey. */
function deps(overrides: Partial<CheckDeps> = {}) {
  const saved: LocationResult[] = [];
  const savedSurveys: MetSurvey[] = [];
  const sent: string[] = [];
  const survey: FoundSurvey = {
    id: 'S1',
    captureStart: '2024-01-01T00:00:00Z',
    captureEnd: '2024-01-02T00:00:00Z',
    cloudCover: 12.5,
    footprint: {
      type: 'Polygon',
      coordinates: [
        [
          [-106, 39],
          [-104, 39],
          [-104, 41],
          [-106, 39],
        ],
      ],
    },
  };
  const base: CheckDeps = {
    plan: async (left) => {
      const queries = [];
      for (let i = 0; i < left.length; i += 2)
        queries.push({ ids: left.slice(i, i + 2).map((l) => l.id), wkt: `Q${left[i].id}` });
      return queries;
    },
    query: async (wkt) => {
      sent.push(wkt);
      return [survey];
    },
    assign: async (group) => group.map((l) => ({ id: l.id, surveyIds: ['S1'], percentCovered: 100 })),
    save: async (results: LocationResult[], surveys: MetSurvey[]) => {
      saved.push(...results);
      savedSurveys.push(...surveys);
    },
    failureOf: (error) => (error instanceof ApiError ? error : null),
    sleep: async () => undefined,
    ...overrides,
  };
  return { deps: base, saved, savedSurveys, sent };
}

const options = (overrides: Partial<CheckOptions> = {}): CheckOptions => ({
  locations,
  radiusM: 25,
  done: new Set(),
  concurrency: 2,
  maxRetries: 3,
  signal: new AbortController().signal,
  pausing: () => false,
  onProgress: () => undefined,
  ...overrides,
});

describe('checkCoverage', () => {
  it('answers every location once, query by query', async () => {
    const { deps: d, saved, savedSurveys, sent } = deps();
    expect(await checkCoverage(options(), d)).toBe('done');
    expect(saved.map((r) => r.id).sort((a, b) => a - b)).toEqual(locations.map((l) => l.id));
    expect(sent).toHaveLength(5);
    // What the table needs of each survey is kept, cloud cover included; the footprint is not.
    expect(savedSurveys[0]).toEqual({
      id: 'S1',
      captureStart: '2024-01-01T00:00:00Z',
      captureEnd: '2024-01-02T00:00:00Z',
      cloudCover: 12.5,
    });
  });

  it('skips what is done (a resumed run) and stops taking queries once paused', async () => {
    const { deps: d, saved } = deps();
    let taken = 0;
    const outcome = await checkCoverage(
      options({ done: new Set([0, 1, 2, 3]), concurrency: 1, pausing: () => taken++ >= 1 }),
      d,
    );
    expect(outcome).toBe('paused');
    expect(saved.map((r) => r.id)).toEqual([4, 5]);
  });

  it('waits out a 429 (Retry-After) and a 503, then goes on; counts every request sent', async () => {
    const failures = [
      new ApiError(429, 'rate_limited', 'slow down', 'c1', 1_000),
      new ApiError(503, 'unavailable', 'x'),
    ];
    const waits: number[] = [];
    let sentCount = 0;
    const { deps: d, saved } = deps({
      query: async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        return [];
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await checkCoverage(options({ concurrency: 1, onProgress: (p) => (sentCount = p.sent) }), d);
    expect(waits[0]).toBe(1_000);
    expect(saved).toHaveLength(10);
    expect(sentCount).toBe(7);
  });

  it('stops at a failure retrying cannot mend, keeping what was saved', async () => {
    let calls = 0;
    const { deps: d, saved } = deps({
      query: async () => {
        if (++calls === 3) throw new ApiError(403, 'forbidden', 'This key may not search coverage.', 'c-403');
        return [];
      },
    });
    await expect(checkCoverage(options({ concurrency: 1 }), d)).rejects.toMatchObject({
      status: 403,
      correlationId: 'c-403',
    });
    expect(saved.map((r) => r.id)).toEqual([0, 1, 2, 3]);
  });

  it('asks location by location when the service refuses a query, and reports those it refuses alone', async () => {
    const {
      deps: d,
      saved,
      sent,
    } = deps({
      query: async (wkt) => {
        sent.push(wkt);
        // The group of locations 4 and 5, and location 4 alone (both planned as Q4), are refused.
        if (wkt === 'Q4') throw new ApiError(422, 'area_too_large', 'The area is too large.', 'c-422');
        return [];
      },
    });
    await expect(checkCoverage(options({ concurrency: 1, maxRetries: 0 }), d)).rejects.toMatchObject({
      status: 422,
      code: 'area_too_large',
      correlationId: 'c-422',
      message: expect.stringMatching(
        /^The service refused the location "L4" \(line 6\); every other location was checked/,
      ),
    });
    expect(saved.map((r) => r.id).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 9]);
    expect(sent.filter((wkt) => wkt === 'Q4')).toHaveLength(2);
  });

  it('ends at once when cancelled', async () => {
    const controller = new AbortController();
    const { deps: d, saved } = deps({
      query: async () => {
        controller.abort(new Error('cancelled'));
        return [];
      },
    });
    await expect(checkCoverage(options({ signal: controller.signal, concurrency: 1 }), d)).rejects.toThrow('cancelled');
    expect(saved).toEqual([]);
  });
});
