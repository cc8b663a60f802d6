import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '../test/fake-service.ts';
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
});
