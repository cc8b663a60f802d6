import type { Connection, CredentialSource } from '../api/connection.ts';
import { requestAccessToken } from '../api/credentials.ts';
import { authStore, useAuth, type Session } from './auth-store.ts';
import { createTokenKeeper } from './token-keeper.ts';

const connections = new WeakMap<Session, Connection>();

function credentialsFor(session: Session): CredentialSource {
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
    request: () => requestAccessToken(session.baseUrl, session),
  });
}

/** The connection of a session; one per session, so its token keeper (and single flight) is shared. */
export function connectionFor(session: Session): Connection {
  let connection = connections.get(session);
  if (!connection) {
    connection = { baseUrl: session.baseUrl, credentials: credentialsFor(session) };
    connections.set(session, connection);
  }
  return connection;
}

export function useConnection(): Connection | null {
  const session = useAuth((state) => state.session);
  return session ? connectionFor(session) : null;
}
