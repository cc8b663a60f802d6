// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchSurveyPage } from '../api/surveys.ts';
import { emptyPage, envelope, fakeFetch, json } from '../test/fake-service.ts';
import { authStore } from './auth-store.ts';
import { readRememberedKey } from './remembered-key.ts';
import { connectionFor } from './session-connection.ts';
import { forgetKey, restoreRememberedSession, signInWithApiKey, signInWithClient, signOut } from './sign-in.ts';

const storedText = () =>
  [localStorage, sessionStorage]
    .map((s) =>
      Object.keys(s)
        .map((k) => `${k}=${s.getItem(k)}`)
        .join('\n'),
    )
    .join('\n');

beforeEach(() => localStorage.clear());
afterEach(() => {
  authStore.getState().signedOut();
  vi.unstubAllGlobals();
});

describe('client credentials', () => {
  it('keeps the token and secret in memory only', async () => {
    fakeFetch(() => json({ access_token: 'the-token', expires_in: 3600, token_type: 'Bearer' }));
    await signInWithClient({
      serviceUrl: 'https://service.example',
      audience: 'aud',
      clientId: 'demo',
      clientSecret: 'demo-secret',
    });
    expect(authStore.getState().token?.value).toBe('the-token');
    expect(storedText()).not.toMatch(/demo-secret|the-token/);
  });

  it('mints no token for a request still running after sign-out (an export, a page of results)', async () => {
    const service = fakeFetch(() => json({ access_token: 'the-token', expires_in: 3600, token_type: 'Bearer' }));
    await signInWithClient({
      serviceUrl: 'https://service.example',
      audience: 'aud',
      clientId: 'demo',
      clientSecret: 'demo-secret',
    });
    const connection = connectionFor(authStore.getState().session!);
    await expect(connection.credentials?.current()).resolves.toEqual({ kind: 'bearer', token: 'the-token' });
    signOut();
    await expect(connection.credentials?.current()).rejects.toMatchObject({ status: 401, code: 'signed_out' });
    expect(service.count('/oauth/token')).toBe(1);
  });

  it('reports wrong credentials as an ApiError and stays signed out', async () => {
    fakeFetch(() => envelope(401, 'invalid_client', 'Unknown client id or wrong client secret.', 'corr-1'));
    await expect(
      signInWithClient({
        serviceUrl: 'https://service.example',
        audience: 'aud',
        clientId: 'demo',
        clientSecret: 'wrong',
      }),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_client', correlationId: 'corr-1' });
    expect(authStore.getState().session).toBeNull();
  });
});

describe('API keys', () => {
  it('are stored only when "Remember on this device" is ticked, and can be forgotten', async () => {
    fakeFetch(() => json(emptyPage));
    await signInWithApiKey({ serviceUrl: 'https://service.example', apiKey: 'key-1', remember: false });
    expect(storedText()).not.toContain('key-1');

    await signInWithApiKey({ serviceUrl: 'https://service.example', apiKey: 'key-2', remember: true });
    expect(readRememberedKey()).toEqual({ serviceUrl: 'https://service.example', apiKey: 'key-2' });

    authStore.getState().signedOut();
    expect(restoreRememberedSession()).toBe(true);
    expect(authStore.getState().session).toMatchObject({ kind: 'apiKey', apiKey: 'key-2', remembered: true });

    forgetKey();
    expect(storedText()).not.toContain('key-2');
    expect(authStore.getState().session).toMatchObject({ remembered: false });
  });

  it('are checked with one request before being accepted', async () => {
    const service = fakeFetch(() => envelope(401, 'invalid_token', 'The token is invalid.'));
    await expect(
      signInWithApiKey({ serviceUrl: 'https://service.example', apiKey: 'bad', remember: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(service.calls[0].url.searchParams.get('api_key')).toBe('bad');
    expect(readRememberedKey()).toBeNull();
    expect(authStore.getState().session).toBeNull();
  });
});

describe('a key remembered on this device', () => {
  // The storage entry as earlier versions wrote it: renaming it would forget every remembered key.
  const remember = (text: string) => localStorage.setItem('survey-viewer:remembered-api-key', text);

  it('restores nothing from an entry that is damaged or holds no key', () => {
    expect(restoreRememberedSession()).toBe(false);
    for (const text of ['{"apiKey":', '"key-1"', '42', 'null', '{}', '[]', '{"apiKey":5}', '{"serviceUrl":"x"}']) {
      remember(text);
      expect(restoreRememberedSession(), text).toBe(false);
      expect(authStore.getState().session).toBeNull();
    }
  });

  it('restores a key whose service address is missing or not text against this origin', () => {
    for (const text of ['{"apiKey":"key-1"}', '{"apiKey":"key-1","serviceUrl":7}']) {
      remember(text);
      expect(readRememberedKey()).toEqual({ serviceUrl: '', apiKey: 'key-1' });
      expect(restoreRememberedSession()).toBe(true);
      expect(authStore.getState().session).toMatchObject({ kind: 'apiKey', apiKey: 'key-1', serviceUrl: '' });
      authStore.getState().signedOut();
    }
  });

  it('is the key as typed without the spaces around it (pasted keys often carry them)', async () => {
    const service = fakeFetch(() => json(emptyPage));
    await signInWithApiKey({ serviceUrl: 'https://service.example', apiKey: '  key-3\n', remember: true });
    expect(service.calls[0].url.searchParams.get('api_key')).toBe('key-3');
    expect(readRememberedKey()).toEqual({ serviceUrl: 'https://service.example', apiKey: 'key-3' });
    expect(authStore.getState().session).toMatchObject({ apiKey: 'key-3' });
  });
});

describe("a session's connection", () => {
  const client = {
    serviceUrl: 'https://service.example',
    audience: 'aud',
    clientId: 'demo',
    clientSecret: 'demo-secret',
  };

  it('is one per session: every part of the app shares its single token request', async () => {
    let issued = 0;
    const service = fakeFetch(() => json({ access_token: `token-${++issued}`, expires_in: 3600 }));
    await signInWithClient(client);
    const session = authStore.getState().session!;
    // Expired: each caller needs a new token.
    authStore.getState().tokenRefreshed({ value: 'token-old', expiresIn: 3600, issuedAt: Date.now() - 7_200_000 });
    const tokens = await Promise.all([
      connectionFor(session).credentials!.current(),
      connectionFor(session).credentials!.current(),
    ]);
    expect(tokens).toEqual([
      { kind: 'bearer', token: 'token-2' },
      { kind: 'bearer', token: 'token-2' },
    ]);
    expect(service.count('/oauth/token')).toBe(2);
  });

  it('keeps no token that arrives after sign-out, and says why a later request fails', async () => {
    let answer: (value: Response) => void = () => {};
    let issued = 0;
    fakeFetch(() =>
      ++issued === 1
        ? json({ access_token: 'token-1', expires_in: 3600 })
        : new Promise<Response>((resolve) => {
            answer = resolve;
          }),
    );
    await signInWithClient(client);
    const connection = connectionFor(authStore.getState().session!);
    authStore.getState().tokenRefreshed({ value: 'token-old', expiresIn: 3600, issuedAt: Date.now() - 7_200_000 });
    const late = connection.credentials!.current();
    await vi.waitFor(() => expect(issued).toBe(2));
    signOut();
    answer(json({ access_token: 'token-late', expires_in: 3600 }));
    await late;
    expect(authStore.getState()).toMatchObject({ session: null, token: null });
    await expect(connection.credentials!.current()).rejects.toMatchObject({
      status: 401,
      code: 'signed_out',
      message: 'Signed out: sign in again to go on.',
    });
  });

  it('carries cookies only for a gateway session', async () => {
    const service = fakeFetch(() => json(emptyPage));
    await signInWithApiKey({ serviceUrl: 'https://service.example', apiKey: 'key-1', remember: false });
    await fetchSurveyPage(connectionFor(authStore.getState().session!), 1);
    expect(service.calls.at(-1)!.init.credentials).toBe('omit');
  });
});
