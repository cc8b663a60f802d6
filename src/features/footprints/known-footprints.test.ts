import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { testFootprint, testSurvey } from '../../test/footprint-fixtures.ts';
import { footprintKeys } from '../../catalog/footprint-queries.ts';
import { KnownFootprints } from './known-footprints.ts';

const BASE = 'https://service.test';
const survey = testSurvey;
const footprint = testFootprint;

describe('KnownFootprints', () => {
  it('reads the current version of each listed survey from the cache, and adds arrivals', () => {
    const client = new QueryClient();
    const a = survey('a', 'v2');
    const b = survey('b', 'v1');
    client.setQueryData(footprintKeys.detail(BASE, { ...a, lastUpdated: 'v1' }), footprint('a-old'));
    client.setQueryData(footprintKeys.detail(BASE, a), footprint('a'));
    client.setQueryData(footprintKeys.byId(BASE, 'b'), footprint('b-by-id'));
    client.setQueryData(footprintKeys.detail('https://other.test', b), footprint('b-other'));
    const known = KnownFootprints.fromCache(client, BASE);
    expect([...known.forSurveys([a, b])]).toEqual([['a', footprint('a')]]);

    const arrived = footprint('b');
    const next = known.with([[...known.keyOf(footprintKeys.detail(BASE, b))!, arrived]]);
    expect(next).not.toBe(known);
    expect(next.forSurveys([a, b]).get('b')).toBe(arrived);
    expect(next.with([['b', 'v1', arrived]])).toBe(next);
    expect(known.keyOf(footprintKeys.byId(BASE, 'b'))).toBeNull();
  });
});
