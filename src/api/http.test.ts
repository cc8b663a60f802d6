import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyPage, envelope, fakeFetch, json } from '../test/fake-service.ts';
import { ApiError } from './api-error.ts';
import type { Credential, CredentialSource } from './connection.ts';
import { request } from './http.ts';
import { fetchFootprint } from './footprints.ts';
import { fetchSurveyPage } from './surveys.ts';

const BASE = 'https://service.example';

/** Hands out token-1, then token-2, … on each renewal. */
function rotatingTokens(): CredentialSource & { renewals: number } {
  let n = 1;
  const source = {
    renewals: 0,
    current: async (): Promise<Credential> => ({ kind: 'bearer', token: `token-${n}` }),
    renew: async (): Promise<Credential> => {
      source.renewals += 1;
      n += 1;
      return { kind: 'bearer', token: `token-${n}` };
    },
    peek: (): Credential => ({ kind: 'bearer', token: `token-${n}` }),
  };
  return source;
}

afterEach(() => vi.unstubAllGlobals());

describe('error mapping', () => {
  it('turns the error envelope into an ApiError with status, code, message and correlation id', async () => {
    fakeFetch(() => envelope(404, 'survey_not_found', 'No survey with id "x".', 'abc-123'));
    const error = await request({ baseUrl: BASE }, '/tile/v2/x/footprint').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'survey_not_found',
      message: 'No survey with id "x".',
      correlationId: 'abc-123',
    });
  });

  it('takes the correlation id from the body when the header is not exposed', async () => {
    fakeFetch(() =>
      json({ error: 'bad_request', message: 'Nope.', status_code: 400, 'x-correlation-id': 'from-body' }, 400),
    );
    await expect(request({ baseUrl: BASE }, '/x')).rejects.toMatchObject({ status: 400, correlationId: 'from-body' });
  });

  it("describes a non-JSON body (e.g. a proxy's HTML page) by status and text", async () => {
    fakeFetch(
      () =>
        new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(request({ baseUrl: BASE }, '/x')).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      message: '502 Bad Gateway: 502 Bad Gateway',
      correlationId: null,
    });
  });

  it('reports a network failure as status 0 without the full URL (it may carry an api_key)', async () => {
    fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const keyed: CredentialSource = {
      current: async () => ({ kind: 'apiKey', key: 'SECRET' }),
      renew: async () => null,
      peek: () => null,
    };
    const error = (await request({ baseUrl: BASE, credentials: keyed }, '/tile/v2/surveys').catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(error.message).toContain('https://service.example');
    expect(error.message).not.toContain('SECRET');
  });

  it('reports a 2xx answer of the wrong shape as invalid_response, keeping the correlation id', async () => {
    fakeFetch(() => json({ surprise: true }, 200, { 'x-correlation-id': 'shape-1' }));
    await expect(fetchSurveyPage({ baseUrl: BASE }, 1)).rejects.toMatchObject({
      status: 200,
      code: 'invalid_response',
      correlationId: 'shape-1',
    });
  });
});

describe('credentials on requests', () => {
  it('sends the bearer token as a header', async () => {
    const service = fakeFetch(() => json(emptyPage));
    await fetchSurveyPage({ baseUrl: BASE, credentials: rotatingTokens() }, 1);
    expect(service.authorization(0)).toBe('Bearer token-1');
    expect(service.calls[0].url.searchParams.has('api_key')).toBe(false);
  });

  it('sends an API key as the api_key query parameter, without a header', async () => {
    const service = fakeFetch(() => json(emptyPage));
    const key: CredentialSource = {
      current: async () => ({ kind: 'apiKey', key: 'k 1' }),
      renew: async () => null,
      peek: () => null,
    };
    await fetchSurveyPage({ baseUrl: BASE, credentials: key }, 2);
    expect(service.calls[0].url.searchParams.get('api_key')).toBe('k 1');
    expect(service.calls[0].url.searchParams.get('page')).toBe('2');
    expect(service.authorization(0)).toBeUndefined();
  });
});

describe('401 handling', () => {
  it('renews the token once and retries once', async () => {
    const service = fakeFetch((_url, init) =>
      (init.headers as Record<string, string>).Authorization === 'Bearer token-1'
        ? envelope(401, 'token_expired', 'The token has expired.')
        : json(emptyPage),
    );
    const tokens = rotatingTokens();
    const page = await fetchSurveyPage({ baseUrl: BASE, credentials: tokens }, 1);
    expect(page.surveys).toEqual([]);
    expect(tokens.renewals).toBe(1);
    expect(service.calls.map((_, i) => service.authorization(i))).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('gives up after the single retry and reports the second 401', async () => {
    const service = fakeFetch(() => envelope(401, 'invalid_token', 'The token is invalid.'));
    const tokens = rotatingTokens();
    await expect(fetchSurveyPage({ baseUrl: BASE, credentials: tokens }, 1)).rejects.toMatchObject({
      status: 401,
      code: 'invalid_token',
    });
    expect(tokens.renewals).toBe(1);
    expect(service.calls).toHaveLength(2);
  });

  it('does not retry when no fresh credential can be had (API key)', async () => {
    const service = fakeFetch(() => envelope(401, 'invalid_token', 'The token is invalid.'));
    const key: CredentialSource = {
      current: async () => ({ kind: 'apiKey', key: 'old' }),
      renew: async () => null,
      peek: () => null,
    };
    await expect(fetchSurveyPage({ baseUrl: BASE, credentials: key }, 1)).rejects.toMatchObject({ status: 401 });
    expect(service.calls).toHaveLength(1);
  });

  it('never retries the credential endpoints themselves', async () => {
    const service = fakeFetch(() => envelope(401, 'invalid_client', 'Unknown client id or wrong client secret.'));
    const tokens = rotatingTokens();
    await expect(
      request({ baseUrl: BASE, credentials: tokens }, '/oauth/token', {
        method: 'POST',
        authenticated: false,
        body: {},
      }),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_client' });
    expect(tokens.renewals).toBe(0);
    expect(service.calls).toHaveLength(1);
  });
});

describe('request priority', () => {
  it('asks for footprints at low priority, all at once, and the list at the default', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const footprint = {
      footprint: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    };
    const service = fakeFetch(async (url) =>
      url.pathname.endsWith('/footprint') ? answered.then(() => json(footprint)) : json(emptyPage),
    );
    const footprints = Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => fetchFootprint({ baseUrl: BASE }, id)));
    await fetchSurveyPage({ baseUrl: BASE }, 1);
    expect(service.calls.map((call) => call.init.priority)).toEqual([
      'low',
      'low',
      'low',
      'low',
      'low',
      'low',
      undefined,
    ]);
    answer();
    await expect(footprints).resolves.toHaveLength(6);
  });
});
