import { createStore, useStore } from 'zustand';
import type { IssuedToken } from './refresh-rule.ts';

/** Signed in with client id and secret: the secret stays here, in memory, to fetch new tokens. */
export interface ClientSession {
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

export type Session = ClientSession | ApiKeySession;

export interface AuthState {
  session: Session | null;
  /** The current access token of a client session; memory only. */
  token: IssuedToken | null;
  signedIn(session: Session, token?: IssuedToken): void;
  tokenRefreshed(token: IssuedToken): void;
  keyForgotten(): void;
  signedOut(): void;
}

/** The only holder of credentials in the app. Nothing here is persisted. */
export const authStore = createStore<AuthState>()((set) => ({
  session: null,
  token: null,
  signedIn: (session, token) => set({ session, token: token ?? null }),
  tokenRefreshed: (token) => set({ token }),
  keyForgotten: () => set(({ session }) => (session?.kind === 'apiKey' ? { session: { ...session, remembered: false } } : {})),
  signedOut: () => set({ session: null, token: null }),
}));

export const useAuth = <T>(selector: (state: AuthState) => T): T => useStore(authStore, selector);
