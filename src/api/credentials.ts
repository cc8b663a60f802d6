import { requestJson } from './http.ts';
import type { AccessToken } from '../../core/wire/model.ts';
import { normaliseAccessToken } from '../../core/wire/normalise.ts';

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
