import type { Credential, CredentialSource } from '../api/connection.ts';
import type { AccessToken } from '../../core/wire/model.ts';
import { isRefreshDue, type IssuedToken } from '../../core/wire/token-refresh.ts';

export interface TokenKeeperOptions {
  read(): IssuedToken | null;
  write(token: IssuedToken): void;
  request(): Promise<AccessToken>;
  now?: () => number;
}

/**
 * Keeps a bearer token fresh: refreshes when the refresh rule says so, with one token request in
 * flight however many callers wait, and on demand after a 401.
 */
export function createTokenKeeper({ read, write, request, now = Date.now }: TokenKeeperOptions): CredentialSource {
  let inFlight: Promise<IssuedToken> | null = null;
  const bearer = (token: IssuedToken): Credential => ({ kind: 'bearer', token: token.value });

  function refresh(): Promise<IssuedToken> {
    inFlight ??= (async () => {
      const issuedAt = now();
      const answer = await request();
      const token = { value: answer.value, expiresIn: answer.expiresIn, issuedAt };
      write(token);
      return token;
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    async current() {
      const token = read();
      if (token && !isRefreshDue(token, now())) return bearer(token);
      return bearer(await refresh());
    },
    async renew(rejected) {
      const token = read();
      // Another caller already replaced the rejected token.
      if (token && rejected.kind === 'bearer' && token.value !== rejected.token) return bearer(token);
      return bearer(await refresh());
    },
    peek() {
      const token = read();
      return token ? bearer(token) : null;
    },
  };
}
