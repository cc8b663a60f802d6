import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch, json } from '../test/fake-service.ts';
import { authStore } from './auth-store.ts';
import { startProactiveRefresh } from './proactive-refresh.ts';

const T0 = Date.UTC(2025, 0, 1);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  authStore.getState().signedOut();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('proactive refresh', () => {
  it('refreshes when the token falls due, with no API call to prompt it, and keeps doing so', async () => {
    let issued = 0;
    const service = fakeFetch(() => json({ access_token: `token-${++issued}`, expires_in: 3600 }));
    const stop = startProactiveRefresh();
    authStore.getState().signedIn(
      {
        kind: 'client',
        serviceUrl: '',
        baseUrl: 'https://service.example',
        audience: 'a',
        clientId: 'c',
        clientSecret: 's',
      },
      { value: 'token-0', issuedAt: T0, expiresIn: 3600 },
    );
    await vi.advanceTimersByTimeAsync(3299_000);
    expect(service.count('/oauth/token')).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(service.count('/oauth/token')).toBe(1);
    expect(authStore.getState().token?.value).toBe('token-1');
    await vi.advanceTimersByTimeAsync(3300_000);
    expect(service.count('/oauth/token')).toBe(2);
    stop();
  });

  it('stops on sign-out', async () => {
    const service = fakeFetch(() => json({ access_token: 't', expires_in: 3600 }));
    const stop = startProactiveRefresh();
    authStore.getState().signedIn(
      {
        kind: 'client',
        serviceUrl: '',
        baseUrl: 'https://service.example',
        audience: 'a',
        clientId: 'c',
        clientSecret: 's',
      },
      { value: 'token-0', issuedAt: T0, expiresIn: 3600 },
    );
    authStore.getState().signedOut();
    await vi.advanceTimersByTimeAsync(4000_000);
    expect(service.count('/oauth/token')).toBe(0);
    stop();
  });

  const CLIENT = {
    kind: 'client' as const,
    serviceUrl: '',
    baseUrl: 'https://service.example',
    audience: 'a',
    clientId: 'c',
    clientSecret: 's',
  };

  it('tries again 5 s after a refresh that failed (the service busy), until one succeeds', async () => {
    let asked = 0;
    const service = fakeFetch(() =>
      ++asked <= 2 ? envelope(503, 'unavailable', 'Busy') : json({ access_token: 'token-1', expires_in: 3600 }),
    );
    const stop = startProactiveRefresh();
    authStore.getState().signedIn(CLIENT, { value: 'token-0', issuedAt: T0, expiresIn: 3600 });
    await vi.advanceTimersByTimeAsync(3301_000);
    expect(service.count('/oauth/token')).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(service.count('/oauth/token')).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(service.count('/oauth/token')).toBe(3);
    expect(authStore.getState().token?.value).toBe('token-1');
    stop();
  });

  it('stops when stopped (the app closed), though still signed in', async () => {
    const service = fakeFetch(() => json({ access_token: 't', expires_in: 3600 }));
    const stop = startProactiveRefresh();
    authStore.getState().signedIn(CLIENT, { value: 'token-0', issuedAt: T0, expiresIn: 3600 });
    stop();
    await vi.advanceTimersByTimeAsync(4000_000);
    authStore.getState().tokenRefreshed({ value: 'token-9', issuedAt: T0, expiresIn: 60 });
    await vi.advanceTimersByTimeAsync(4000_000);
    expect(service.count('/oauth/token')).toBe(0);
  });
});
