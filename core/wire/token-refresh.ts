/** A bearer token as a client holds it: in memory, with the time it was issued. */
export interface IssuedToken {
  value: string;
  /** ms since the epoch, taken when the token was requested (so network time counts against it). */
  issuedAt: number;
  /** Seconds of validity. */
  expiresIn: number;
}

/** The seed's rule: refresh 300 s before expiry. */
const REFRESH_BUFFER_SECONDS = 300;

/**
 * The buffer, shrunk to half the lifetime for tokens too short to hold 300 s (test deployments): a request queued
 * behind a browser's six connections to a host, or a gateway's burst, still goes out seconds before its token expires.
 */
function refreshBufferSeconds(expiresIn: number): number {
  return Math.min(REFRESH_BUFFER_SECONDS, expiresIn / 2);
}

/** When a refresh becomes due: issued + expires_in − buffer. */
export function refreshDueAt(token: IssuedToken): number {
  return token.issuedAt + (token.expiresIn - refreshBufferSeconds(token.expiresIn)) * 1000;
}

export function isRefreshDue(token: IssuedToken, now: number): boolean {
  return now > refreshDueAt(token);
}
