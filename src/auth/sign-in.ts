import { resolveBaseUrl } from '../api/connection.ts';
import { requestAccessToken } from '../api/credentials.ts';
import { closeGatewaySession, gatewaySessionStatus, openGatewaySession } from '../api/gateway.ts';
import { fetchSurveyPage } from '../api/surveys.ts';
import { authStore, type ApiKeySession } from './auth-store.ts';
import { forgetRememberedKey, readRememberedKey, rememberKey } from './remembered-key.ts';

export interface ClientSignIn {
  serviceUrl: string;
  audience: string;
  clientId: string;
  clientSecret: string;
}

export interface ApiKeySignIn {
  serviceUrl: string;
  apiKey: string;
  remember: boolean;
}

/** Exchanges client credentials for a first token; throws ApiError on failure. */
export async function signInWithClient(form: ClientSignIn): Promise<void> {
  const baseUrl = resolveBaseUrl(form.serviceUrl);
  const issuedAt = Date.now();
  const token = await requestAccessToken(baseUrl, form);
  authStore.getState().signedIn(
    {
      kind: 'client',
      serviceUrl: form.serviceUrl,
      baseUrl,
      audience: form.audience,
      clientId: form.clientId,
      clientSecret: form.clientSecret,
    },
    { value: token.value, expiresIn: token.expiresIn, issuedAt },
  );
}

/** Checks the key with one small list request before accepting it; throws ApiError on failure. */
export async function signInWithApiKey(form: ApiKeySignIn): Promise<void> {
  const session: ApiKeySession = {
    kind: 'apiKey',
    serviceUrl: form.serviceUrl,
    baseUrl: resolveBaseUrl(form.serviceUrl),
    apiKey: form.apiKey.trim(),
    remembered: form.remember,
  };
  const probe = { kind: 'apiKey', key: session.apiKey } as const;
  await fetchSurveyPage(
    {
      baseUrl: session.baseUrl,
      credentials: { current: async () => probe, renew: async () => null, peek: () => probe },
    },
    1,
    undefined,
    1,
  );
  if (form.remember) rememberKey({ serviceUrl: form.serviceUrl, apiKey: session.apiKey });
  else forgetRememberedKey();
  authStore.getState().signedIn(session);
}

/** Signs in again with a key remembered on this device, without a round trip. */
export function restoreRememberedSession(): boolean {
  const remembered = readRememberedKey();
  if (!remembered) return false;
  authStore.getState().signedIn({
    kind: 'apiKey',
    serviceUrl: remembered.serviceUrl,
    baseUrl: resolveBaseUrl(remembered.serviceUrl),
    apiKey: remembered.apiKey,
    remembered: true,
  });
  return true;
}

export function forgetKey(): void {
  forgetRememberedKey();
  authStore.getState().keyForgotten();
}

/**
 * Gateway mode: exchanges the access key for the gateway's session cookie, or (without a key)
 * checks that the gateway already admits this browser (a session from earlier, an SSO header, an
 * open gateway). Resolves to whether the app is now signed in; throws ApiError on failure.
 */
export async function signInToGateway(accessKey?: string): Promise<boolean> {
  const baseUrl = location.origin;
  const status =
    accessKey === undefined ? await gatewaySessionStatus(baseUrl) : await openGatewaySession(baseUrl, accessKey.trim());
  if (status.active) authStore.getState().signedIn({ kind: 'gateway', serviceUrl: '', baseUrl });
  return status.active;
}

export function signOut(): void {
  const { session } = authStore.getState();
  // The gateway's cookie is HttpOnly: only the gateway can clear it.
  if (session?.kind === 'gateway') closeGatewaySession(session.baseUrl).catch(() => undefined);
  authStore.getState().signedOut();
}
