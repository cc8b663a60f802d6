// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { fetchSurveyPage } from '../api/surveys.ts';
import { authorizeTileRequest, tileUrlTemplate } from '../api/tiles.ts';
import { emptyPage, envelope, fakeFetch, json } from '../test/fake-service.ts';
import { authStore } from './auth-store.ts';
import { connectionFor, GATEWAY_SESSION_ENDED } from './session-connection.ts';
import { signInToGateway, signOut } from './sign-in.ts';

const storedText = () =>
  [localStorage, sessionStorage]
    .map((s) =>
      Object.keys(s)
        .map((k) => `${k}=${s.getItem(k)}`)
        .join('\n'),
    )
    .join('\n');

/** A gateway: POST /gateway/session takes "the-key"; /tile answers while `active`. */
function gateway() {
  const state = { active: false };
  const service = fakeFetch(async (url, init) => {
    if (url.pathname === '/gateway/session') {
      if (init.method === 'POST') {
        const { access_key } = JSON.parse(String(init.body)) as { access_key: string };
        if (access_key !== 'the-key') return envelope(401, 'invalid_access_key', 'That access key is not right.');
        state.active = true;
        return json({ active: true, expires_in: 28800 });
      }
      if (init.method === 'DELETE') {
        state.active = false;
        return new Response(null, { status: 204 });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      return json({ active: state.active, access: 'access_key' });
    }
    return state.active
      ? json(emptyPage)
      : envelope(401, 'session_required', 'Sign in to the gateway with its access key.');
  });
  return { ...service, state };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  authStore.getState().signedOut();
  vi.unstubAllGlobals();
});

describe('gateway mode', () => {
  it(
    'exchanges the access key for a session; requests carry no credential of ' + 'their own, only same-origin cookies',
    async () => {
      const service = gateway();
      await expect(signInToGateway('wrong')).rejects.toMatchObject({ status: 401, code: 'invalid_access_key' });
      expect(authStore.getState().session).toBeNull();
      expect(await signInToGateway(' the-key ')).toBe(true);
      const session = authStore.getState().session!;
      expect(session).toEqual({ kind: 'gateway', serviceUrl: '', baseUrl: location.origin });
      expect(service.calls[1].init).toMatchObject({ method: 'POST', credentials: 'same-origin' });

      const connection = connectionFor(session);
      await fetchSurveyPage(connection, 1);
      const call = service.calls.at(-1)!;
      expect(call.url.href).toBe(`${location.origin}/tile/v2/surveys?page=1`);
      expect(call.init.credentials).toBe('same-origin');
      expect((call.init.headers as Record<string, string>).Authorization).toBeUndefined();
      expect(tileUrlTemplate(connection, 'S-1')).toBe(`${location.origin}/tile/v2/S-1/{z}/{x}/{y}`);
      expect(authorizeTileRequest(connection, `${location.origin}/tile/v2/S-1/16/1/2`)).toBeUndefined();
      expect(storedText()).not.toContain('the-key');
    },
  );

  it('is signed in at once when the gateway already admits the browser, and not otherwise', async () => {
    const service = gateway();
    expect(await signInToGateway()).toBe(false);
    expect(authStore.getState().session).toBeNull();
    service.state.active = true;
    expect(await signInToGateway()).toBe(true);
    expect(authStore.getState().session?.kind).toBe('gateway');
  });

  it('an expired session: many 401s make one check, then the prompt comes back with a notice', async () => {
    const service = gateway();
    await signInToGateway('the-key');
    const connection = connectionFor(authStore.getState().session!);
    service.state.active = false;
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => fetchSurveyPage(connection, 1)));
    expect(results.every((r) => r.status === 'rejected' && (r.reason as { status: number }).status === 401)).toBe(true);
    expect(service.calls.filter((c) => c.url.pathname === '/gateway/session' && c.init.method === 'GET')).toHaveLength(
      1,
    );
    expect(authStore.getState()).toMatchObject({ session: null, notice: GATEWAY_SESSION_ENDED });
    // Signing in again clears the notice.
    await signInToGateway('the-key');
    expect(authStore.getState().notice).toBeNull();
  });

  it("a 401 while the session holds is the upstream's own error: shown, and the session stays", async () => {
    fakeFetch((url) =>
      url.pathname === '/gateway/session'
        ? json({ active: true })
        : envelope(401, 'invalid_token', 'Wrong audience.', 'up-1'),
    );
    await signInToGateway();
    const connection = connectionFor(authStore.getState().session!);
    await expect(fetchSurveyPage(connection, 1)).rejects.toMatchObject({
      status: 401,
      message: 'Wrong audience.',
      correlationId: 'up-1',
    });
    expect(authStore.getState().session?.kind).toBe('gateway');
  });

  it('asks again at a later 401: a session that held once may have ended since', async () => {
    const service = gateway();
    await signInToGateway('the-key');
    const connection = connectionFor(authStore.getState().session!);
    // The gateway answers 401 for the upstream's own reasons while the session holds...
    service.state.active = true;
    const upstream401 = fakeFetch(async (url) =>
      url.pathname === '/gateway/session'
        ? json({ active: service.state.active })
        : envelope(401, 'invalid_token', 'x'),
    );
    await expect(fetchSurveyPage(connection, 1)).rejects.toMatchObject({ status: 401 });
    expect(authStore.getState().session?.kind).toBe('gateway');
    // ...then the session ends: the next 401 is checked again, and ends it here too.
    service.state.active = false;
    await expect(fetchSurveyPage(connection, 1)).rejects.toMatchObject({ status: 401 });
    expect(upstream401.calls.filter((c) => c.url.pathname === '/gateway/session')).toHaveLength(2);
    expect(authStore.getState()).toMatchObject({ session: null, notice: GATEWAY_SESSION_ENDED });
  });

  it('a check of an earlier session that answers late does not end the session signed in since', async () => {
    const service = gateway();
    await signInToGateway('the-key');
    const earlier = connectionFor(authStore.getState().session!);
    let answer: ((value: Response) => void) | null = null;
    fakeFetch((url, init) => {
      if (url.pathname === '/gateway/session' && init.method === 'GET')
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      if (url.pathname === '/gateway/session') return json({ active: true, expires_in: 28800 });
      return service.state.active ? json(emptyPage) : envelope(401, 'session_required', 'Sign in.');
    });
    service.state.active = false;
    const failed = fetchSurveyPage(earlier, 1).catch(() => undefined);
    await vi.waitFor(() => expect(answer).not.toBeNull());
    signOut();
    await signInToGateway('the-key');
    const now = authStore.getState().session;
    answer!(json({ active: false }));
    await failed;
    expect(authStore.getState().session).toBe(now);
    expect(authStore.getState().notice).toBeNull();
  });

  it('signing out asks the gateway to clear its HttpOnly cookie', async () => {
    const service = gateway();
    await signInToGateway('the-key');
    signOut();
    await vi.waitFor(() =>
      expect(service.calls.at(-1)!.init).toMatchObject({ method: 'DELETE', credentials: 'same-origin' }),
    );
    expect(service.state.active).toBe(false);
    expect(authStore.getState().session).toBeNull();
  });
});
