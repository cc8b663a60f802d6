import type { Connection } from './connection.ts';
import { request, requestJson } from './http.ts';
import { ShapeError } from '../../core/wire/normalise.ts';

/**
 * The gateway's own session endpoints (gateway mode: the viewer is served by a gateway that holds
 * the upstream credentials). The session is an HttpOnly cookie: the app sends and receives it but
 * can never read it.
 */
export interface GatewaySessionStatus {
  active: boolean;
  /** Seconds left, for access-key sessions. */
  expiresIn: number | null;
}

function normaliseSessionStatus(raw: unknown): GatewaySessionStatus {
  if (typeof raw !== 'object' || raw === null || typeof (raw as { active?: unknown }).active !== 'boolean') {
    throw new ShapeError('the gateway session answer has no "active" flag');
  }
  const expiresIn = (raw as { expires_in?: unknown }).expires_in;
  return { active: (raw as { active: boolean }).active, expiresIn: typeof expiresIn === 'number' ? expiresIn : null };
}

const gatewayConnection = (baseUrl: string): Connection => ({ baseUrl, sameOriginCookies: true });

/**
 * POST /gateway/session: exchanges the team's access key for a session cookie. Throws ApiError (401 for a wrong key).
 */
export function openGatewaySession(baseUrl: string, accessKey: string): Promise<GatewaySessionStatus> {
  return requestJson(gatewayConnection(baseUrl), '/gateway/session', normaliseSessionStatus, {
    method: 'POST',
    authenticated: false,
    body: { access_key: accessKey },
  });
}

/** GET /gateway/session: whether this browser is admitted now (session cookie, SSO header, or an open gateway). */
export function gatewaySessionStatus(baseUrl: string): Promise<GatewaySessionStatus> {
  return requestJson(gatewayConnection(baseUrl), '/gateway/session', normaliseSessionStatus, { authenticated: false });
}

/** DELETE /gateway/session: ends the session (the gateway clears the cookie). */
export async function closeGatewaySession(baseUrl: string): Promise<void> {
  await request(gatewayConnection(baseUrl), '/gateway/session', { method: 'DELETE', authenticated: false });
}
