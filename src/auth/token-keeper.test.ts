import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../api/connection.ts';
import { requestAccessToken } from '../api/credentials.ts';
import { fetchSurveyPage } from '../api/surveys.ts';
import { emptyPage, envelope, fakeFetch, json } from '../test/fake-service.ts';
import type { IssuedToken } from '../../core/wire/token-refresh.ts';
import { createTokenKeeper } from './token-keeper.ts';

const BASE = 'https://service.example';
const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

/**
 * A token service that issues token-1, token-2, … each valid `ttl` seconds, with requests to the API checked against
 * it.
 */
function tokenService(ttl = 3600) {
  let issued = 0;
  let valid = new Set<string>(['token-0']);
  const service = fakeFetch(async (url, init) => {
    if (url.pathname === '/oauth/token') {
      issued += 1;
      // Let every waiting caller pile up before the answer arrives.
      await new Promise((resolve) => setTimeout(resolve, 5));
      valid = new Set([`token-${issued}`]);
      return json({ access_token: `token-${issued}`, expires_in: ttl, token_type: 'Bearer' });
    }
    const header = (init.headers as Record<string, string>).Authorization ?? '';
    return valid.has(header.replace('Bearer ', ''))
      ? json(emptyPage)
      : envelope(401, 'token_expired', 'The token has expired.');
  });
  return { ...service, tokenRequests: () => service.count('/oauth/token'), expireAll: () => (valid = new Set()) };
}

function keeperWith(initial: IssuedToken | null) {
  let token = initial;
  const credentials = createTokenKeeper({
    read: () => token,
    write: (next) => {
      token = next;
    },
    request: () => requestAccessToken(BASE, { clientId: 'demo', clientSecret: 'demo-secret', audience: 'aud' }),
  });
  const connection: Connection = { baseUrl: BASE, credentials };
  return { connection, token: () => token };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('refresh timing (issued + expires_in − 300 s)', () => {
  it('does not refresh before the buffer and refreshes once after it', async () => {
    const service = tokenService();
    const { connection, token } = keeperWith({ value: 'token-0', issuedAt: T0, expiresIn: 3600 });
    await fetchSurveyPage(connection, 1).catch(() => undefined);
    expect(service.tokenRequests()).toBe(0);

    vi.setSystemTime(T0 + 3300_000); // exactly issued + expires_in − 300 s: not yet
    await connection.credentials!.current();
    expect(service.tokenRequests()).toBe(0);

    vi.setSystemTime(T0 + 3300_001);
    await fetchSurveyPage(connection, 1);
    expect(service.tokenRequests()).toBe(1);
    expect(token()).toEqual({ value: 'token-1', issuedAt: T0 + 3300_001, expiresIn: 3600 });

    vi.setSystemTime(T0 + 3400_000);
    await fetchSurveyPage(connection, 1);
    expect(service.tokenRequests()).toBe(1);
  });

  it('fetches the first token when there is none', async () => {
    const service = tokenService();
    const { connection } = keeperWith(null);
    await fetchSurveyPage(connection, 1);
    expect(service.tokenRequests()).toBe(1);
  });

  it('scales the buffer down for tokens shorter than it (8 s tokens refresh after 4 s)', async () => {
    const service = tokenService(8);
    const { connection } = keeperWith({ value: 'token-0', issuedAt: T0, expiresIn: 8 });
    vi.setSystemTime(T0 + 3_900);
    await connection.credentials!.current();
    expect(service.tokenRequests()).toBe(0);
    vi.setSystemTime(T0 + 4_001);
    await connection.credentials!.current();
    expect(service.tokenRequests()).toBe(1);
  });
});

describe('single flight', () => {
  it('50 concurrent calls at expiry make exactly one token request', async () => {
    const service = tokenService();
    const { connection } = keeperWith({ value: 'token-0', issuedAt: T0, expiresIn: 3600 });
    vi.setSystemTime(T0 + 3600_000);
    const pages = await Promise.all(Array.from({ length: 50 }, () => fetchSurveyPage(connection, 1)));
    expect(pages).toHaveLength(50);
    expect(service.tokenRequests()).toBe(1);
    expect(service.count('/tile/v2/surveys')).toBe(50);
  });

  it('many requests refused with the same stale token share one renewal, then each retries once', async () => {
    const service = tokenService();
    const { connection } = keeperWith({ value: 'token-0', issuedAt: T0, expiresIn: 3600 });
    service.expireAll();
    await Promise.all(Array.from({ length: 10 }, () => fetchSurveyPage(connection, 1)));
    expect(service.tokenRequests()).toBe(1);
    expect(service.count('/tile/v2/surveys')).toBe(20);
  });

  it('a 401 on a token the clock still trusts forces one refresh and one retry', async () => {
    const service = tokenService();
    const { connection } = keeperWith(null);
    await fetchSurveyPage(connection, 1);
    service.expireAll(); // e.g. the service restarted with a new signing key
    await fetchSurveyPage(connection, 1);
    expect(service.tokenRequests()).toBe(2);
    expect(service.count('/tile/v2/surveys')).toBe(3);
  });

  it('after a failed refresh the next call tries again', async () => {
    let fail = true;
    fakeFetch(() =>
      fail ? envelope(503, 'unavailable', 'Try later.') : json({ access_token: 'token-9', expires_in: 3600 }),
    );
    const { connection } = keeperWith(null);
    await expect(connection.credentials!.current()).rejects.toMatchObject({ status: 503 });
    fail = false;
    await expect(connection.credentials!.current()).resolves.toEqual({ kind: 'bearer', token: 'token-9' });
  });
});
