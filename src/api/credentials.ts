import { requestJson } from './http.ts';
import type { AccessToken, StaticKey } from '../../core/wire/model.ts';
import { normaliseAccessToken, normaliseStaticKey } from '../../core/wire/normalise.ts';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  audience: string;
}

/** POST /oauth/token (client credentials grant). */
export function requestAccessToken(
  baseUrl: string,
  { clientId, clientSecret, audience }: ClientCredentials,
): Promise<AccessToken> {
  return requestJson({ baseUrl }, '/oauth/token', normaliseAccessToken, {
    method: 'POST',
    authenticated: false,
    body: { client_id: clientId, client_secret: clientSecret, audience, grant_type: 'client_credentials' },
  });
}

/** POST /oauth/static_key. */
export function requestStaticKey(
  baseUrl: string,
  { clientId, clientSecret }: Omit<ClientCredentials, 'audience'>,
): Promise<StaticKey> {
  return requestJson({ baseUrl }, '/oauth/static_key', normaliseStaticKey, {
    method: 'POST',
    authenticated: false,
    body: { client_id: clientId, client_secret: clientSecret },
  });
}
