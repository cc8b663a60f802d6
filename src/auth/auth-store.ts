import { createStore, useStore } from 'zustand';
import type { IssuedToken } from '../../core/wire/token-refresh.ts';

/** Signed in with client id and secret: the secret stays here, in memory, to fetch new tokens. */
interface ClientSession {
  kind: 'client';
  serviceUrl: string;
  baseUrl: string;
  audience: string;
  clientId: string;
  clientSecret: string;
}

/** Signed in with a static API key. */
export interface ApiKeySession {
  kind: 'apiKey';
  serviceUrl: string;
  baseUrl: string;
  apiKey: string;
  /** Whether the key is also kept in this browser's storage. */
  remembered: boolean;
}

/**
 * Signed in through the gateway that serves the app: the gateway holds the upstream credentials,
 * and the browser holds only an HttpOnly session cookie that no script can read.
 */
export interface GatewaySession {
  kind: 'gateway';
  serviceUrl: '';
  /** The page's own origin. */
  baseUrl: string;
}

export type Session = ClientSession | ApiKeySession | GatewaySession;

export interface AuthState {
  session: Session | null;
  /** The current access token of a client session; memory only. */
  token: IssuedToken | null;
  /** Why the last session ended when the user did not end it (e.g. the gateway session expired). */
  notice: string | null;
  signedIn(session: Session, token?: IssuedToken): void;
  tokenRefreshed(token: IssuedToken): void;
  keyForgotten(): void;
  signedOut(): void;
  sessionEnded(notice: string): void;
}

/** The only holder of credentials in the app. Nothing here is persisted. */
export const authStore = createStore<AuthState>()((set) => ({
  session: null,
  token: null,
  notice: null,
  signedIn: (session, token) => set({ session, token: token ?? null, notice: null }),
  tokenRefreshed: (token) => set({ token }),
  keyForgotten: () =>
    set(({ session }) => (session?.kind === 'apiKey' ? { session: { ...session, remembered: false } } : {})),
  signedOut: () => set({ session: null, token: null, notice: null }),
  sessionEnded: (notice) => set({ session: null, token: null, notice }),
}));

export const useAuth = <T>(selector: (state: AuthState) => T): T => useStore(authStore, selector);
