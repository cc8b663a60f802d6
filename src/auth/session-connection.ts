import { ApiError } from '../api/api-error.ts';
import type { Connection, Credential, CredentialSource } from '../api/connection.ts';
import { requestAccessToken } from '../api/credentials.ts';
import { gatewaySessionStatus } from '../api/gateway.ts';
import { authStore, useAuth, type GatewaySession, type Session } from './auth-store.ts';
import { createTokenKeeper } from './token-keeper.ts';

const connections = new WeakMap<Session, Connection>();

export const GATEWAY_SESSION_ENDED = 'Your gateway session has ended. Enter the access key again to continue.';

/**
 * Behind the gateway the credential is the browser's session cookie, sent with every same-origin
 * request. After a 401 there is nothing to renew: the gateway is asked whether the session still
 * holds (one check however many requests failed together). If not, the session ends and the app
 * goes back to the sign-in prompt with a notice; if it does, the 401 was the upstream's own and is
 * shown as an error.
 */
function gatewayCredentials(session: GatewaySession): CredentialSource {
  const credential: Credential = { kind: 'gatewaySession' };
  let checking: Promise<void> | null = null;
  const check = () => {
    checking ??= gatewaySessionStatus(session.baseUrl)
      .then(({ active }) => {
        if (!active && authStore.getState().session === session)
          authStore.getState().sessionEnded(GATEWAY_SESSION_ENDED);
      })
      .catch(() => undefined)
      .finally(() => {
        checking = null;
      });
    return checking;
  };
  return {
    current: async () => credential,
    renew: async () => {
      await check();
      return null;
    },
    peek: () => credential,
  };
}

function credentialsFor(session: Session): CredentialSource {
  if (session.kind === 'gateway') return gatewayCredentials(session);
  if (session.kind === 'apiKey') {
    const key = { kind: 'apiKey', key: session.apiKey } as const;
    return { current: async () => key, renew: async () => null, peek: () => key };
  }
  const stillSignedIn = () => authStore.getState().session === session;
  return createTokenKeeper({
    read: () => (stillSignedIn() ? authStore.getState().token : null),
    write: (token) => {
      if (stillSignedIn()) authStore.getState().tokenRefreshed(token);
    },
    // A request still running for a session that has ended (an export, a page of results) gets no new token.
    request: () =>
      stillSignedIn()
        ? requestAccessToken(session.baseUrl, session)
        : Promise.reject(new ApiError(401, 'signed_out', 'Signed out: sign in again to go on.')),
  });
}

/** The connection of a session; one per session, so its token keeper (and single flight) is shared. */
export function connectionFor(session: Session): Connection {
  let connection = connections.get(session);
  if (!connection) {
    connection = {
      baseUrl: session.baseUrl,
      credentials: credentialsFor(session),
      ...(session.kind === 'gateway' && { sameOriginCookies: true }),
    };
    connections.set(session, connection);
  }
  return connection;
}

export function useConnection(): Connection | null {
  const session = useAuth((state) => state.session);
  return session ? connectionFor(session) : null;
}
