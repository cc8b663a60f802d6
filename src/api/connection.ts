/**
 * How a request proves who it is: a bearer token in a header, a static API key in the query, or
 * (behind the gateway) the browser's own HttpOnly session cookie, which the app never sees.
 */
export type Credential =
  | { kind: 'bearer'; token: string }
  | { kind: 'apiKey'; key: string }
  | { kind: 'gatewaySession' };

/** Where the fetch wrapper gets credentials; implemented by the auth store, which alone holds them. */
export interface CredentialSource {
  /** A credential valid now, refreshed first when due. */
  current(): Promise<Credential>;
  /** After `rejected` got a 401: a fresh credential, or null when none can be had. */
  renew(rejected: Credential): Promise<Credential | null>;
  /** The credential as it stands, without waiting (tile requests are built synchronously). */
  peek(): Credential | null;
}

/** One service deployment, as the app talks to it. */
export interface Connection {
  /** Absolute base URL without a trailing slash, e.g. "https://api.example" or the page's origin. */
  baseUrl: string;
  credentials?: CredentialSource;
  /** Send and accept cookies: only for the gateway, which is the page's own origin. */
  sameOriginCookies?: boolean;
}

/** "" means the app's own origin; anything else is an absolute base URL of a deployment. */
export function resolveBaseUrl(
  serviceUrl: string,
  origin: string = globalThis.location?.origin ?? 'http://localhost',
): string {
  const trimmed = serviceUrl.trim();
  if (trimmed === '') return origin;
  return new URL(trimmed, origin).href.replace(/\/+$/, '');
}
