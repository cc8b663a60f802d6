// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
