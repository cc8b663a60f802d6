import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Survey } from '../../core/wire/model.ts';
import { fakeFetch, json } from '../test/fake-service.ts';
import { square } from '../../core/test/shapes.ts';
import { footprintByIdQueryOptions, footprintQueryOptions } from './footprint-queries.ts';

// Each test its own service: footprints are also kept for the page's next visit (footprint-storage.ts).
let connection = { baseUrl: '' };
let services = 0;
beforeEach(() => {
  services += 1;
  connection = { baseUrl: `https://service-${services}.example` };
});
const survey: Survey = {
  id: 'S1',
  captureStart: '2026-05-01',
  captureEnd: '2026-05-03',
  lastUpdated: '2026-05-10T00:00:00Z',
  cloudCover: null,
  spectralRange: null,
};
const footprint = square(0, 0, 1, 1);

/** The service, answering footprints when the test says so. */
function footprintService() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const service = fakeFetch(() => answered.then(() => json({ footprint })));
  return { answer, requests: () => service.count('/tile/v2/S1/footprint') };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a survey's footprint asked for by id (a linked survey's, at sign-in) and by its catalog entry", () => {
  it('is one request while the first is on its way', async () => {
    const service = footprintService();
    const client = new QueryClient();
    const byId = client.fetchQuery(footprintByIdQueryOptions(connection, 'S1'));
    const listed = client.fetchQuery(footprintQueryOptions(connection, survey));
    service.answer();
    expect(await listed).toEqual(await byId);
    expect((await listed).geometry).toEqual(footprint);
    expect(service.requests()).toBe(1);
  });

  it('is one request just after it arrived', async () => {
    const service = footprintService();
    service.answer();
    const client = new QueryClient();
    await client.fetchQuery(footprintByIdQueryOptions(connection, 'S1'));
    await client.fetchQuery(footprintQueryOptions(connection, survey));
    expect(service.requests()).toBe(1);
  });

  it('is asked for again once the answer by id is more than a minute old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const service = footprintService();
    service.answer();
    const client = new QueryClient();
    await client.fetchQuery(footprintByIdQueryOptions(connection, 'S1'));
    vi.setSystemTime(Date.now() + 61_000);
    await client.fetchQuery(footprintQueryOptions(connection, survey));
    expect(service.requests()).toBe(2);
  });

  it('is looked up by id without a pass over the cache, which holds a query per listed survey', async () => {
    const service = footprintService();
    service.answer();
    const client = new QueryClient();
    await client.fetchQuery(footprintByIdQueryOptions(connection, 'S1'));
    const scans = vi.spyOn(client.getQueryCache(), 'getAll');
    await client.fetchQuery(footprintQueryOptions(connection, survey));
    expect(scans).not.toHaveBeenCalled();
    expect(service.requests()).toBe(1);
  });

  it('is asked for by the catalog entry alone when nothing asked by id', async () => {
    const service = footprintService();
    service.answer();
    const client = new QueryClient();
    await client.fetchQuery(footprintQueryOptions(connection, survey));
    expect(service.requests()).toBe(1);
    expect(client.getQueryCache().findAll({ queryKey: footprintByIdQueryOptions(connection, 'S1').queryKey })).toEqual(
      [],
    );
  });
});
